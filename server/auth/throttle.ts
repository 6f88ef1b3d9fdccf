import type { Db, Queryable } from '../db/db.ts';

/**
 * Sign-in throttling with growing delays (ASVS 5.0 6.3.1: no lockout an attacker can aim at a member).
 *
 * A bucket (per username, per IP, per known device) lets `free` attempts through at once; after that each further
 * attempt must wait a delay that doubles: 1 s, 2 s, 4 s ... up to `maxDelayMs`. An attempt that comes too early is
 * refused (429) without being counted, so an attacker cannot extend the wait by hammering, and waiting always
 * helps: nothing is ever locked for longer than `maxDelayMs`. A bucket idle for `windowMs` starts afresh.
 *
 * Attempts are counted BEFORE the password is checked (in one transaction that locks the row), so parallel guesses
 * cannot slip past the limit; a success gives the attempt back (`succeed`). State lives in the auth_throttle table,
 * shared by every server process.
 *
 * Times are `clock_timestamp()`, read after the row lock, not `now()` (the transaction's start): two sign-ins from one
 * address at once (an office, a carrier's NAT) would otherwise refuse the one that waited for the lock, its `now()`
 * being earlier than the `next_allowed_at` the other had just written (a 1 s 429 with nothing over any limit; found
 * by server/ordering/console.test.ts's two tablets on PostgreSQL).
 */
export interface ThrottlePolicy {
  /** attempts allowed without any delay */
  free: number;
  /** the first delay; it doubles with every further attempt */
  baseDelayMs: number;
  maxDelayMs: number;
  /** a bucket idle this long starts again from zero */
  windowMs: number;
}

export type ThrottleResult = { ok: true; attempts: number } | { ok: false; retryAfterSeconds: number };

/** The wait after the n-th attempt (n counted from 1). */
export function delayAfter(policy: ThrottlePolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(30, attempts - policy.free));
}

type Row = { attempts: number; wait_ms: number; idle_ms: number };

/** Counts an attempt when the bucket allows one now; otherwise says how long to wait. */
export async function attempt(db: Db, bucket: string, policy: ThrottlePolicy): Promise<ThrottleResult> {
  return db.transaction(async (tx) => {
    await tx.query('insert into auth_throttle (bucket, attempts) values ($1, 0) on conflict (bucket) do nothing', [bucket]);
    const r = await tx.query<Row>(
      `select attempts,
              extract(epoch from (next_allowed_at - clock_timestamp())) * 1000 as wait_ms,
              extract(epoch from (clock_timestamp() - last_attempt_at)) * 1000 as idle_ms
         from auth_throttle where bucket = $1 for update`,
      [bucket],
    );
    const row = r.rows[0]!;
    const fresh = Number(row.idle_ms) >= policy.windowMs;
    const waitMs = fresh ? 0 : Number(row.wait_ms);
    if (waitMs > 0) return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    const attempts = (fresh ? 0 : Number(row.attempts)) + 1;
    await tx.query(
      `update auth_throttle set attempts = $2, last_attempt_at = clock_timestamp(), next_allowed_at = clock_timestamp() + ($3 || ' milliseconds')::interval where bucket = $1`,
      [bucket, attempts, String(delayAfter(policy, attempts))],
    );
    return { ok: true as const, attempts };
  });
}

/** Without counting: how long until the bucket allows an attempt (0 = now). */
export async function waitSeconds(db: Queryable, bucket: string, policy: ThrottlePolicy): Promise<number> {
  const r = await db.query<{ wait_ms: number; idle_ms: number }>(
    `select extract(epoch from (next_allowed_at - clock_timestamp())) * 1000 as wait_ms, extract(epoch from (clock_timestamp() - last_attempt_at)) * 1000 as idle_ms
       from auth_throttle where bucket = $1`,
    [bucket],
  );
  const row = r.rows[0];
  if (!row || Number(row.idle_ms) >= policy.windowMs || Number(row.wait_ms) <= 0) return 0;
  return Math.max(1, Math.ceil(Number(row.wait_ms) / 1000));
}

/** A success: the bucket starts again from zero (username, device) ... */
export async function reset(db: Queryable, bucket: string) {
  await db.query('delete from auth_throttle where bucket = $1', [bucket]);
}

/** ... or gives this attempt back (IP: one member's success does not wipe a spray from the same address). */
export async function giveBack(db: Queryable, bucket: string, policy: ThrottlePolicy) {
  const r = await db.query<{ attempts: number }>('update auth_throttle set attempts = greatest(attempts - 1, 0) where bucket = $1 returning attempts', [bucket]);
  const left = r.rows[0]?.attempts;
  if (left === undefined) return;
  await db.query(`update auth_throttle set next_allowed_at = last_attempt_at + ($2 || ' milliseconds')::interval where bucket = $1`, [bucket, String(delayAfter(policy, Number(left)))]);
}

/** Dead rows (idle longer than a day). */
export async function purgeThrottle(db: Queryable) {
  await db.query(`delete from auth_throttle where last_attempt_at < now() - interval '1 day'`);
}
