import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SSO_TOKEN_TTL_MS } from '../../contracts/account.ts';
import type { Queryable } from '../db/db.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * Single-sign-on tokens for /account/signin/sso/:token: 256-bit random, stored as SHA-256, single use,
 * valid SSO_TOKEN_TTL_MS (5 minutes). Issued by a trusted service (in development and tests:
 * POST /apiproxy/v1/dev/sso-token).
 *
 * Login CSRF (docs/security-accounts.md): a token is bound to the browser that asked for it. Asking sets (or
 * reuses) an HttpOnly nonce cookie; the token row keeps the nonce's SHA-256; redeeming needs the same cookie.
 * So a link minted by an attacker for the attacker's own account cannot sign a victim's browser into it.
 */
export const SSO_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
export const SSO_NONCE_COOKIE = 'hc_sso_nonce';

function secure(c: Context): boolean {
  if (process.env.COOKIE_SECURE === 'true') return true;
  if (process.env.COOKIE_SECURE === 'false') return false;
  return new URL(c.req.url).protocol === 'https:';
}

const readNonce = (c: Context): string | null => {
  const n = getCookie(c, SSO_NONCE_COOKIE);
  return n && SSO_TOKEN_FORMAT.test(n) ? n : null;
};

/** The nonce of the browser asking for a link: reuses its cookie or sets a new one (lives as long as a token). */
export function ssoBrowserNonce(c: Context): string {
  const nonce = readNonce(c) ?? randomToken();
  setCookie(c, SSO_NONCE_COOKIE, nonce, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c), maxAge: Math.ceil(SSO_TOKEN_TTL_MS / 1000) });
  return nonce;
}

export async function createSsoToken(db: Queryable, userId: string, browserNonce: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const r = await db.query<{ expires_at: Date }>(
    `insert into sso_tokens (token_hash, user_id, expires_at, browser_nonce_hash) values ($1, $2, now() + ($3 || ' milliseconds')::interval, $4) returning expires_at`,
    [sha256Hex(token), userId, String(SSO_TOKEN_TTL_MS), sha256Hex(browserNonce)],
  );
  return { token, expiresAt: new Date(r.rows[0]!.expires_at) };
}

/** Uses the token up and returns its user, or null (unknown, used, expired, or another browser's link). */
export async function consumeSsoToken(c: Context, db: Queryable, token: string): Promise<string | null> {
  const nonce = readNonce(c);
  if (!SSO_TOKEN_FORMAT.test(token) || !nonce) return null;
  const r = await db.query<{ user_id: string }>(
    `update sso_tokens set used_at = now()
      where token_hash = $1 and used_at is null and expires_at > now() and browser_nonce_hash = $2 returning user_id`,
    [sha256Hex(token), sha256Hex(nonce)],
  );
  return r.rows[0]?.user_id ?? null;
}
