import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Queryable } from '../db/db.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * Known devices (docs/security-accounts.md, ASVS 6.3.1): a successful sign-in leaves an HttpOnly device cookie,
 * a 256-bit random token that the database keeps only as SHA-256, bound to the member (known_devices). The token
 * cannot be guessed or forged (it is checked against the database, like a session token), and one browser can be
 * known for several members. While a username is throttled by someone else's failures, the member's correct
 * password from a known device still gets through (that device has a throttle of its own).
 */
export const DEVICE_COOKIE = 'hc_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 86400;
const FORMAT = /^[A-Za-z0-9_-]{43}$/;

function secure(c: Context): boolean {
  if (process.env.COOKIE_SECURE === 'true') return true;
  if (process.env.COOKIE_SECURE === 'false') return false;
  return new URL(c.req.url).protocol === 'https:';
}

/** The device token this browser sent, when well-formed. */
export function deviceToken(c: Context): string | null {
  const t = getCookie(c, DEVICE_COOKIE);
  return t && FORMAT.test(t) ? t : null;
}

export const deviceBucketId = (token: string) => sha256Hex(token);

export async function isKnownDevice(db: Queryable, token: string | null, userId: string): Promise<boolean> {
  if (!token) return false;
  const r = await db.query('select 1 from known_devices where token_hash = $1 and user_id = $2', [sha256Hex(token), userId]);
  return r.rows.length > 0;
}

/** After a successful sign-in (password, MFA, SSO, new account): this browser is known for the member. */
export async function rememberDevice(c: Context, db: Queryable, userId: string) {
  const token = deviceToken(c) ?? randomToken();
  await db.query(
    `insert into known_devices (token_hash, user_id) values ($1, $2)
     on conflict (token_hash, user_id) do update set last_used_at = now()`,
    [sha256Hex(token), userId],
  );
  setCookie(c, DEVICE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c), maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
