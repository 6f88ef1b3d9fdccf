import { SIGNIN_MAX_FAILURES_PER_IP, SIGNIN_MAX_FAILURES_PER_USERNAME, SIGNIN_WINDOW_MS } from '../../contracts/account.ts';
import type { Queryable } from '../db/db.ts';
import { defaultLogN, dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { bucketKey, clear, hit, release } from './rate-limit.ts';
import { findUserByEmail, normalizeEmail, type UserRow } from './users.ts';

/**
 * Password sign-in without account enumeration:
 * - an unknown email costs the same scrypt work as a wrong password (verified against dummyHash()) and gets the
 *   same answer;
 * - the lockout counts attempts per normalised username whether or not an account exists (5 per 15 minutes),
 *   and per IP (50 per 15 minutes); a success gives the attempt back;
 * - the counters are bumped before the check, so parallel guesses cannot exceed the limit.
 */
export type SignInOutcome =
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'invalid' }
  | { kind: 'ok'; user: UserRow };

export const signinUserBucket = (username: string) => bucketKey('signin:user', normalizeEmail(username));
export const signinIpBucket = (ip: string) => `signin:ip:${ip}`;

export async function checkCredentials(db: Queryable, username: string, password: string, ip: string): Promise<SignInOutcome> {
  const userBucket = signinUserBucket(username);
  const ipBucket = signinIpBucket(ip);
  const byUser = await hit(db, userBucket, SIGNIN_WINDOW_MS);
  const byIp = await hit(db, ipBucket, SIGNIN_WINDOW_MS);
  if (byUser.count > SIGNIN_MAX_FAILURES_PER_USERNAME || byIp.count > SIGNIN_MAX_FAILURES_PER_IP) {
    const over = [byUser.count > SIGNIN_MAX_FAILURES_PER_USERNAME ? byUser.retryAfterSeconds : 0, byIp.count > SIGNIN_MAX_FAILURES_PER_IP ? byIp.retryAfterSeconds : 0];
    return { kind: 'rate-limited', retryAfterSeconds: Math.max(...over) };
  }
  const user = await findUserByEmail(db, username);
  const ok = await verifyPassword(password, user ? user.password_hash : await dummyHash());
  if (!user || !ok) return { kind: 'invalid' };
  await clear(db, userBucket);
  await release(db, ipBucket);
  await upgradeHash(db, user, password);
  return { kind: 'ok', user };
}

/** Re-hashes a password stored with a lower scrypt cost than today's default (after a successful check). */
async function upgradeHash(db: Queryable, user: UserRow, password: string) {
  const n = Number(user.password_hash.split('$')[1]);
  if (Number.isFinite(n) && n < 2 ** defaultLogN()) {
    await db.query('update users set password_hash = $2 where id = $1 and password_hash = $3', [user.id, await hashPassword(password), user.password_hash]);
  }
}

/** Verifies the signed-in user's current password for a settings change (5 wrong ones per 15 minutes). */
export async function checkCurrentPassword(db: Queryable, userId: string, passwordHash: string, password: string): Promise<'ok' | 'invalid' | { retryAfterSeconds: number }> {
  const bucket = `reauth:user:${userId}`;
  const h = await hit(db, bucket, SIGNIN_WINDOW_MS);
  if (h.count > SIGNIN_MAX_FAILURES_PER_USERNAME) return { retryAfterSeconds: h.retryAfterSeconds };
  if (!(await verifyPassword(password, passwordHash))) return 'invalid';
  await clear(db, bucket);
  return 'ok';
}
