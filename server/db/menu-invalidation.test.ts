/**
 * The menu cache (server/ordering/catalog.ts) follows a change to the menu tables in every process: migration 045's
 * triggers NOTIFY harbor_cache 'menu' at commit, every process LISTENs (server/db/invalidation.ts) and drops its
 * menu. Before, a change was seen only after a restart.
 */
import { describe, expect, it } from 'vitest';
import { anotherProcess, backends, forEachDb, openTestDb, until } from '../test/db.ts';
import { catalog } from '../ordering/catalog.ts';
import { startCacheInvalidation } from './invalidation.ts';
import type { Db } from './db.ts';


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
    const b = await anotherProcess(a);
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
