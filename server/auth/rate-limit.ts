import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/**
 * Fixed-window counters in the rate_limits table. `hit` counts first and answers after (one atomic upsert),
 * so concurrent requests cannot all slip under the limit.
 * Buckets never contain what the user typed: usernames and emails are hashed (`bucketKey`).
 */
export interface Hit {
  count: number;
  retryAfterSeconds: number;
}

export const bucketKey = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 32)}`;

export async function hit(db: Queryable, bucket: string, windowMs: number): Promise<Hit> {
  const r = await db.query<{ count: number; retry: number }>(
    `insert into rate_limits (bucket, window_start, count) values ($1, now(), 1)
     on conflict (bucket) do update set
       window_start = case when rate_limits.window_start <= now() - ($2 || ' milliseconds')::interval then now() else rate_limits.window_start end,
       count = case when rate_limits.window_start <= now() - ($2 || ' milliseconds')::interval then 1 else rate_limits.count + 1 end
     returning count, extract(epoch from (window_start + ($2 || ' milliseconds')::interval - now()))::float8 as retry`,
    [bucket, String(windowMs)],
  );
  const row = r.rows[0]!;
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry))) };
}

/** Gives one attempt back (a success that should not count). */
export async function release(db: Queryable, bucket: string) {
  await db.query('update rate_limits set count = greatest(count - 1, 0) where bucket = $1', [bucket]);
}

export async function clear(db: Queryable, bucket: string) {
  await db.query('delete from rate_limits where bucket = $1', [bucket]);
}
