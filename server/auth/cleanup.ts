import type { Queryable } from '../db/db.ts';
import { purgeExpiredPayCodes } from '../cards/pay-codes.ts';
import { purgeOldIdempotencyAnswers } from '../cards/idempotency.ts';
import { STORE_EVENTS_KEEP_DAYS } from '../../contracts/order-status.ts';

/**
 * Deletes dead authentication rows: rate-limit windows, one-time codes, reset and SSO tokens, card pay codes older
 * than a day (every window and lifetime is at most an hour); idempotency answers older than 24 hours; store events
 * older than STORE_EVENTS_KEEP_DAYS. Called now and then from sign-in (`maybePurge`), so no
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
  // the store event log (issue 29): a tracker or console further behind than this reloads its snapshot anyway
  // (docs/order-status.md 0, 3.1); the rows are the replay window, not the record (orders keep their times)
  await db.query(`delete from store_events where created_at < now() - make_interval(days => $1)`, [STORE_EVENTS_KEEP_DAYS]);
}

export async function maybePurge(db: Queryable, probability = 0.01) {
  if (Math.random() < probability) await purgeExpiredAuthData(db);
}
