import { beforeEach, expect, it } from 'vitest';
import type { Queryable } from '../db/db.ts';
import type { StoreRow } from '../db/store-row.ts';
import { forEachDb } from '../test/db.ts';
import { openStatus } from './hours.ts';
import { FILL_CHUNK, HOURS_CACHE_MAX, clearHoursCache, fillHoursCache, fillHoursCacheOnce, hoursCacheSize, openStatusOfRow, openStatuses, parsedHoursSize } from './open-status.ts';
import { storeHours } from './store-format.ts';

/** The handle with every query counted (query and queryPrepared alike). */
function counted(db: Queryable) {
  const seen: string[] = [];
  const handle: Queryable = {
    query: (sql, params) => (seen.push(sql), db.query(sql, params)),
    queryPrepared: (sql, params) => (seen.push(sql), db.queryPrepared ? db.queryPrepared(sql, params) : db.query(sql, params)),
  };
  return { handle, seen };
}

type HoursRow = Pick<StoreRow, 'short_number' | 'time_zone_id' | 'weekly_hours' | 'holidays'> & { hours_key: string };

// a weekday evening in the US: stores open and closed in every zone
const AT = new Date('2026-11-24T23:30:00Z');

forEachDb('the open-status cache filled at start (fillHoursCache)', ({ db }) => {
  let stores: HoursRow[] = [];
  beforeEach(async () => {
    clearHoursCache();
    if (!stores.length) stores = (await db().query<HoursRow>('select short_number, hours_key, time_zone_id, weekly_hours, holidays from stores order by short_number')).rows;
  });

  it('holds the hours of every distinct key, so that no search reads hours afterwards', async () => {
    const keys = new Set(stores.map((s) => s.hours_key));
    expect(keys.size).toBeGreaterThan(FILL_CHUNK); // more than one query's worth
    const fill = counted(db());
    const filled = await fillHoursCache(fill.handle);
    expect(filled.keys).toBe(keys.size);
    expect(hoursCacheSize()).toBe(keys.size);
    // one aggregate, then FILL_CHUNK keys per query
    expect(filled.queries).toBe(1 + Math.ceil(keys.size / FILL_CHUNK));
    expect(fill.seen).toHaveLength(filled.queries);

    const search = counted(db());
    const statuses = await openStatuses(search.handle, stores, AT);
    expect(search.seen).toEqual([]);
    // the same statuses as computed from each store's own row
    for (const s of stores) expect(statuses.get(s.hours_key), s.short_number).toEqual(openStatus(storeHours(s), AT));
  });

  it('without it, a search reads the hours it does not hold (one query)', async () => {
    const search = counted(db());
    const some = stores.slice(0, 40);
    const statuses = await openStatuses(search.handle, some, AT);
    expect(search.seen).toHaveLength(1);
    for (const s of some) expect(statuses.get(s.hours_key)).toEqual(openStatus(storeHours(s), AT));
  });

  it('parses each distinct weekly hours and holidays text once, shared by the keys that have them', async () => {
    const texts = (
      await db().query<{ n: number }>('select count(distinct weekly_hours::text) + count(distinct holidays::text) as n from stores')
    ).rows[0]!.n;
    await fillHoursCache(db());
    expect(hoursCacheSize()).toBeGreaterThan(texts * 2);
    expect(parsedHoursSize()).toBe(texts);
  });

  it('reads only keys not held, stops at the bound, and stops when aborted', async () => {
    const first = stores[0]!;
    await openStatuses(db(), [first], AT);
    const again = await fillHoursCache(db());
    expect(again.keys).toBe(new Set(stores.map((s) => s.hours_key)).size - 1);

    clearHoursCache();
    for (let i = 0; i < HOURS_CACHE_MAX - 10; i++) openStatusOfRow({ ...first, hours_key: `bound-${i}` }, AT);
    expect((await fillHoursCache(db())).keys).toBe(10);
    expect(hoursCacheSize()).toBe(HOURS_CACHE_MAX);

    clearHoursCache();
    const stop = new AbortController();
    const stopped = await fillHoursCache(db(), { signal: stop.signal, pause: async () => stop.abort() });
    expect(stopped).toEqual({ keys: FILL_CHUNK, queries: 2 });
  });

  it('fillHoursCacheOnce fills on its first call only (the server calls it on every list search)', async () => {
    const fill = counted(db());
    const outcomes: ({ keys: number; ms: number } | Error)[] = [];
    const fillOnce = fillHoursCacheOnce(fill.handle, { done: (r) => outcomes.push(r) });
    expect(fill.seen).toEqual([]);
    fillOnce();
    fillOnce();
    await expect.poll(() => outcomes.length).toBe(1);
    fillOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const keys = new Set(stores.map((s) => s.hours_key)).size;
    expect(outcomes).toEqual([{ keys, ms: expect.any(Number) }]);
    expect(fill.seen.filter((sql) => sql.includes('group by'))).toHaveLength(1);
    expect(hoursCacheSize()).toBe(keys);
  });
});
