/**
 * npm run bench:locator — the locator's latency and throughput against a trivial endpoint on the same
 * server, at 17,000 and at 170,000 stores (it should stay flat: an index, not a scan), plus the first
 * route's JavaScript against the framework floor when dist/ is built.
 *
 * Loopback only, bounded: a fresh in-memory PGlite per store count, the real app (createApp) on a free
 * port of 127.0.0.1, N requests at a fixed concurrency, then everything is closed.
 * Options (environment): BENCH_REQUESTS (default 2000), BENCH_CONCURRENCY (8), BENCH_COUNTS ("17000,170000").
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/db/seed/seed.ts';
import { mulberry32 } from '../server/db/seed/prng.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const COUNTS = (process.env.BENCH_COUNTS ?? '17000,170000').split(',').map(Number);
const WARMUP = 100;

interface Stats {
  label: string;
  median: number;
  p99: number;
  rps: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** Runs `paths` against the server with a fixed number of requests in flight; latencies in ms. */
async function load(base: string, label: string, paths: string[]): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] ?? '/healthz';
      const t0 = performance.now();
      const res = await fetch(base + path);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { label, median: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: paths.length / elapsed, errors };
}

/** Varied real searches: coordinates near big towns (jittered), place names, and filters. Same list for every store count. */
async function locatorPaths(db: Db, n: number): Promise<string[]> {
  const towns = (
    await db.query<{ display_name: string; latitude: number; longitude: number }>(
      `select display_name, latitude, longitude from places where country_code in ('US', 'CA', 'GB') and population >= 50000 order by id`,
    )
  ).rows;
  const rng = mulberry32(0xbe4c);
  const filters = ['', '', '', 'DT', 'WF,ON', 'GC,MO', 'CX', 'hrs24'];
  return Array.from({ length: n }, () => {
    const t = rng.pick(towns);
    const features = rng.pick(filters);
    const f = features ? `&features=${features}` : '';
    if (rng.chance(0.25)) return `/apiproxy/v1/locations?place=${encodeURIComponent(t.display_name)}${f}`;
    const lat = (t.latitude + (rng.next() - 0.5) * 0.2).toFixed(5);
    const lng = (t.longitude + (rng.next() - 0.5) * 0.2).toFixed(5);
    return `/apiproxy/v1/locations?lat=${lat}&lng=${lng}${f}`;
  });
}

async function startServer(db: Db) {
  const app = createApp({ db, config: loadConfig({ APP_ENV: 'test' }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function benchCount(storeCount: number) {
  const db = await openPglite(undefined);
  await migrate(db);
  const t0 = performance.now();
  const seeded = await seedIfEmpty(db, { storeCount });
  const seedMs = performance.now() - t0;
  console.log(`\n== ${seeded?.stores ?? '?'} stores, ${seeded?.places ?? '?'} places: seeded in ${(seedMs / 1000).toFixed(1)} s (PGlite, in memory)`);
  const server = await startServer(db);
  try {
    const paths = await locatorPaths(db, REQUESTS);
    await load(server.base, 'warm-up', paths.slice(0, WARMUP));
    const results = [
      await load(server.base, 'GET /healthz (select 1)', Array(REQUESTS).fill('/healthz')),
      await load(server.base, 'GET /apiproxy/v1/config', Array(REQUESTS).fill('/apiproxy/v1/config')),
      await load(server.base, 'GET /apiproxy/v1/locations', paths),
    ];
    for (const r of results) console.log(`  ${r.label.padEnd(30)} median ${r.median.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   ${r.rps.toFixed(0).padStart(6)} req/s${r.errors ? `   ${r.errors} non-200` : ''}`);
    const [healthz, , locations] = results as [Stats, Stats, Stats];
    console.log(`  locations vs /healthz: ${(locations.rps / healthz.rps * 100).toFixed(1)}% of the throughput, median ×${(locations.median / healthz.median).toFixed(1)}`);
    return { storeCount, seedMs, locations, healthz };
  } finally {
    await server.close();
    await db.close();
  }
}

/** First route's JavaScript against the framework floor (scripts/bundle-size.ts), when the app is built. */
async function bundleReport() {
  if (!existsSync('dist/.vite/manifest.json')) {
    console.log('\n(dist/ not built with a manifest: run `npm run build` for the first-route JavaScript figures)');
    return;
  }
  const { reportBundle } = await import('./bundle-size.ts');
  await reportBundle();
}

async function main() {
  console.log(`Locator benchmark: ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}, loopback, one Node process, PGlite`);
  const runs = [];
  for (const count of COUNTS) runs.push(await benchCount(count));
  const [small, large] = runs;
  if (small && large) {
    console.log(`\n== ${large.storeCount} vs ${small.storeCount} stores (×${(large.storeCount / small.storeCount).toFixed(0)} data)`);
    console.log(`  locations median ×${(large.locations.median / small.locations.median).toFixed(2)}, p99 ×${(large.locations.p99 / small.locations.p99).toFixed(2)}, throughput ×${(large.locations.rps / small.locations.rps).toFixed(2)}`);
  }
  await bundleReport();
}

await main();
