import type { Queryable } from '../db/db.ts';
import { bucketKey, hit, release } from '../auth/rate-limit.ts';

/**
 * Physical-card PIN guessing (issue 25): failed PIN checks are limited per card number and per client IP, on
 * POST /account/cards/add and on account creation with a card alike. Each attempt is counted BEFORE the PIN is
 * checked (one atomic upsert per bucket, so parallel guesses cannot slip under) and given back when the PIN was
 * right, so only failures add up. Over a limit the attempt is refused with 429 RATE_LIMITED ('Too many attempts.
 * Please wait a few minutes and try again.') without checking the PIN.
 *
 * What a stranger can block is only further PIN attempts for that one card number for the rest of the hour: a
 * member's account, sign-in and registered cards are untouched (their PIN is never asked again). Card-number
 * buckets hold a hash of the number (`bucketKey`), never the number.
 */
export const PIN_FAILURES_PER_CARD_PER_HOUR = 5;
export const PIN_FAILURES_PER_IP_PER_HOUR = 20;
const HOUR = 3600_000;

export type PinAttempt = { ok: true; succeeded: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

export async function pinAttempt(db: Queryable, cardNumber: string, ip: string): Promise<PinAttempt> {
  const cardBucket = bucketKey('card-pin:card', cardNumber);
  const ipBucket = `card-pin:ip:${ip}`;
  const byCard = await hit(db, cardBucket, HOUR);
  const byIp = await hit(db, ipBucket, HOUR);
  const over = [byCard.count > PIN_FAILURES_PER_CARD_PER_HOUR ? byCard : null, byIp.count > PIN_FAILURES_PER_IP_PER_HOUR ? byIp : null].filter((h) => h !== null);
  if (over.length) return { ok: false, retryAfterSeconds: Math.max(...over.map((h) => h.retryAfterSeconds)) };
  return {
    ok: true,
    succeeded: async () => {
      await release(db, cardBucket);
      await release(db, ipBucket);
    },
  };
}
