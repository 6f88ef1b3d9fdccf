import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from './errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import type { AppEnv } from './types.ts';

/**
 * CSRF protection for every state-changing call (REST and GraphQL):
 * - double-submit token: a random `csrf` cookie (readable by our own scripts, SameSite=Strict)
 *   must be echoed in the `X-CSRF-Token` header; another origin can neither read the cookie nor set the header;
 * - and, when the browser sends Origin, it must be this server's origin.
 * The session cookie is also SameSite=Lax.
 */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const csrfMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  let token = getCookie(c, CSRF_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) {
    token = undefined;
  }
  if (!SAFE.has(c.req.method)) {
    const header = c.req.header(CSRF_HEADER) ?? '';
    const ok = !!token && header.length === token.length && timingSafeEqual(Buffer.from(header), Buffer.from(token));
    const origin = c.req.header('origin');
    const sameOrigin = !origin || origin === new URL(c.req.url).origin || origin === forwardedOrigin(c.req.header('host'), c.req.header('x-forwarded-proto'));
    if (!ok || !sameOrigin) throw new ApiError(403, GenericCodes.csrf, 'Your session expired. Refresh the page and try again.');
  }
  if (!token) {
    token = randomBytes(24).toString('base64url');
    setCookie(c, CSRF_COOKIE, token, { path: '/', sameSite: 'Strict', httpOnly: false, secure: new URL(c.req.url).protocol === 'https:' });
  }
  c.set('csrfToken', token);
  await next();
};

function forwardedOrigin(host: string | undefined, proto: string | undefined) {
  return host ? `${proto ?? 'http'}://${host}` : undefined;
}
