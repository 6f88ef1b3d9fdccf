process.env.PASSWORD_HASH_LOG_N = '10';

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { anotherProcess, forEachDb, until } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { claimJob, finishJob, renewJob, tickJob } from '../db/scheduled-jobs.ts';
import { grantStars } from './stars.ts';
import { expirySettings, expiryTick, startExpiryScheduler, STARS_EXPIRY_JOB } from './expiry-scheduler.ts';
import { balanceOf, ledgerProblems } from './test-helpers.ts';
import { rewardsSummary } from './summary.ts';
import { start } from '../main.ts';

/**
 * docs/rewards.md 3.2 "Settling", docs/operations.md "Scheduled jobs" (issue 27: settleAllExpiry had no caller): the
 * stars-expiry job of scheduled_jobs (migration 065). A tick settles every member with expired lots once; the next
 * is not due for the interval; a held lease answers busy; a lease that ran out (a killed process) is taken over, and
 * the old holder can neither renew nor finish it; ticks of two processes at once (two pools on PostgreSQL) give one
 * run and one expire row per member and date; the scheduler polls and stop() waits for its run; server/main.ts
 * starts it (two servers on one PostgreSQL database) and stops it. The summary read settles the member's own lots.
 */
const NOON = new Date('2026-11-24T19:00:00Z');
const MARCH = new Date('2026-03-15T12:00:00Z'); // expires 2026-10-01
const APRIL = new Date('2026-04-20T12:00:00Z'); // expires 2026-11-01
const JUNE = new Date('2026-06-02T12:00:00Z'); // expires 2027-01-01: not yet
const HOUR = { intervalMs: 3_600_000, leaseMs: 600_000 };
const NOW_DUE = { intervalMs: 0, leaseMs: 600_000 };

beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

async function newUser(db: Queryable): Promise<string> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.query(`insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name) values ($1, $1, $2, $2, 'x', 'Pat', 'Lee')`, [id, `${id}@example.com`]);
  return id;
}

/** a member with lots of March (40) and April (30), 50 spent in May (March's 40 and 10 of April's), and June (25): 20 due at NOON */
async function memberWithDueLots(db: Db): Promise<string> {
  const u = await newUser(db);
  await db.transaction((tx) => grantStars(tx, { userId: u, stars: 40, kind: 'adjustment', description: 'march', earnedAt: MARCH, at: MARCH }));
  await db.transaction((tx) => grantStars(tx, { userId: u, stars: 30, kind: 'promo', description: 'april', earnedAt: APRIL, at: APRIL }));
  await db.query(`update stars_balances set balance = balance - 50 where user_id = $1`, [u]);
  await db.query(`insert into stars_ledger (user_id, delta, balance_after, kind, description, created_at) values ($1, -50, 20, 'adjustment', 'may', '2026-05-10T12:00:00Z')`, [u]);
  await db.transaction((tx) => grantStars(tx, { userId: u, stars: 25, kind: 'adjustment', description: 'june', earnedAt: JUNE, at: JUNE }));
  return u;
}

const expireRows = async (db: Queryable, users: string[]) =>
  (await db.query<{ user_id: string; expire_date: string; delta: number }>(`select user_id, expire_date::text as expire_date, delta from stars_ledger where kind = 'expire' and user_id = any($1::text[]) order by user_id, expire_date`, [users])).rows;

const job = async (db: Queryable) =>
  (await db.query<{ lease_owner: string | null; last_outcome: string | null; finished: boolean }>('select lease_owner, last_outcome, last_finished_at is not null as finished from scheduled_jobs where name = $1', [STARS_EXPIRY_JOB])).rows[0]!;
const resetJob = (db: Queryable) => db.query('update scheduled_jobs set lease_owner = null, lease_until = null, last_finished_at = null, last_outcome = null where name = $1', [STARS_EXPIRY_JOB]);

forEachDb('rewards: the Stars expiry scheduler', ({ db, backend }) => {
  beforeEach(() => resetJob(db()));

  it('a tick settles each member with due lots once (FIFO: a May spend took the 40 of March and 10 of April); the next tick is not due; a held lease is busy; one run out is taken over and its old holder can neither renew nor finish', async () => {
    const users = [await memberWithDueLots(db()), await memberWithDueLots(db())];
    expect(await Promise.all(users.map((u) => balanceOf(db(), u)))).toEqual([45, 45]);
    const first = await expiryTick(db(), 'proc-a', HOUR);
    expect(first.outcome).toBe('ran');
    expect(first.detail).toMatch(/^\d+ member\(s\) settled$/);
    // March's 40 all spent in May (FIFO): no row for 2026-10-01; April's 20 left expire on 2026-11-01
    expect(await expireRows(db(), users)).toEqual([...users].sort().map((u) => ({ user_id: u, expire_date: '2026-11-01', delta: -20 })));
    expect(await Promise.all(users.map((u) => balanceOf(db(), u)))).toEqual([25, 25]);
    for (const u of users) expect(await ledgerProblems(db(), u)).toEqual([]);
    expect(await job(db())).toMatchObject({ lease_owner: null, finished: true });
    expect((await job(db())).last_outcome).toMatch(/^ok: \d+ member\(s\) settled$/);

    // within the hour: not due, for any process
    expect(await expiryTick(db(), 'proc-b', HOUR)).toEqual({ outcome: 'not-due' });
    // due, but another process holds a live lease
    await db().query(`update scheduled_jobs set lease_owner = 'proc-dead', lease_until = now() + interval '5 minutes', last_finished_at = now() - interval '2 hours' where name = $1`, [STARS_EXPIRY_JOB]);
    expect(await expiryTick(db(), 'proc-b', HOUR)).toEqual({ outcome: 'busy' });
    // its lease runs out (the process was killed): the next tick takes the job
    await db().query(`update scheduled_jobs set lease_until = now() - interval '1 second' where name = $1`, [STARS_EXPIRY_JOB]);
    expect(await claimJob(db(), STARS_EXPIRY_JOB, 'proc-b', HOUR)).toBe(true);
    expect(await renewJob(db(), STARS_EXPIRY_JOB, 'proc-dead', HOUR.leaseMs)).toBe(false);
    await finishJob(db(), STARS_EXPIRY_JOB, 'proc-dead', 'ok: late');
    expect(await job(db())).toMatchObject({ lease_owner: 'proc-b', finished: true });
    await finishJob(db(), STARS_EXPIRY_JOB, 'proc-b', 'ok: 0 member(s) settled');
    expect(await job(db())).toMatchObject({ lease_owner: null, last_outcome: 'ok: 0 member(s) settled' });
  });

  it('a run whose lease is taken mid-run stops at its next batch (lease-lost) and records nothing; a failing job is recorded and answered, not thrown', async () => {
    let batches = 0;
    const lost = await tickJob(db(), STARS_EXPIRY_JOB, 'proc-a', NOW_DUE, async (renew) => {
      for (;;) {
        batches++;
        if (batches === 2) {
          await db().query(`update scheduled_jobs set lease_until = now() - interval '1 second' where name = $1`, [STARS_EXPIRY_JOB]);
          expect(await claimJob(db(), STARS_EXPIRY_JOB, 'proc-b', NOW_DUE)).toBe(true);
        }
        if (!(await renew())) return `${batches} batches`;
      }
    });
    expect(lost).toEqual({ outcome: 'lease-lost', detail: '2 batches' });
    expect(await job(db())).toMatchObject({ lease_owner: 'proc-b', finished: false });
    await resetJob(db());
    const failed = await tickJob(db(), STARS_EXPIRY_JOB, 'proc-a', NOW_DUE, () => Promise.reject(new Error('boom')));
    expect(failed).toEqual({ outcome: 'failed', detail: 'boom' });
    expect(await job(db())).toMatchObject({ lease_owner: null, last_outcome: 'failed: boom', finished: true });
  });

  it(`ticks of two processes at once (${backend === 'postgres' ? 'two pools' : 'one PGlite'}): one run; one expire row per member and date; in batches of 4 renewing the lease`, async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => memberWithDueLots(db())));
    const other = backend === 'postgres' ? await anotherProcess(db(), 4) : db();
    try {
      const ticks = await Promise.all([
        ...Array.from({ length: 4 }, () => expiryTick(db(), 'proc-a', HOUR, { batch: 4 })),
        ...Array.from({ length: 4 }, () => expiryTick(other, 'proc-b', HOUR, { batch: 4 })),
      ]);
      const outcomes = ticks.map((t) => t.outcome);
      expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'ran').every((o) => o === 'busy' || o === 'not-due')).toBe(true);
      const rows = await expireRows(db(), users);
      expect(rows).toHaveLength(10);
      expect(new Set(rows.map((r) => `${r.user_id} ${r.expire_date}`)).size).toBe(10);
      expect(rows.every((r) => r.expire_date === '2026-11-01' && r.delta === -20)).toBe(true);
      for (const u of users) expect([await balanceOf(db(), u), await ledgerProblems(db(), u)]).toEqual([25, []]);

      // every tick due (interval 0) and racing: runs one after another, the data still once
      const more = await Promise.all(Array.from({ length: 3 }, () => memberWithDueLots(db())));
      await Promise.all([...Array.from({ length: 3 }, () => expiryTick(db(), 'proc-a', NOW_DUE, { batch: 2 })), ...Array.from({ length: 3 }, () => expiryTick(other, 'proc-b', NOW_DUE, { batch: 2 }))]);
      expect(await expireRows(db(), more)).toHaveLength(3);
      for (const u of more) expect([await balanceOf(db(), u), await ledgerProblems(db(), u)]).toEqual([25, []]);
    } finally {
      if (other !== db()) await other.close();
    }
  });

  it("the scheduler polls and runs a due job; after stop() it ticks no more; a member's summary read settles their own lots", async () => {
    const u = await memberWithDueLots(db());
    const logs: string[] = [];
    const s = startExpiryScheduler(db(), { ...expirySettings({ STARS_EXPIRY_CHECK_MS: '20', STARS_EXPIRY_INTERVAL_MS: '0' }) }, (l) => logs.push(l));
    expect(s).not.toBeNull();
    expect(await until(async () => (await balanceOf(db(), u)) === 25)).toBe(true);
    await s!.stop();
    expect(logs.some((l) => /^stars expiry ran: [1-9]\d* member\(s\) settled$/.test(l))).toBe(true);
    const later = await memberWithDueLots(db());
    await new Promise((r) => setTimeout(r, 150));
    expect(await balanceOf(db(), later)).toBe(45); // nobody ticks
    expect(startExpiryScheduler(db(), expirySettings({ STARS_EXPIRY_SCHEDULER: 'off' }))).toBeNull();
    // the read settles the member's own lots (its own short transaction)
    const summary = await rewardsSummary(db(), later);
    expect(summary.stars).toBe(25);
    expect(summary.expirations.expired).toEqual([{ stars: 20, expiresAt: '2026-11-01T00:00:00.000Z' }]);
    expect(await expireRows(db(), [later])).toHaveLength(1);
  });

  it.runIf(backend === 'postgres')('server/main.ts: two servers on one database both start the scheduler; the lease gives one run per interval; stop() stops it', async () => {
    const name = (await db().query<{ d: string }>('select current_database() as d')).rows[0]!.d;
    const url = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, `/${name}`);
    const u = await memberWithDueLots(db());
    const env = { APP_ENV: 'test', DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', DIST_DIR: '/nonexistent', GIFT_WORKER: 'off', STARS_EXPIRY_CHECK_MS: '20', STARS_EXPIRY_INTERVAL_MS: '3600000', PASSWORD_HASH_LOG_N: '10' };
    const [a, b] = await Promise.all([start(env), start(env)]);
    try {
      expect(a.expiryScheduler).toBeTruthy();
      expect(await until(async () => (await balanceOf(db(), u)) === 25)).toBe(true);
      expect(await until(async () => (await job(db())).finished)).toBe(true);
      // both processes keep polling every ~20 ms, but within the hour no second run starts
      const started = (await db().query<{ t: Date }>('select last_started_at as t from scheduled_jobs where name = $1', [STARS_EXPIRY_JOB])).rows[0]!.t;
      await new Promise((r) => setTimeout(r, 200));
      expect((await db().query<{ t: Date }>('select last_started_at as t from scheduled_jobs where name = $1', [STARS_EXPIRY_JOB])).rows[0]!.t).toEqual(started);
      expect([await a.expiryScheduler!.tick(), await b.expiryScheduler!.tick()]).toEqual([{ outcome: 'not-due' }, { outcome: 'not-due' }]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);
});
