/**
 * The menu cache (server/ordering/catalog.ts) follows a change to the menu tables in every process: migration 045's
 * triggers NOTIFY harbor_cache 'menu' at commit, every process LISTENs (server/db/invalidation.ts) and drops its
 * menu. Before, a change was seen only after a restart.
 */
import { describe, expect, it } from 'vitest';
import { forEachDb, openTestDb, backends } from '../test/db.ts';
import { catalog } from '../ordering/catalog.ts';
import { startCacheInvalidation } from './invalidation.ts';
import { openPostgres, type Db } from './db.ts';

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

async function someProduct(db: Db) {
  const p = [...(await catalog(db)).products.values()].find((x) => !x.hidden)!;
  return { number: p.product_number, name: p.name };
}

forEachDb('menu cache invalidation (LISTEN/NOTIFY)', ({ db }) => {
  it('a change to a menu table or to tax_rates drops the menu at once; the next read has the change', async () => {
    const unlisten = await startCacheInvalidation(db());
    const p = await someProduct(db());
    try {
      await db().query('update menu_products set name = $1 where product_number = $2', [`${p.name} (renamed)`, p.number]);
      expect(await until(async () => (await catalog(db())).products.get(p.number)?.name === `${p.name} (renamed)`)).toBe(true);
      const before = await catalog(db());
      await db().query(`update tax_rates set rate_bp = rate_bp`);
      expect(await until(async () => (await catalog(db())) !== before)).toBe(true);
    } finally {
      await db().query('update menu_products set name = $1 where product_number = $2', [p.name, p.number]);
      await unlisten();
    }
  });
});

describe('menu cache invalidation across processes [postgres]', () => {
  it.runIf(backends().includes('postgres'))("a product renamed through one connection pool shows at once in another pool's menu", async () => {
    const a = await openTestDb('postgres');
    // a second "process": its own pool on the same database
    const name = (await a.query<{ d: string }>('select current_database() as d')).rows[0]!.d;
    const b: Db = await openPostgres((process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, `/${name}`), 2);
    const stopA = await startCacheInvalidation(a);
    const stopB = await startCacheInvalidation(b);
    try {
      const p = await someProduct(b);
      expect((await catalog(b)).products.get(p.number)?.name).toBe(p.name);
      await a.query('update menu_products set name = $1 where product_number = $2', ['Edited in another process', p.number]);
      expect(await until(async () => (await catalog(b)).products.get(p.number)?.name === 'Edited in another process')).toBe(true);
    } finally {
      await stopA();
      await stopB();
      await b.close();
      await a.close();
    }
  });
});
