import { describe, expect, it, vi } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { mulberry32 } from '../db/seed/prng.ts';
import type { Queryable } from '../db/db.ts';
import { startCacheInvalidation } from '../db/invalidation.ts';
import { featureFilter } from './features.ts';
import { summaryRows } from './store-queries.ts';
import { summaryJsonParts } from './store-format.ts';
import { bruteForce, point, randomStores } from '../test/store-index-fixtures.ts';
import { buildStoreIndex, centreOf, fillSummaryJson, SUMMARY_JSON_CHUNK, chord, clearStoreIndex, loadStoreIndex, nearestStores, readyStoreIndex, startStoreIndex, storeFilter, storesByNumber } from './store-index.ts';

function take<T>(it: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const x of it) {
    if (out.length >= n) break;
    out.push(x);
  }
  return out;
}

describe('k-d tree of the stores (store-index.ts)', () => {
  const tuples = randomStores(3000, 7);
  const ix = buildStoreIndex(tuples);
  const rng = mulberry32(11).next;
  const centres = Array.from({ length: 40 }, (_, i) => (i % 2 ? point(rng() * 170 - 85, rng() * 360 - 180) : point(47.6 + rng() - 0.5, -122.3 + rng() - 0.5)));

  it('walks the stores nearest first, as a sort of all of them by chord, with every filter', () => {
    const filters = [[], ['DT'], ['DT', 'CX'], ['RW', 'EV', 'WF'], ['hrs24'], ['MX', 'hrs24']].map((codes) => featureFilter(codes));
    for (const c of centres) {
      for (const f of filters) {
        const pass = storeFilter(ix, f);
        const expected = bruteForce(ix, c, pass);
        expect(expected.length).toBeGreaterThan(0);
        expect(take(nearestStores(ix, c, pass), 200)).toEqual(expected.slice(0, 200));
      }
    }
    // to the end: every passing store once
    expect([...nearestStores(ix, centres[0]!, storeFilter(ix, featureFilter(['DT'])))]).toEqual(bruteForce(ix, centres[0]!, storeFilter(ix, featureFilter(['DT']))));
  });

  it('the static filter: every selected code, open 24 hours when asked, none for a code no store carries', () => {
    const pass = storeFilter(ix, featureFilter(['DT', 'CX', 'hrs24']));
    // the index holds the stores in the tree's order, not the load's
    const tupleOf = new Map(tuples.map((t) => [t[0], t]));
    let n = 0;
    for (let i = 0; i < ix.size; i++) {
      const t = tupleOf.get(ix.rows[i]!.short_number)!;
      const carried = new Set(t[12]);
      const allDay = t[13];
      expect(pass(i)).toBe(carried.has('DT') && carried.has('CX') && allDay);
      if (pass(i)) n++;
    }
    expect(n).toBeGreaterThan(0);
    expect(storeFilter(ix, featureFilter(['ZZ']))(0)).toBe(false);
    expect(take(nearestStores(ix, centres[0]!, storeFilter(ix, featureFilter(['ZZ']))), 1)).toEqual([]);
  });

  it('opens only what it needs: the 10 nearest test a small part of the stores', () => {
    const big = buildStoreIndex(randomStores(20_000, 3));
    let tested = 0;
    const counting = (i: number) => (tested++, storeFilter(big, featureFilter([]))(i));
    const first = take(nearestStores(big, point(47.6, -122.3), counting), 10);
    expect(first).toHaveLength(10);
    expect(tested).toBeLessThan(1000);
  });

  it('skips the subtrees where no store can pass: a code that 1 store in 500 carries tests a small part of the stores', () => {
    const stores = randomStores(20_000, 5).map((t, i) => {
      const u = [...t] as typeof t;
      u[12] = i % 500 === 0 ? ['RARE', 'DT'] : t[12].filter((c) => c !== 'DT');
      u[13] = i % 500 === 250;
      return u;
    });
    const big = buildStoreIndex(stores);
    for (const codes of [['RARE'], ['RARE', 'DT'], ['hrs24'], ['RARE', 'hrs24']]) {
      const pass = storeFilter(big, featureFilter(codes));
      let tested = 0;
      const counting = Object.assign((i: number) => (tested++, pass(i)), { subtree: pass.subtree });
      const c = point(47.6, -122.3);
      const all = [...nearestStores(big, c, counting)];
      expect(all).toEqual(bruteForce(big, c, pass));
      expect(all.length).toBe(codes.includes('RARE') && codes.includes('hrs24') ? 0 : 40);
      // without the subtrees' codes every store is tested once
      expect(tested).toBeLessThan(40 * 17 * 2);
    }
  });

  it('stores by number: nearest first, unknown and repeated numbers once, the filter applied', () => {
    const c = centres[1]!;
    const got = storesByNumber(ix, c, ['10005', '10007', '99999', '10005', '10003'], () => true);
    expect(got.map(([i]) => ix.rows[i]!.short_number).sort()).toEqual(['10003', '10005', '10007']);
    expect(got.map(([, d]) => d)).toEqual([...got.map(([, d]) => d)].sort((a, b) => a - b));
    expect(storesByNumber(ix, c, ['10005'], () => false)).toEqual([]);
  });

  it('fillSummaryJson makes the summary JSON parts of the stores not listed yet, in steps, until stopped', async () => {
    const big = buildStoreIndex(randomStores(SUMMARY_JSON_CHUNK * 2 + 5, 9));
    big.json[3] = ['kept', 'as is'];
    let steps = 0;
    expect(await fillSummaryJson(big, { stopped: () => steps++ >= 1 })).toBe(SUMMARY_JSON_CHUNK - 1);
    expect(big.json.filter(Boolean)).toHaveLength(SUMMARY_JSON_CHUNK);
    expect(await fillSummaryJson(big)).toBe(SUMMARY_JSON_CHUNK + 5);
    for (let i = 0; i < big.size; i++) expect(big.json[i]).toEqual(i === 3 ? ['kept', 'as is'] : summaryJsonParts(big.rows[i]!));
  });

  it('no stores: nothing', () => {
    expect([...nearestStores(buildStoreIndex([]), point(0, 0), () => true)]).toEqual([]);
  });
});

forEachDb('the stores in memory (store-index.ts)', ({ db }) => {
  it('reads every store in chunks: positions are earth_point, summaries are the list query\'s', async () => {
    const ix = (await loadStoreIndex(db(), { chunk: 700 }))!;
    const count = (await db().query<{ n: number }>('select count(*)::int as n from stores')).rows[0]!.n;
    expect(count).toBeGreaterThan(1400);
    expect(ix.size).toBe(count);
    expect(new Set(ix.rows.map((r) => r.short_number)).size).toBe(count);
    const sample = ix.rows.filter((_, i) => i % 37 === 0).map((r) => r.short_number);
    const { rows } = await db().query<{ short_number: string; x: number; y: number; z: number; codes: string[]; allday: boolean }>(
      'select short_number, cube_ll_coord(earth_point, 1) as x, cube_ll_coord(earth_point, 2) as y, cube_ll_coord(earth_point, 3) as z, feature_codes as codes, is_open_24_hours as allday from stores where short_number = any($1::text[])',
      [sample],
    );
    const summaries = await summaryRows(db(), sample, 47.6, -122.3);
    for (const r of rows) {
      const i = ix.byShort.get(r.short_number)!;
      expect([ix.xyz[i * 3], ix.xyz[i * 3 + 1], ix.xyz[i * 3 + 2]]).toEqual([r.x, r.y, r.z]);
      const { distance_m: _d, ...summary } = summaries.get(r.short_number)!;
      expect(ix.rows[i]).toEqual(summary);
      for (const code of r.codes) expect(storeFilter(ix, featureFilter([code]))(i)).toBe(true);
      expect(storeFilter(ix, featureFilter(['hrs24']))(i)).toBe(r.allday);
    }
  });

  it('the centre is PostgreSQL\'s ll_to_earth: a store is at chord 0 from its own coordinates', async () => {
    const ix = (await loadStoreIndex(db()))!;
    for (let i = 0; i < ix.size; i += 211) {
      const row = ix.rows[i]!;
      expect(chord(ix.xyz, i, await centreOf(db(), row.latitude, row.longitude))).toBe(0);
    }
  });

  it('is read once, used when ready, dropped by clearStoreIndex (a load under way is thrown away) and by a change to stores', async () => {
    clearStoreIndex(db());
    expect(readyStoreIndex(db())).toBeNull();
    const outcomes: unknown[] = [];
    const first = startStoreIndex(db(), { done: (o) => outcomes.push(o) });
    expect(first).not.toBeNull();
    expect(startStoreIndex(db())).toBeNull(); // under way
    clearStoreIndex(db()); // a change meanwhile: this load is thrown away
    await first;
    expect(readyStoreIndex(db())).toBeNull();
    expect(outcomes).toEqual([]);
    await startStoreIndex(db(), { done: (o) => outcomes.push(o) });
    expect(readyStoreIndex(db())?.size).toBeGreaterThan(0);
    expect(outcomes).toEqual([{ stores: readyStoreIndex(db())!.size, ms: expect.any(Number) }]);
    expect(startStoreIndex(db())).toBeNull(); // held

    // the server stopping: the signal ends a load, nothing is kept or reported
    clearStoreIndex(db());
    const stopping = new AbortController();
    const stopped = startStoreIndex(db(), { signal: stopping.signal, done: (o) => outcomes.push(o) });
    stopping.abort();
    await stopped;
    expect(readyStoreIndex(db())).toBeNull();
    expect(outcomes).toHaveLength(1);

    // more stores than the bound: no index, no new load on the next searches, until stores change
    clearStoreIndex(db());
    const failures: unknown[] = [];
    await startStoreIndex(db(), { max: 100, done: (o) => failures.push(o) });
    expect(readyStoreIndex(db())).toBeNull();
    expect(String(failures[0])).toBe('Error: more than 100 stores: list searches stay on the SQL path');
    expect(startStoreIndex(db())).toBeNull();
    clearStoreIndex(db());
    // a failing database: reported once, not read again on the next search (STORE_INDEX_RETRY_MS)
    const broken = { query: () => Promise.reject(new Error('connection lost')) } as unknown as Queryable;
    await startStoreIndex(broken, { done: (o) => failures.push(o) });
    expect(String(failures[1])).toBe('Error: connection lost');
    expect(startStoreIndex(broken)).toBeNull();
    expect(failures).toHaveLength(2);

    // once ready, every store's summary JSON parts are made in the background
    await startStoreIndex(db());
    const ready = readyStoreIndex(db())!;
    await vi.waitFor(() => expect(ready.json.filter(Boolean)).toHaveLength(ready.size), { timeout: 10_000 });
    expect(ready.json[0]).toEqual(summaryJsonParts(ready.rows[0]!));

    // a change to stores (the trigger's NOTIFY) drops it
    const unlisten = await startCacheInvalidation(db());
    try {
      expect(readyStoreIndex(db())).not.toBeNull();
      await db().query(`update stores set name = name where short_number = '10001'`);
      const t0 = Date.now();
      while (readyStoreIndex(db()) && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 25));
      expect(readyStoreIndex(db())).toBeNull();
    } finally {
      await unlisten();
    }
  });
});
