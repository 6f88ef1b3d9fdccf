/**
 * Four processes started at the same instant on a new PostgreSQL database, ROUNDS times: all come up
 * (migrations and seed under the advisory lock, server/db/migrate.ts), every migration applied once, seeded once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { ROUNDS, SEED_STORE_COUNT, newPgDatabase, pgReachable, request, spawnServer, stopServer, withPg } from './harness.ts';

const PROCESSES = 4;
const MIGRATIONS = readdirSync('server/db/migrations').filter((f) => f.endsWith('.sql')).length;

test(`${PROCESSES} processes start together on a new PostgreSQL database, ${ROUNDS} times: all come up, seed once`, { skip: !(await pgReachable()) && 'PostgreSQL not reachable' }, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const db = await newPgDatabase();
    const t0 = Date.now();
    const spawned = Array.from({ length: PROCESSES }, () => spawnServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '3' }));
    try {
      const servers = await Promise.all(spawned.map((s) => s.ready));
      for (const s of servers) {
        const health = await request(s.port, 'GET', '/healthz');
        assert.equal(health.status, 200, s.output());
        const store = await request(s.port, 'GET', '/apiproxy/v1/stores/10001-10101');
        assert.equal(store.status, 200);
        assert.equal(store.json.store.name, '1st & Pike');
      }
      const seededBy = servers.filter((s) => /\[db\] seeded /.test(s.output())).length;
      const migratedBy = servers.filter((s) => /\[db\] applied /.test(s.output())).length;
      assert.equal(seededBy, 1, 'exactly one process seeded');
      assert.equal(migratedBy, 1, 'exactly one process applied the migrations');
      await withPg(db.url, async (c) => {
        assert.equal((await c.query('select count(*)::int as n from schema_migrations')).rows[0].n, MIGRATIONS);
        assert.equal((await c.query('select count(*)::int as n from seed_info')).rows[0].n, 1);
        assert.equal((await c.query('select count(*)::int as n from stores')).rows[0].n, Number(SEED_STORE_COUNT));
        assert.equal((await c.query(`select count(*)::int as n from users where email = 'demo@example.com'`)).rows[0].n, 1);
      });
      const exits = await Promise.all(servers.map((s) => stopServer(s)));
      assert.deepEqual(exits.map((e) => e.code), Array(PROCESSES).fill(0));
      console.log(`round ${round}/${ROUNDS}: ${PROCESSES} processes up and stopped in ${Date.now() - t0} ms`);
    } finally {
      for (const s of spawned) s.proc.kill('SIGKILL');
      await db.drop();
    }
  }
});
