/**
 * The Stars expiry job (docs/rewards.md 3.2 "Settling", docs/operations.md "Scheduled jobs"): every server process
 * starts this scheduler; the job row `stars-expiry` of scheduled_jobs (server/db/scheduled-jobs.ts) lets one run at
 * a time across processes and at most once per STARS_EXPIRY_INTERVAL_MS (default an hour). A run settles, in
 * batches of 500 members, everyone whose lots have expired (`settleAllExpiry`: one short transaction per member
 * under the member's Stars lock, one `expire` row per member and date by the unique index), renewing its lease
 * between batches. Reads and writes of a member's Stars settle that member first anyway; the job makes the
 * balances of members who do not come back right too.
 *
 * Settings (README, docs/operations.md): STARS_EXPIRY_SCHEDULER on|off (on), STARS_EXPIRY_INTERVAL_MS (3 600 000),
 * STARS_EXPIRY_CHECK_MS (300 000: how often each process asks whether a run is due, ±20 %), STARS_EXPIRY_LEASE_MS
 * (600 000).
 */
import type { Db } from '../db/db.ts';
import { now } from '../clock.ts';
import { msSetting } from '../http/stall-log.ts';
import { newOwner, startScheduler, tickJob, type JobTiming, type Scheduler, type TickResult } from '../db/scheduled-jobs.ts';
import { settleAllExpiry } from './stars.ts';

export const STARS_EXPIRY_JOB = 'stars-expiry';
/** members settled per batch (one `settleAllExpiry` call) */
export const EXPIRY_BATCH = 500;
/** batches per run at most (a run never loops for ever; the rest is the next run's) */
export const EXPIRY_MAX_BATCHES = 200;

export interface ExpirySettings extends JobTiming {
  enabled: boolean;
  checkMs: number;
}

export function expirySettings(env: NodeJS.ProcessEnv = process.env): ExpirySettings {
  const on = (env.STARS_EXPIRY_SCHEDULER ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(on)) throw new Error(`STARS_EXPIRY_SCHEDULER must be on or off (got "${env.STARS_EXPIRY_SCHEDULER}")`);
  const s = {
    enabled: on === 'on',
    intervalMs: msSetting(env.STARS_EXPIRY_INTERVAL_MS, 3_600_000, 'STARS_EXPIRY_INTERVAL_MS'),
    checkMs: msSetting(env.STARS_EXPIRY_CHECK_MS, 300_000, 'STARS_EXPIRY_CHECK_MS'),
    leaseMs: msSetting(env.STARS_EXPIRY_LEASE_MS, 600_000, 'STARS_EXPIRY_LEASE_MS'),
  };
  if (s.checkMs < 10) throw new Error(`STARS_EXPIRY_CHECK_MS must be at least 10 (got ${s.checkMs})`);
  if (s.leaseMs < 1000) throw new Error(`STARS_EXPIRY_LEASE_MS must be at least 1000 (got ${s.leaseMs})`);
  return s;
}

/**
 * One tick of the expiry job for `owner`: 'ran' (detail: members settled), 'busy' (another run holds the lease),
 * 'not-due' (the last run finished less than the interval ago), 'failed', 'lease-lost'.
 */
export function expiryTick(db: Db, owner: string, t: JobTiming, o: { at?: () => Date; batch?: number; maxBatches?: number } = {}): Promise<TickResult> {
  const batch = o.batch ?? EXPIRY_BATCH;
  const maxBatches = o.maxBatches ?? EXPIRY_MAX_BATCHES;
  return tickJob(db, STARS_EXPIRY_JOB, owner, t, async (renew) => {
    let members = 0;
    for (let i = 0; i < maxBatches; i++) {
      const picked = await settleAllExpiry(db, (o.at ?? now)(), batch);
      members += picked;
      if (picked < batch || !(await renew())) break;
    }
    return `${members} member(s) settled`;
  });
}

/** Started by server/main.ts after the database opens; stopped before it closes. Null when switched off. */
export function startExpiryScheduler(db: Db, s: ExpirySettings, log: (line: string) => void = () => undefined): Scheduler | null {
  if (!s.enabled) return null;
  const owner = newOwner();
  return startScheduler(() => expiryTick(db, owner, s), {
    checkMs: s.checkMs,
    firstCheckMs: Math.min(s.checkMs, 30_000),
    // a run that settled nobody is not worth a line every hour
    log: (line) => (line.startsWith('ran: 0 ') ? undefined : log(`stars expiry ${line}`)),
  });
}
