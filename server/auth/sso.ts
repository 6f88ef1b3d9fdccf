import { SSO_TOKEN_TTL_MS } from '../../contracts/account.ts';
import type { Queryable } from '../db/db.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * Single-sign-on tokens for /account/signin/sso/:token: 256-bit random, stored as SHA-256, single use,
 * valid SSO_TOKEN_TTL_MS (5 minutes). Issued by a trusted service (in development: POST /apiproxy/v1/dev/sso-token).
 */
export const SSO_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export async function createSsoToken(db: Queryable, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const r = await db.query<{ expires_at: Date }>(
    `insert into sso_tokens (token_hash, user_id, expires_at) values ($1, $2, now() + ($3 || ' milliseconds')::interval) returning expires_at`,
    [sha256Hex(token), userId, String(SSO_TOKEN_TTL_MS)],
  );
  return { token, expiresAt: new Date(r.rows[0]!.expires_at) };
}

/** Uses the token up and returns its user, or null (unknown, used or expired). */
export async function consumeSsoToken(db: Queryable, token: string): Promise<string | null> {
  if (!SSO_TOKEN_FORMAT.test(token)) return null;
  const r = await db.query<{ user_id: string }>(
    'update sso_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id',
    [sha256Hex(token)],
  );
  return r.rows[0]?.user_id ?? null;
}
