import type { Context } from 'hono';
import type { AppEnv } from '../http/types.ts';
import { hit } from './rate-limit.ts';
import { rateLimited } from './require.ts';

/** At most CODES_PER_HOUR one-time codes (SMS or email) per account per hour: else 429 RATE_LIMITED. */
export const CODES_PER_HOUR = 10;

export async function codeSendAllowed(c: Context<AppEnv>, userId: string) {
  const h = await hit(c.var.deps.db, `codes:user:${userId}`, 3600_000);
  if (h.count > CODES_PER_HOUR) throw rateLimited(c, h.retryAfterSeconds);
}
