import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../db/seed/prng.ts';
import type { Queryable } from '../db/db.ts';
import { bruteForce, point, randomStores } from '../test/store-index-fixtures.ts';
import { featureFilter } from './features.ts';
import { buildStoreIndex, NearestCursor, storeFilter, type StoreIndex } from './store-index.ts';
import { nthSmallest, openHits, openNearest, type MinuteTable } from './store-queries.ts';

/**
 * The open-now search around a point from the stores in memory (store-queries.ts openNearest): the walk passes the
 * stores known closed this minute without yielding them, and applies the candidate cap from the distances it
 * counted. It must answer as the definition does: among the stores that pass the static filter within the radius,
 * nearest first, the first `maxCandidates`; of those, the first `limit` open ones.
 */

/** No database: every hours key is known in the minute's table, so nothing is read (a query would throw). */
const noDb = {} as Queryable;
const AT = new Date('2026-11-26T08:00:00Z');

/** A minute's table with each hours key open with probability `share`. */
function tableOf(ix: StoreIndex, share: number, seed: number): MinuteTable {
  const rng = mulberry32(seed).next;
  const open = new Int8Array(ix.keys.length).map(() => (rng() < share ? 1 : 0));
  return { minute: 0, open, status: [], json: [] };
}

/** The definition, by brute force. */
function reference(ix: StoreIndex, c: [number, number, number], pass: (i: number) => boolean, table: MinuteTable, limit: number, radius: number, maxCandidates: number) {
  const candidates = bruteForce(ix, c, pass).filter(([, d]) => d <= radius);
  const open = ([i]: [number, number]) => table.open[ix.keyOf[i]!] === 1;
  return { capped: candidates.slice(0, maxCandidates).filter(open).slice(0, limit), uncapped: candidates.filter(open).slice(0, limit) };
}

const rng = mulberry32(31).next;
const centres = Array.from({ length: 12 }, (_, i) => (i % 3 ? point(47.6 + rng() - 0.5, -122.3 + rng() - 0.5) : point(rng() * 170 - 85, rng() * 360 - 180)));
const filters = [[], ['WF'], ['DT', 'CX']].map((codes) => featureFilter(codes));
const cases = (fn: (c: [number, number, number], f: (typeof filters)[number], share: number, limit: number, radius: number, cap: number) => Promise<void>) => async () => {
  for (const c of centres)
    for (const f of filters)
      for (const share of [0.05, 0.3, 0.9])
        for (const limit of [1, 10, 50])
          for (const radius of [Infinity, 120_000, 15_000])
            for (const cap of [15, 60, 400]) await fn(c, f, share, limit, radius, cap);
};

describe('open now around a point, walking past the stores known closed (openNearest)', () => {
  const ix = buildStoreIndex(randomStores(3000, 21));

  it('answers as the definition: the first `limit` open stores among the first `maxCandidates` candidates in the radius', async () => {
    let cut = 0;
    let stoppedEarly = 0;
    let compared = 0;
    await cases(async (c, f, share, limit, radius, cap) => {
      const table = tableOf(ix, share, compared);
      const pass = storeFilter(ix, f);
      const cursor = new NearestCursor(ix, c, pass, { open: table.open });
      let yielded = 0;
      const next = cursor.next.bind(cursor);
      cursor.next = () => (yielded++, next());
      const got = await openNearest(noDb, ix, cursor, table, AT, limit, radius, cap);
      const want = reference(ix, c, pass, table, limit, radius, cap);
      expect(got).toEqual(want.capped);
      compared++;
      if (want.capped.length < want.uncapped.length) cut++;
      // the walk stopped once past the cap's distance, before it met every open store it would keep without the cap
      if (yielded < want.uncapped.length) stoppedEarly++;
      // only open stores are yielded (every key is known here): at most the open ones it kept, and the one after
      expect(yielded).toBeLessThanOrEqual(want.uncapped.length + 1);
      // the walk that tests every candidate in turn gives the same
      expect(await openHits(noDb, ix, new NearestCursor(ix, c, pass), table, AT, limit, radius, cap)).toEqual(want.capped);
    })();
    expect(compared).toBe(12 * 3 * 3 * 3 * 3 * 3);
    // the cap mattered often, and the walk stopped past the cap's distance before the radius or the end
    expect(cut).toBeGreaterThan(compared / 10);
    expect(stoppedEarly).toBeGreaterThan(0);
  });

  it('stores at the same place: the same distances as the definition, or null (the caller then tests in turn) when a tie sits at the cap', async () => {
    // every odd store at the place of the one before it: ties everywhere
    const tuples = randomStores(3000, 23).map((t, i, all) => {
      if (i % 2 === 0) return t;
      const u = [...t] as typeof t;
      for (const k of [4, 5, 9, 10, 11] as const) (u as unknown[])[k] = all[i - 1]![k];
      return u;
    });
    const tied = buildStoreIndex(tuples);
    let nulls = 0;
    let answered = 0;
    await cases(async (c, f, share, limit, radius, cap) => {
      const table = tableOf(tied, share, answered + nulls);
      const pass = storeFilter(tied, f);
      const got = await openNearest(noDb, tied, new NearestCursor(tied, c, pass, { open: table.open }), table, AT, limit, radius, cap);
      const want = reference(tied, c, pass, table, limit, radius, cap).capped;
      if (got === null) nulls++;
      else {
        answered++;
        expect(got.map(([, d]) => d)).toEqual(want.map(([, d]) => d));
      }
    })();
    expect(nulls).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(nulls * 4);
  });

  it('nthSmallest: the k-th of a sort, with repeated values', () => {
    const r = mulberry32(5).next;
    for (let n = 1; n < 300; n += 7) {
      const a = Float64Array.from({ length: n }, () => Math.floor(r() * n * 0.7));
      const sorted = [...a].sort((x, y) => x - y);
      for (const k of [0, n >> 1, n - 1]) expect(nthSmallest(a.slice(), k)).toBe(sorted[k]);
    }
  });
});
