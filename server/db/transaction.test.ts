/**
 * A transaction's handle runs one statement at a time on its connection (server/db/db.ts `serialHandle`,
 * docs/architecture.md "One statement at a time on a connection"), and the server tests' guard
 * (server/test/pg-overlap-guard.ts) fails a test that overlaps statements on one PostgreSQL connection.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db, type Queryable } from './db.ts';
import { backends, openTestDb } from '../test/db.ts';
import { OVERLAP_MESSAGE, takeOverlaps } from '../test/pg-overlap-guard.ts';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

for (const backend of backends()) {
  describe(`transactions [${backend}]`, () => {
    let db: Db;
    beforeAll(async () => {
      // PGlite: an empty instance (the seeded template is not needed here)
      db = backend === 'postgres' ? await openTestDb('postgres') : await openPglite(undefined);
      await db.query('create table tx_probe (id serial primary key, v int not null)');
    });
    afterAll(async () => {
      await db?.close();
    });

    it('statements issued together on one transaction (Promise.all) run one at a time, in the order issued, and commit together', async () => {
      const ids = await db.transaction(async (tx) => {
        // the first one is the slowest: run side by side, a later insert would take a smaller id
        const slow = tx.query<{ id: number }>('insert into tx_probe (v) select 1 from pg_sleep(0.05) returning id');
        const rest = [2, 3, 4, 5].map((v) => tx.query<{ id: number }>('insert into tx_probe (v) values ($1) returning id', [v]));
        return (await Promise.all([slow, ...rest])).map((r) => r.rows[0]!.id);
      });
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const rows = (await db.query<{ v: number }>('select v from tx_probe where id = any($1::int[]) order by id', [ids])).rows;
      expect(rows.map((r) => r.v)).toEqual([1, 2, 3, 4, 5]);
    });

    it('a failing statement among concurrent ones rolls the whole transaction back; the next transaction runs normally', async () => {
      const before = (await db.query<{ n: number }>('select count(*)::int as n from tx_probe')).rows[0]!.n;
      await expect(
        db.transaction((tx) =>
          Promise.all([
            tx.query('insert into tx_probe (v) values (10)'),
            tx.query('select 1 / 0'),
            tx.query('insert into tx_probe (v) values (11)'),
          ]),
        ),
      ).rejects.toThrow(/division by zero/);
      expect((await db.query<{ n: number }>('select count(*)::int as n from tx_probe')).rows[0]!.n).toBe(before);
      const n = await db.transaction(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from tx_probe')).rows[0]!.n);
      expect(n).toBe(before);
    });

    it('a statement on a transaction that has ended is refused, not run on the connection (back in the pool)', async () => {
      let handle: Queryable | undefined;
      await db.transaction(async (tx) => {
        handle = tx;
        await tx.query('select 1');
      });
      const before = (await db.query<{ n: number }>('select count(*)::int as n from tx_probe')).rows[0]!.n;
      await expect(handle!.query('insert into tx_probe (v) values (20)')).rejects.toThrow(backend === 'postgres' ? /transaction already ended/ : /Transaction is closed/);
      expect((await db.query<{ n: number }>('select count(*)::int as n from tx_probe')).rows[0]!.n).toBe(before);
    });

    it('a statement issued before the end and not awaited by the transaction still runs before the COMMIT', async () => {
      let late: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        await tx.query('select 1');
        late = tx.query('insert into tx_probe (v) values (30)');
      });
      await late;
      expect((await db.query<{ n: number }>('select count(*)::int as n from tx_probe where v = 30')).rows[0]!.n).toBe(1);
    });
  });
}

if (backends().includes('postgres')) {
  describe('the overlapping-query guard of the server tests', () => {
    it('refuses a second query on a pg client while one runs, and records it for the end of the test', async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        const both = await Promise.allSettled([c.query('select pg_sleep(0.02)'), c.query('select 2')]);
        expect(both[0].status).toBe('fulfilled');
        expect(both[1].status).toBe('rejected');
        expect(String((both[1] as PromiseRejectedResult).reason)).toContain(OVERLAP_MESSAGE);
        // one after the other is fine
        expect((await c.query<{ n: number }>('select 3 as n')).rows[0]!.n).toBe(3);
      } finally {
        await c.end();
      }
      const seen = takeOverlaps();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain('select 2');
    });
  });
}
