process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { describe, expect, it } from 'vitest';
import { anotherProcess, appFor, backends, openTestDb, testClient } from '../test/db.ts';
import type { Db } from '../db/db.ts';
import { startGiftWorker } from './worker.ts';
import { PURCHASE, giftBody, memberWithCard, newRequestId } from './test-helpers.ts';

const PURCHASES = 60;

/**
 * docs/gifting.md 3.3 "exactly once": two workers, each on its own PostgreSQL pool (as two processes would be), take
 * 60 purchases from one queue. FOR UPDATE SKIP LOCKED gives each purchase to one of them: every purchase fulfilled
 * once, one capture each, one card per recipient, and both workers did some of the work.
 */
describe.runIf(backends().includes('postgres'))('gift worker race [postgres]', () => {
  it(`two workers on two pools fulfil ${PURCHASES} purchases, each once`, async () => {
    const db = await openTestDb('postgres');
    const pools: Db[] = [];
    try {
      const c = testClient(appFor(db));
      const pay = await memberWithCard(c, db);
      const ids: string[] = [];
      let recipients = 0;
      for (let i = 0; i < PURCHASES; i++) {
        const count = (i % 3) + 1;
        const body = giftBody(pay, { count, requestId: newRequestId('race') });
        const r = await c.post(PURCHASE, body);
        expect(r.status, JSON.stringify(r.json)).toBe(202);
        ids.push(body.requestId);
        recipients += count;
      }
      pools.push(await anotherProcess(db, 4), await anotherProcess(db, 4));
      const workers = pools.map((pool, i) => startGiftWorker(pool, { id: `worker-${i + 1}`, pollMs: 100 }));
      await Promise.all(workers.map((w) => w.idle()));
      await Promise.all(workers.map((w) => w.idle()));
      await Promise.all(workers.map((w) => w.stop()));

      const rows = await db.query<{ status: string; fulfilled_by: string }>('select status, fulfilled_by from gift_purchases where request_id = any($1::text[])', [ids]);
      expect(rows.rows).toHaveLength(PURCHASES);
      expect(rows.rows.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(new Set(rows.rows.map((r) => r.fulfilled_by))).toEqual(new Set(['worker-1', 'worker-2']));
      const captures = await db.query<{ key: string; n: string }>(
        `select split_part(idempotency_key, ':', 1) as key, count(*)::text as n from sandbox_charges where idempotency_key like 'gift-race-%' group by 1`,
      );
      expect(captures.rows).toHaveLength(PURCHASES);
      expect(captures.rows.every((r) => r.n === '1')).toBe(true);
      const cards = await db.query<{ n: string }>(`select count(*)::text as n from gift_recipients where request_id = any($1::text[]) and card_id is not null`, [ids]);
      expect(Number(cards.rows[0]!.n)).toBe(recipients);
      const issued = await db.query<{ n: string }>(`select count(*)::text as n from card_ledger where kind = 'egift_issue' and idempotency_key like 'gift-race-%'`);
      expect(Number(issued.rows[0]!.n)).toBe(recipients);
      const mail = await db.query<{ n: string }>(`select count(*)::text as n from outbox where kind = 'egift' and id in (select outbox_id from gift_recipients where request_id = any($1::text[]))`, [ids]);
      expect(Number(mail.rows[0]!.n)).toBe(recipients);
    } finally {
      for (const p of pools) await p.close();
      await db.close();
    }
  }, 120_000);
});
