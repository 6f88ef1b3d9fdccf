import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from './errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import type { AppEnv } from './types.ts';
import { clientOf, cookieName } from './client.ts';

/**
 * CSRF protection for every state-changing call (REST and GraphQL):
 * - double-submit token: a random `csrf` cookie (readable by our own scripts, SameSite=Strict)
 *   must be echoed in the `X-CSRF-Token` header; another origin can neither read the cookie nor set the header;
 * - and, when the browser sends Origin, it must be this server's origin.
 * The session cookie is also SameSite=Lax. Under https both cookies are Secure and named with the `__Host-` prefix
 * (`__Host-csrf`, `__Host-sid`); the client reads either name (src/services/cookies.ts).
 */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const csrfMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const client = clientOf(c);
  const name = cookieName(c, CSRF_COOKIE);
  let token = getCookie(c, name);
  if (!token || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) {
    token = undefined;
  }
  if (!SAFE.has(c.req.method)) {
    const header = Buffer.from(c.req.header(CSRF_HEADER) ?? '');
    const ok = !!token && header.length === Buffer.byteLength(token) && timingSafeEqual(header, Buffer.from(token));
    const origin = c.req.header('origin');
    // the origin the browser used (X-Forwarded-Proto counts only from a TRUST_PROXY proxy)
    const sameOrigin = !origin || origin === client.origin;
    if (!ok || !sameOrigin) throw new ApiError(403, GenericCodes.csrf, 'Your session expired. Refresh the page and try again.');
  }
  if (!token) {
    token = randomBytes(24).toString('base64url');
    setCookie(c, name, token, { path: '/', sameSite: 'Strict', httpOnly: false, secure: client.secure });
  }
  c.set('csrfToken', token);
  await next();
};
