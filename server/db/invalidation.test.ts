import { describe, expect, it } from 'vitest';
import { anotherProcess, backends, forEachDb, openTestDb, until } from '../test/db.ts';
import { storeRows } from '../locator/store-cache.ts';
import { readyStoreIndex, startStoreIndex } from '../locator/store-index.ts';
import { geocodeCached, geocodeCacheSize } from '../locator/geocode-cache.ts';
import { startCacheInvalidation } from './invalidation.ts';
import { migrate, splitSql } from './migrate.ts';
import type { Db } from './db.ts';


forEachDb('store cache invalidation (LISTEN/NOTIFY)', ({ db }) => {
  it('a change to stores empties the store cache at once (trigger NOTIFY, not the 60 s TTL)', async () => {
    const unlisten = await startCacheInvalidation(db());
    try {
      expect((await storeRows(db(), ['10001'])).get('10001')?.name).toBe('1st & Pike');
      await db().query(`update stores set name = '1st & Pike (renamed)' where short_number = '10001'`);
      expect(await until(async () => (await storeRows(db(), ['10001'])).get('10001')?.name === '1st & Pike (renamed)')).toBe(true);
    } finally {
      await db().query(`update stores set name = '1st & Pike' where short_number = '10001'`);
      await unlisten();
    }
  });
});

forEachDb('place search cache (geocode-cache.ts)', ({ db }) => {
  it('answers a repeated search without a query, and a change to stores empties it at once', async () => {
    let queries = 0;
    // the cache is per database object: a wrapper that counts queries has a cache of its own
    const counting = { query: ((sql: string, params?: unknown[]) => (queries++, db().query(sql, params))) as Db['query'] };
    const first = await geocodeCached(counting, 'Seattle, WA');
    expect(first?.displayName).toMatch(/^Seattle/);
    const asked = queries;
    expect(asked).toBeGreaterThan(0);
    expect(await geocodeCached(counting, 'Seattle, WA')).toBe(first);
    expect(queries).toBe(asked);
    expect(geocodeCacheSize(counting)).toBe(1);
    // the NOTIFY of a change to stores clears the cache of the database it arrives on
    const stop = await startCacheInvalidation(db());
    try {
      await geocodeCached(db(), 'Seattle, WA');
      expect(geocodeCacheSize(db())).toBe(1);
      await db().query(`update stores set name = name where short_number = '10001'`);
      expect(await until(async () => geocodeCacheSize(db()) === 0)).toBe(true);
    } finally {
      await stop();
    }
  });
});

describe('store cache invalidation across processes [postgres]', () => {
  it.runIf(backends().includes('postgres'))('a store edited through one connection pool shows at once in another pool\'s cache and stores in memory', async () => {
    const a = await openTestDb('postgres');
    // a second "process": its own pool on the same database
    const b = await anotherProcess(a);
    const stopA = await startCacheInvalidation(a);
    const stopB = await startCacheInvalidation(b);
    try {
      expect((await storeRows(b, ['10002'])).get('10002')?.name).toBe('Denny Way & Westlake Drive-Thru');
      await startStoreIndex(b);
      expect(readyStoreIndex(b)?.rows[readyStoreIndex(b)!.byShort.get('10002')!]?.name).toBe('Denny Way & Westlake Drive-Thru');
      await a.query(`update stores set name = 'Denny Way (edited)' where short_number = '10002'`);
      expect(await until(async () => (await storeRows(b, ['10002'])).get('10002')?.name === 'Denny Way (edited)')).toBe(true);
      // the other process's stores in memory are dropped too, and read again they have the change
      expect(await until(async () => readyStoreIndex(b) === null)).toBe(true);
      await startStoreIndex(b);
      expect(readyStoreIndex(b)?.rows[readyStoreIndex(b)!.byShort.get('10002')!]?.name).toBe('Denny Way (edited)');
    } finally {
      await stopA();
      await stopB();
      await b.close();
      await a.close();
    }
  });
});

describe('migrations', () => {
  it('splitSql keeps dollar-quoted bodies and quoted semicolons whole, drops comments', () => {
    const sql = `-- a comment; with a semicolon
create function f() returns trigger language plpgsql as $$
begin
  perform pg_notify('c', 'x;y'); -- inside
  return null;
end
$$;
insert into t values ('it''s; fine');
select $tag$ a;b $tag$`;
    const parts = splitSql(sql);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toContain("perform pg_notify('c', 'x;y');");
    expect(parts[0]).toMatch(/end\n\$\$$/);
    expect(parts[1]).toBe("insert into t values ('it''s; fine')");
    expect(parts[2]).toBe('select $tag$ a;b $tag$');
  });

  it('migrating an up-to-date database again applies nothing', { timeout: 180_000 }, async () => {
    const db = await openTestDb('pglite');
    try {
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
