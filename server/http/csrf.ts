import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from './errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import type { AppEnv } from './types.ts';
import { clientOf, cookieName } from './client.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * CSRF protection for every state-changing call (REST and GraphQL):
 * - double-submit token: a `csrf` cookie (readable by our own scripts, SameSite=Strict) must be echoed in the
 *   `X-CSRF-Token` header; another origin can neither read the cookie nor set the header;
 * - the token is bound to the session (issue 25): `<nonce>.<HMAC-SHA256 keyed with the session cookie's secret over
 *   the nonce>`, so a token made for another session (one an attacker holds, or planted as a cookie) is refused.
 *   Whenever a response sets or deletes the session cookie (sign-in, sign-out, an expired session), it also carries
 *   a new token bound to the new state; a guest's token is bound to "no session";
 * - and, when the browser sends Origin, it must be this server's origin.
 * The session cookie is also SameSite=Lax. Under https both cookies are Secure and named with the `__Host-` prefix
 * (`__Host-csrf`, `__Host-sid`); the client reads either name on every request (src/services/cookies.ts).
 */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const mac = (session: string, nonce: string) => createHmac('sha256', `harbor-csrf:${session}`).update(nonce).digest('base64url');

/** A new token bound to the session cookie's value ('' for no session). */
export function csrfTokenFor(session: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(session, nonce)}`;
}

/** Whether a token was made for this session cookie's value ('' for no session). */
export function csrfTokenBound(token: string | undefined, session: string): boolean {
  const m = token ? TOKEN.exec(token) : null;
  if (!m) return false;
  const expected = Buffer.from(mac(session, m[1]!));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The session cookie this response leaves the browser with: its new value, '' when deleted, undefined when untouched. */
function sessionCookieSet(c: Context<AppEnv>, name: string): string | undefined {
  let out: string | undefined;
  for (const line of c.res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    out = !value || /;\s*max-age=0\b/i.test(line) || /;\s*expires=thu, 01 jan 1970/i.test(line) ? '' : value;
  }
  return out;
}

export const csrfMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const client = clientOf(c);
  const name = cookieName(c, CSRF_COOKIE);
  const sessionName = cookieName(c, SESSION_COOKIE);
  const session = getCookie(c, sessionName) ?? '';
  let token = getCookie(c, name);
  if (!SAFE.has(c.req.method)) {
    const header = Buffer.from(c.req.header(CSRF_HEADER) ?? '');
    const echoed = !!token && header.length === Buffer.byteLength(token) && timingSafeEqual(header, Buffer.from(token));
    const origin = c.req.header('origin');
    // the origin the browser used (X-Forwarded-Proto counts only from a TRUST_PROXY proxy)
    const sameOrigin = !origin || origin === client.origin;
    if (!echoed || !csrfTokenBound(token, session) || !sameOrigin) throw new ApiError(403, GenericCodes.csrf, 'Your session expired. Refresh the page and try again.');
  }
  const issue = (bound: string) => {
    const fresh = csrfTokenFor(bound);
    setCookie(c, name, fresh, { path: '/', sameSite: 'Strict', httpOnly: false, secure: client.secure });
    return fresh;
  };
  if (!csrfTokenBound(token, session)) token = issue(session);
  c.set('csrfToken', token!);
  await next();
  // the session changed in this response (sign-in, sign-out, an expired session): a token for the new one
  const after = sessionCookieSet(c, sessionName);
  if (after !== undefined && after !== session) issue(after);
};
