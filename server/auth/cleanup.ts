import type { Queryable } from '../db/db.ts';
import { purgeExpiredPayCodes } from '../cards/pay-codes.ts';
import { purgeOldIdempotencyAnswers } from '../cards/idempotency.ts';

/**
 * Deletes dead authentication rows: rate-limit windows, one-time codes, reset and SSO tokens, card pay codes older
 * than a day (every window and lifetime is at most an hour); and idempotency answers older than 24 hours. Called now and then from sign-in (`maybePurge`), so no
 * scheduler is needed; safe to run from several nodes at once.
 */
export async function purgeExpiredAuthData(db: Queryable) {
  await db.query(`delete from rate_limits where window_start < now() - interval '1 day'`);
  await db.query(`delete from one_time_codes where expires_at < now() - interval '1 day'`);
  await db.query(`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
  await db.query(`delete from sso_tokens where expires_at < now() - interval '1 day'`);
  await db.query(`delete from auth_throttle where last_attempt_at < now() - interval '1 day'`);
  // card pay codes (5 minutes, single use; issue 25)
  await purgeExpiredPayCodes(db);
  // stored answers of idempotent money calls: 24 hours (docs/cards.md)
  await purgeOldIdempotencyAnswers(db);
}

export async function maybePurge(db: Queryable, probability = 0.01) {
  if (Math.random() < probability) await purgeExpiredAuthData(db);
}
