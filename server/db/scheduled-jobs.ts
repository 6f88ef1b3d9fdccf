/**
 * Scheduled jobs that every server process may run, one run at a time across all of them (migration 065,
 * docs/operations.md "Scheduled jobs"). No state lives in one process: the job's row says who holds the run (a
 * lease with an end) and when the last run finished; every process polls, and the one whose conditional update
 * takes the lease runs. Times are the database's `now()` (one clock for every process; the app clock of
 * server/clock.ts is what the job itself computes with).
 *
 * - claim: `update ... where no lease is held or it ran out, and the last run finished >= interval ago returning`:
 *   on PostgreSQL a concurrent second claim waits for the first's commit, re-reads the row and finds the lease
 *   held, so exactly one wins; PGlite has one connection, so claims are serial anyway.
 * - a run renews its lease between batches (`renew`, only while it still holds it: a run whose lease ran out and
 *   was taken stops at its next batch) and releases it when done, recording the outcome and the finish time;
 * - a process killed mid-run leaves its lease, which runs out after `leaseMs`; any process then takes the job.
 * The jobs themselves must still be safe to run twice (a stalled run that lost its lease may finish one batch
 * while another runs): the lease keeps runs apart, idempotent writes keep the data right.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

export type TickOutcome = 'ran' | 'busy' | 'not-due' | 'failed' | 'lease-lost';

export interface TickResult {
  outcome: TickOutcome;
  /** what the job reported (ran, lease-lost) or the error (failed) */
  detail?: string;
}

export interface JobTiming {
  /** a run starts at most this often across all processes (from the end of the last run) */
  intervalMs: number;
  /** a run's lease; renewed between batches */
  leaseMs: number;
}

/** `host:pid:random`, the lease owner of one scheduler */
export const newOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Takes the job's lease when it is free and due: true when this owner now holds it. */
export async function claimJob(db: Db, name: string, owner: string, t: JobTiming): Promise<boolean> {
  const r = await db.query<{ name: string }>(
    `update scheduled_jobs set lease_owner = $2, lease_until = now() + $3::integer * interval '1 millisecond', last_started_at = now()
      where name = $1
        and (lease_until is null or lease_until < now())
        and (last_finished_at is null or last_finished_at <= now() - $4::integer * interval '1 millisecond')
      returning name`,
    [name, owner, t.leaseMs, t.intervalMs],
  );
  return r.rows.length === 1;
}

/** Extends the lease while `owner` still holds it: false when it was lost (ran out and taken, or released). */
export async function renewJob(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const r = await db.query(`update scheduled_jobs set lease_until = now() + $3::integer * interval '1 millisecond' where name = $1 and lease_owner = $2 returning name`, [name, owner, leaseMs]);
  return r.rows.length === 1;
}

/** Releases the lease held by `owner`, recording the outcome and the finish time (nothing when it was lost). */
export async function finishJob(db: Db, name: string, owner: string, outcome: string): Promise<void> {
  await db.query(`update scheduled_jobs set lease_owner = null, lease_until = null, last_finished_at = now(), last_outcome = $3 where name = $1 and lease_owner = $2`, [name, owner, outcome.slice(0, 500)]);
}

/** Why a claim failed: a live lease ('busy') or the interval not yet passed ('not-due'). */
async function whyNot(db: Db, name: string): Promise<TickOutcome> {
  const r = await db.query<{ busy: boolean }>('select coalesce(lease_until >= now(), false) as busy from scheduled_jobs where name = $1', [name]);
  if (!r.rows[0]) throw new Error(`scheduled job ${name}: no row in scheduled_jobs (a migration adds it)`);
  return r.rows[0].busy ? 'busy' : 'not-due';
}

/**
 * One tick of a job: claim; if won, run `job` with a `renew` to call between batches (false: the lease is lost,
 * stop), then release with the outcome. A job's error is recorded ('failed: ...') and answered, never thrown: the
 * next run is one interval later.
 */
export async function tickJob(db: Db, name: string, owner: string, t: JobTiming, job: (renew: () => Promise<boolean>) => Promise<string>): Promise<TickResult> {
  if (!(await claimJob(db, name, owner, t))) return { outcome: await whyNot(db, name) };
  let lost = false;
  const renew = async () => {
    if (!lost && !(await renewJob(db, name, owner, t.leaseMs))) lost = true;
    return !lost;
  };
  try {
    const detail = await job(renew);
    if (lost) return { outcome: 'lease-lost', detail };
    await finishJob(db, name, owner, `ok: ${detail}`);
    return { outcome: 'ran', detail };
  } catch (e) {
    const detail = (e as Error).message;
    await finishJob(db, name, owner, `failed: ${detail}`).catch(() => undefined);
    return { outcome: 'failed', detail };
  }
}

export interface Scheduler {
  /** one tick now (tests; also what the timer does) */
  tick(): Promise<TickResult>;
  /** no new ticks; resolves when the tick in flight (if any) has finished */
  stop(): Promise<void>;
}

/**
 * Polls `tick` every `checkMs` (±20 % jitter, so processes started together spread out; the first after
 * `firstCheckMs`). Timers are unref'd: a scheduler never keeps a process alive. stop() waits for the tick in flight.
 */
export function startScheduler(tick: () => Promise<TickResult>, o: { checkMs: number; firstCheckMs: number; log?: (line: string) => void }): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TickResult> | null = null;
  let stopped = false;
  const jitter = (ms: number) => Math.round(ms * (0.8 + 0.4 * Math.random()));
  const once = () => {
    if (running) return running;
    running = tick()
      .then(
        (r) => {
          if (r.outcome === 'failed' || r.outcome === 'lease-lost') o.log?.(`${r.outcome}: ${r.detail ?? ''}`);
          else if (r.outcome === 'ran') o.log?.(`ran: ${r.detail ?? ''}`);
          return r;
        },
        (e: unknown) => {
          // the claim itself failed (database unreachable): try again at the next check
          o.log?.(`tick failed: ${(e as Error).message}`);
          return { outcome: 'failed', detail: (e as Error).message } as TickResult;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void once().finally(() => schedule(jitter(o.checkMs)));
    }, ms);
    timer.unref();
  };
  schedule(jitter(o.firstCheckMs));
  return {
    tick: once,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
