import { SIGNIN_MAX_FAILURES_PER_IP, SIGNIN_MAX_FAILURES_PER_USERNAME, SIGNIN_WINDOW_MS } from '../../contracts/account.ts';
import type { Db, Queryable } from '../db/db.ts';
import { deviceBucketId, isKnownDevice } from './devices.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { bucketKey, clear, hit } from './rate-limit.ts';
import { attempt, giveBack, reset, type ThrottlePolicy } from './throttle.ts';
import { findUserByEmail, normalizeEmail, type UserRow } from './users.ts';

/**
 * Password sign-in without account enumeration and without a lockout an attacker can aim at a member:
 * - an unknown email costs the same hashing work as a wrong password (verified against dummyHash()) and gets the
 *   same answer;
 * - throttling with growing delays (throttle.ts), never a hard lock: per IP (50 free attempts), and per normalised
 *   username (5 free attempts, existing account or not) unless the browser is a known device of that member
 *   (devices.ts), which has a throttle of its own instead: someone else's failures never stop the member's
 *   correct password from a device they signed in on before;
 * - attempts are counted before the check, so parallel guesses cannot exceed the limit; a success gives it back;
 * - a correct password stored as scrypt (or with weaker argon2 parameters) is rehashed as argon2id.
 */
export type SignInOutcome =
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'invalid' }
  | { kind: 'ok'; user: UserRow };

const SECOND = 1000;
/** per username (and per known device): 5 free, then 1 min, 2, 4, 8, at most 15 min between attempts */
export const USERNAME_THROTTLE: ThrottlePolicy = { free: SIGNIN_MAX_FAILURES_PER_USERNAME, baseDelayMs: 60 * SECOND, maxDelayMs: SIGNIN_WINDOW_MS, windowMs: SIGNIN_WINDOW_MS };
export const DEVICE_THROTTLE: ThrottlePolicy = USERNAME_THROTTLE;
/** per IP (shared addresses: offices, mobile carriers): 50 free, then 1 s, 2 s, 4 s ... at most 15 min */
export const IP_THROTTLE: ThrottlePolicy = { free: SIGNIN_MAX_FAILURES_PER_IP, baseDelayMs: SECOND, maxDelayMs: SIGNIN_WINDOW_MS, windowMs: SIGNIN_WINDOW_MS };

export const signinUserBucket = (username: string) => bucketKey('signin:user', normalizeEmail(username));
export const signinIpBucket = (ip: string) => `signin:ip:${ip}`;
export const signinDeviceBucket = (token: string) => `signin:device:${deviceBucketId(token).slice(0, 32)}`;

export async function checkCredentials(db: Db, username: string, password: string, ip: string, device: string | null = null): Promise<SignInOutcome> {
  const ipBucket = signinIpBucket(ip);
  const byIp = await attempt(db, ipBucket, IP_THROTTLE);
  if (!byIp.ok) return { kind: 'rate-limited', retryAfterSeconds: byIp.retryAfterSeconds };
  const user = await findUserByEmail(db, username);
  const known = user !== null && (await isKnownDevice(db, device, user.id));
  const bucket = known ? signinDeviceBucket(device!) : signinUserBucket(username);
  const byName = await attempt(db, bucket, known ? DEVICE_THROTTLE : USERNAME_THROTTLE);
  if (!byName.ok) return { kind: 'rate-limited', retryAfterSeconds: byName.retryAfterSeconds };
  const ok = await verifyPassword(password, user ? user.password_hash : await dummyHash());
  if (!user || !ok) return { kind: 'invalid' };
  // a known device's success does not clear the username's throttle: an attacker's failures keep counting there
  await reset(db, bucket);
  await giveBack(db, ipBucket, IP_THROTTLE);
  await upgradeHash(db, user, password);
  return { kind: 'ok', user };
}

/** Clears a username's throttle (after a password reset by the owner of the mailbox). */
export async function clearUsernameThrottle(db: Queryable, username: string) {
  await reset(db, signinUserBucket(username));
}

/** Re-hashes a password stored as scrypt or with weaker argon2 parameters (after a successful check). */
export async function upgradeHash(db: Queryable, user: Pick<UserRow, 'id' | 'password_hash'>, password: string) {
  if (needsRehash(user.password_hash)) {
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
