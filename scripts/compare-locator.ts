/**
 * node --import tsx scripts/compare-locator.ts — the locator's list query against its straightforward reference
 * (server/test/locator-reference.ts) at a given store count, on an in-memory PGlite seeded like the benchmark.
 * The vitest equivalence test does the same at 17,000 stores on PGlite and PostgreSQL; this one is for 170,000.
 * Options (environment): COMPARE_STORES (170000), COMPARE_CASES (600), COMPARE_SEED (a number).
 * It also times both paths per case, one request at a time (no concurrency): a profile, not the benchmark.
 */
import { openPglite } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/db/seed/seed.ts';
import { findLocations, findNearest } from '../server/locator/locations.ts';
import { compareWithReference, locatorCases, referenceFindLocations, referenceFindNearest, type LocatorCase } from '../server/test/locator-reference.ts';

const STORES = Number(process.env.COMPARE_STORES ?? 170_000);
const CASES = Number(process.env.COMPARE_CASES ?? 600);
const SEED = Number(process.env.COMPARE_SEED ?? 0x170c);

const db = await openPglite(undefined);
await migrate(db);
let t0 = performance.now();
await seedIfEmpty(db, { storeCount: STORES });
console.log(`seeded ${STORES} stores in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const userId = (await db.query<{ id: string }>('select id from users order by id limit 1')).rows[0]!.id;
const cases = await locatorCases(db, CASES, SEED);

t0 = performance.now();
const r = await compareWithReference(db, cases, userId);
console.log(`${r.cases} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${r.mismatches.length} different, ${r.stores} stores answered, ${r.openNowCases} with open now, ${r.emptyOrNotFound} empty or not found`);
for (const m of r.mismatches.slice(0, 5)) console.log(JSON.stringify(m.c), '\n  app:', m.app.slice(0, 400), '\n  ref:', m.reference.slice(0, 400));

/** per-case timings of one path, guests only (the user's stores were set by the comparison), second run (warm caches for the app) */
async function time(path: 'app' | 'reference', which: LocatorCase[]) {
  const ms: number[] = [];
  for (const c of which) {
    const q = c.query;
    const started = performance.now();
    try {
      if (c.kind === 'nearest') await (path === 'app' ? findNearest : referenceFindNearest)(db, { lat: q.lat!, lng: q.lng!, features: q.features }, c.at);
      else await (path === 'app' ? findLocations : referenceFindLocations)(db, q, null, c.at);
    } catch {
      // not found: timed all the same
    }
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((s, x) => s + x, 0) / Math.max(1, ms.length);
  return `median ${(ms[Math.floor(ms.length / 2)] ?? NaN).toFixed(1)} ms, mean ${mean.toFixed(1)} ms, p90 ${(ms[Math.floor(ms.length * 0.9)] ?? NaN).toFixed(1)} ms`;
}
const on = cases.filter((c) => c.query.features.includes('ON'));
const off = cases.filter((c) => !c.query.features.includes('ON'));
for (const [label, which] of [['open now (ON)', on], ['without ON', off]] as const) {
  console.log(`${label}, ${which.length} cases: reference ${await time('reference', which)}; app ${await time('app', which)}`);
}
await db.close();
process.exit(r.mismatches.length ? 1 : 0);
