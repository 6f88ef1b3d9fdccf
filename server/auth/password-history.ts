import { PASSWORD_HISTORY } from '../../contracts/account.ts';
import type { Queryable } from '../db/db.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Password history: users.password_hash is the current one; password_history keeps the previous ones
 * (PASSWORD_HISTORY - 1 of them). A new password may equal none of these.
 */
export async function reusesRecentPassword(db: Queryable, userId: string, password: string): Promise<boolean> {
  const r = await db.query<{ password_hash: string }>(
    `(select password_hash, now() as at from users where id = $1)
     union all
     (select password_hash, created_at as at from password_history where user_id = $1 order by created_at desc, id desc limit $2)`,
    [userId, PASSWORD_HISTORY - 1],
  );
  // one at a time: each scrypt check takes 128 MiB at the default cost
  for (const row of r.rows) if (await verifyPassword(password, row.password_hash)) return true;
  return false;
}

/**
 * Replaces the user's password (call inside a transaction): the old hash goes to the history, history
 * beyond the limit is dropped, every outstanding reset link stops working, and so does every OAuth access token
 * and unused authorization code of the member (ASVS 4.0 7.4.3 / 5.0 7.4.3: a password change, or a reset, ends
 * what the old credential opened; the grants stay, so an app the member connected asks again and gets a new code
 * at once).
 */
export async function setPassword(tx: Queryable, userId: string, newHash: string) {
  await tx.query('insert into password_history (user_id, password_hash) select id, password_hash from users where id = $1', [userId]);
  await tx.query('update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1', [userId, newHash]);
  await tx.query(
    `delete from password_history where user_id = $1 and id not in
       (select id from password_history where user_id = $1 order by created_at desc, id desc limit $2)`,
    [userId, PASSWORD_HISTORY - 1],
  );
  await tx.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [userId]);
  await tx.query('update oauth_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  await tx.query('update oauth_codes set used_at = now() where user_id = $1 and used_at is null', [userId]);
}
