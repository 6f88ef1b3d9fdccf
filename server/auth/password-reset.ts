import { RESET_TOKEN_TTL_MS } from '../../contracts/account.ts';
import type { Queryable } from '../db/db.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * Reset links: /account/reset-password/<token>, a 256-bit random token stored as its SHA-256,
 * valid for RESET_TOKEN_TTL_MS (1 hour), single use; asking again invalidates the earlier links.
 */
export const RESET_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new link for the user (earlier ones stop working). With userId null (an address without an account) the same
 * statements store a decoy row that never works, so both cases do the same database work.
 */
export async function createResetToken(db: Queryable, userId: string | null): Promise<string> {
  await db.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [userId ?? '']);
  const token = randomToken();
  await db.query(`insert into password_reset_tokens (token_hash, user_id, expires_at) values ($1, $2, now() + ($3 || ' milliseconds')::interval)`, [
    sha256Hex(token),
    userId,
    String(RESET_TOKEN_TTL_MS),
  ]);
  return token;
}

/** The user id of a usable token, or null. */
export async function resetTokenUser(db: Queryable, token: string): Promise<string | null> {
  if (!RESET_TOKEN_FORMAT.test(token)) return null;
  const r = await db.query<{ user_id: string }>('select user_id from password_reset_tokens where token_hash = $1 and user_id is not null and used_at is null and expires_at > now()', [sha256Hex(token)]);
  return r.rows[0]?.user_id ?? null;
}

/** Uses the token up (call in the transaction that changes the password); false when it was used meanwhile. */
export async function consumeResetToken(tx: Queryable, token: string, userId: string): Promise<boolean> {
  const r = await tx.query('update password_reset_tokens set used_at = now() where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now()', [sha256Hex(token), userId]);
  return r.rowCount === 1;
}
