import { expect, it } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { compareWithReference, locatorCases } from '../test/locator-reference.ts';
import { clearStoreIndex, readyStoreIndex, startStoreIndex } from './store-index.ts';

/**
 * The list query (summary columns, open status per hours key, ON by hours key in continuing rounds) answers
 * exactly as the straightforward reference (whole rows, no caches, growing rounds: server/test/locator-reference.ts)
 * over seeded cases: coordinates, place names, store numbers, the middle of the ocean, every filter with ON
 * often, limits 1 to 500, members with favorites and previous stores, instants over a week and holidays.
 * Both paths of a search: SQL (the GiST index) and, once read, the stores in memory (store-index.ts). A list answer
 * is compared as GET /locations writes it (locations.ts locationsJson, which writes the stores' cached texts).
 * scripts/compare-locator.ts runs the same comparison at 170,000 stores.
 */
const CASES = Number(process.env.LOCATOR_EQUIVALENCE_CASES ?? 300);

forEachDb('locator list query equals the reference', ({ db }) => {
  for (const path of ['SQL', 'stores in memory'] as const) {
    it(`${CASES} seeded cases give the same JSON (${path} path)`, { timeout: 600_000 }, async () => {
      if (path === 'SQL') clearStoreIndex(db());
      else await startStoreIndex(db());
      expect(readyStoreIndex(db()) === null).toBe(path === 'SQL');
      const cases = await locatorCases(db(), CASES, 0x5eed_8);
      const userId = (await db().query<{ id: string }>('select id from users order by id limit 1')).rows[0]!.id;
      const r = await compareWithReference(db(), cases, userId);
      expect(r.mismatches.slice(0, 3)).toEqual([]);
      // the cases exercise what they should: many stores, many open-now searches, a few empty answers
      expect(r.stores).toBeGreaterThan(CASES * 10);
      expect(r.openNowCases).toBeGreaterThan(CASES / 8);
      expect(r.emptyOrNotFound).toBeGreaterThan(0);
      // the stores in memory answer with their stores' JSON texts (GET /locations writes them as they are)
      if (path === 'SQL') expect(r.storeTexts).toBe(0);
      else expect(r.storeTexts).toBeGreaterThan(CASES * 10);
    });
  }
});
