/**
 * npm run bench:locator — the locator's latency and throughput against trivial endpoints on the same
 * server, at 17,000 and at 170,000 stores (it should stay flat: an index, not a scan), plus the first
 * route's JavaScript against the framework floor when dist/ is built.
 *
 * Loopback only and bounded: for each store count a child process seeds a fresh in-memory PGlite and serves
 * the real app (createApp) on a free port of 127.0.0.1 (the first list search starts filling the open-status cache
 * and reading the stores into memory, as in server/main.ts); this process sends a fixed number of requests at a fixed
 * concurrency (so the load generator does not share the server's thread), then stops the child. The measured requests
 * start once that background work is done (after the warm-up's 100 searches), so that every figure, /healthz's
 * included, is of a server that has finished starting.
 * Options (environment): BENCH_REQUESTS (default 2000), BENCH_CONCURRENCY (8), BENCH_COUNTS ("17000,170000"),
 * BENCH_CPU_PROF (a directory: each serving child writes a V8 CPU profile there when it stops), BENCH_AT (an ISO
 * instant: the servers' clock starts there and runs on; by default the real time, so the open-now searches are
 * night searches when the run is at night in the United States: they test up to 5,000 candidates, the slowest
 * searches at 10 x the stores).
 *
 * It ends with every target of the locator's performance work (issue 8, docs/locator.md "Performance"), each with
 * its ratio and PASS or FAIL: the mixed queries' median <= 3 x /healthz (both store counts, both passes), the
 * mixed throughput at 10 x the stores >= 0.8 x, and, when dist/ is built, the largest script served from its
 * precompressed brotli file (no per-request compression) with its median against /healthz.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/db/seed/seed.ts';
import { warmLocatorCaches } from '../server/locator/warm-caches.ts';
import { setNow } from '../server/clock.ts';
import { readyStoreIndex } from '../server/locator/store-index.ts';
import { mulberry32 } from '../server/db/seed/prng.ts';
import { Hono } from 'hono';
import { createApp } from '../server/app.ts';
import { serveDist } from '../server/http/static.ts';
import type { AppEnv } from '../server/http/types.ts';
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
  /** mean number of stores per locations response */
  storesPerResponse: number | null;
  /** mean body bytes per response */
  bytesPerResponse: number;
  /** Content-Encoding of the responses (static files) */
  encodings: string[];
}

/** What the serving child reports once it listens. */
interface Ready {
  port: number;
  seedMs: number;
  stores: number;
  places: number;
  paths: string[];
  /** 10 nearest stores around big towns, no filter: the same amount of work at every store count */
  nearestPaths: string[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** Latencies and busy time of one endpoint on one server, gathered over several chunks. */
class Tally {
  latencies: number[] = [];
  seconds = 0;
  errors = 0;
  stores = 0;
  counted = 0;
  bytes = 0;
  encodings = new Set<string>();
  constructor(readonly label: string) {}
  stats(): Stats {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return { label: this.label, median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), rps: this.latencies.length / this.seconds, errors: this.errors, storesPerResponse: this.counted ? this.stores / this.counted : null, bytesPerResponse: this.latencies.length ? this.bytes / this.latencies.length : 0, encodings: [...this.encodings] };
  }
}

/** Runs `paths` against the server with CONCURRENCY requests in flight, adding to the tally. */
async function load(base: string, paths: string[], tally: Tally): Promise<void> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] ?? '/healthz';
      const t0 = performance.now();
      const isStatic = path.startsWith('/assets/');
      let res: Response;
      try {
        res = await fetch(base + path, isStatic ? { headers: { 'accept-encoding': 'br, gzip' } } : {});
      } catch (e) {
        // counted, not fatal: the run goes on and the figures say how many failed
        tally.errors++;
        if (tally.errors === 1) console.error(`[bench] ${path}: ${(e as Error).message} (${String((e as { cause?: unknown }).cause)})`);
        continue;
      }
      // static files: the bytes as sent (still compressed); the API: the JSON text
      const raw = isStatic ? new Uint8Array(await res.arrayBuffer()) : null;
      const text = raw ? '' : await res.text();
      tally.latencies.push(performance.now() - t0);
      tally.bytes += raw ? Number(res.headers.get('content-length') ?? raw.length) : text.length;
      tally.encodings.add(res.headers.get('content-encoding') ?? 'identity');
      if (res.status !== 200) tally.errors++;
      else if (path.includes('/locations')) {
        tally.stores += (JSON.parse(text) as { stores: unknown[] }).stores.length;
        tally.counted++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  tally.seconds += (performance.now() - started) / 1000;
}

/** Varied real searches: coordinates near towns of 50,000+ (jittered), place names, and filters. */
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

/** 10 nearest around towns of 200,000+ (jittered): full answers at 17,000 stores already. */
async function nearestPaths(db: Db, n: number): Promise<string[]> {
  const towns = (await db.query<{ latitude: number; longitude: number }>(`select latitude, longitude from places where country_code in ('US', 'CA', 'GB') and population >= 200000 order by id`)).rows;
  const rng = mulberry32(0x10ca7);
  return Array.from({ length: n }, () => {
    const t = rng.pick(towns);
    return `/apiproxy/v1/locations?lat=${(t.latitude + (rng.next() - 0.5) * 0.1).toFixed(5)}&lng=${(t.longitude + (rng.next() - 0.5) * 0.1).toFixed(5)}&limit=10`;
  });
}

/** BENCH_AT: the locator's clock (server/locator/clock.ts) from that instant on, advanced every second. */
function startClock(at: string | undefined) {
  if (!at) return;
  const anchor = Date.parse(at);
  if (Number.isNaN(anchor)) throw new Error(`BENCH_AT=${at}: not an instant`);
  const started = Date.now();
  const tick = () => setNow(new Date(anchor + Date.now() - started));
  tick();
  setInterval(tick, 1000).unref();
}

/** Child process: seed, serve on 127.0.0.1, report, and stop when told (or when the parent goes away). */
async function serveChild(storeCount: number) {
  startClock(process.env.BENCH_AT);
  const db = await openPglite(undefined);
  await migrate(db);
  const t0 = performance.now();
  const seeded = await seedIfEmpty(db, { storeCount });
  const seedMs = performance.now() - t0;
  const app = new Hono<AppEnv>();
  // as server/main.ts: the first list search starts filling the open-status cache and reading the stores into memory
  // in the background (here during the warm-up requests, before the measured passes)
  // the parent measures once both are done and every store's summary parts are made (fillSummaryJson): the figures
  // are those of a server that has finished starting (/healthz measured while the stores were still being read
  // was slower at 170,000 stores than at 17,000, which made the medians' ratios flatter the searches)
  let warmed = 0;
  const warm = warmLocatorCaches(db, {
    log: (line) => {
      console.log(`[bench] ${storeCount} stores: ${line} (started by the first search)`);
      if (++warmed === 2) void summariesMade(db).then(() => process.send?.({ warmed: true }));
    },
  });
  app.use('/apiproxy/v1/locations/*', async (_c, next) => {
    warm();
    await next();
  });
  app.route('/', createApp({ db, config: loadConfig({ APP_ENV: 'test' }) }));
  // the built files as server/main.ts serves them (precompressed variants by Accept-Encoding)
  app.use('/*', serveDist({ root: 'dist' }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  // an idle keep-alive connection (this server waits while the other is measured) must not be closed under
  // the client as it reuses it (ECONNRESET): keep idle connections for longer than any pause of the run
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 600_000;
  const stop = () => server.close(() => void db.close().finally(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  const ready: Ready = { port: (server.address() as AddressInfo).port, seedMs, stores: seeded?.stores ?? 0, places: seeded?.places ?? 0, paths: await locatorPaths(db, REQUESTS), nearestPaths: await nearestPaths(db, REQUESTS) };
  process.send?.(ready);
}

/** Resolves once every store in memory has its summary JSON parts (fillSummaryJson runs after the index is ready). */
async function summariesMade(db: Db): Promise<void> {
  for (;;) {
    const ix = readyStoreIndex(db);
    if (!ix || ix.json.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let stopping = false;

/** The largest script of the build (the map adapter and its kind): served precompressed, never per request. */
function largestAsset(): string | null {
  if (!existsSync('dist/assets')) return null;
  const js = readdirSync('dist/assets').filter((f) => f.endsWith('.js')).map((f) => ({ f, size: statSync(`dist/assets/${f}`).size }));
  js.sort((a, b) => b.size - a.size);
  return js[0] ? `/assets/${js[0].f}` : null;
}
const STATIC_ASSET = largestAsset();

function startChild(storeCount: number): Promise<{ child: ChildProcess; ready: Ready; warmed: Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(storeCount)], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])] });
  process.once('exit', () => child.kill());
  // the second message: the background work the first searches started is done (serveChild)
  const warmed = new Promise<void>((resolve) => child.on('message', (m) => (m as { warmed?: boolean }).warmed && resolve()));
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: m as Ready, warmed }));
    // before it is ready: a failed start; after: say so (a server that dies mid-run fails the requests)
    child.once('exit', (code, signal) => {
      reject(new Error(`server process exited with ${code}`));
      if (!stopping) console.error(`[bench] the ${storeCount}-store server exited: code ${code}, signal ${signal}`);
    });
  });
}

const fmt = (r: Stats) =>
  `  ${r.label.padEnd(34)} median ${r.median.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   ${r.rps.toFixed(0).padStart(6)} req/s` +
  (r.storesPerResponse !== null ? `   ${r.storesPerResponse.toFixed(1)} stores/response, ${(r.bytesPerResponse / 1024).toFixed(1)} KB (${(r.bytesPerResponse / Math.max(1, r.storesPerResponse)).toFixed(0)} B/store)` : '') +
  (r.encodings.length && r.label.startsWith('static') ? `   ${(r.bytesPerResponse / 1024).toFixed(1)} KB sent, ${r.encodings.join('/')}` : '') +
  (r.errors ? `   ${r.errors} non-200` : '');

const ENDPOINTS = ['GET /healthz (select 1)', 'GET /apiproxy/v1/config', 'GET /apiproxy/v1/locations', 'GET /apiproxy/v1/locations (again)', 'locations, 10 nearest, big towns', 'static: largest script (br)'] as const;
const CHUNKS = 10;

function pathsFor(endpoint: (typeof ENDPOINTS)[number], ready: Ready): string[] {
  if (endpoint === 'GET /healthz (select 1)') return Array<string>(REQUESTS).fill('/healthz');
  if (endpoint === 'GET /apiproxy/v1/config') return Array<string>(REQUESTS).fill('/apiproxy/v1/config');
  if (endpoint === 'locations, 10 nearest, big towns') return ready.nearestPaths;
  if (endpoint === 'static: largest script (br)') return STATIC_ASSET ? Array<string>(Math.min(REQUESTS, 500)).fill(STATIC_ASSET) : [];
  return ready.paths;
}

/**
 * Every server gets the same requests, in chunks that alternate between the servers, so that noise from
 * other work on the machine falls on all of them alike.
 */
async function benchAll(servers: { storeCount: number; ready: Ready; warmed: Promise<void> }[]) {
  const tallies = servers.map(() => new Map(ENDPOINTS.map((e) => [e, new Tally(e)])));
  for (const s of servers) await load(`http://127.0.0.1:${s.ready.port}`, s.ready.paths.slice(0, WARMUP), new Tally('warm-up'));
  // measured once each server has read its stores into memory and filled the open-status cache (started by the
  // warm-up's first search, as in server/main.ts): the first pass is still cold for everything a search fills itself
  // (centres, places, statuses of the minute, store rows)
  const t0 = performance.now();
  await Promise.all(servers.map((s) => s.warmed));
  console.log(`[bench] background loads done ${((performance.now() - t0) / 1000).toFixed(1)} s after the warm-up`);
  for (const endpoint of ENDPOINTS) {
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      for (const [i, s] of servers.entries()) {
        const paths = pathsFor(endpoint, s.ready);
        if (!paths.length) continue;
        const size = Math.ceil(paths.length / CHUNKS);
        await load(`http://127.0.0.1:${s.ready.port}`, paths.slice(chunk * size, (chunk + 1) * size), tallies[i]!.get(endpoint)!);
      }
    }
  }
  return servers.map((s, i) => {
    const [healthz, config, locations, again, nearest, assets] = ENDPOINTS.map((e) => tallies[i]!.get(e)!.stats()) as [Stats, Stats, Stats, Stats, Stats, Stats];
    console.log(`\n== ${s.ready.stores} stores, ${s.ready.places} places (seeded in ${(s.ready.seedMs / 1000).toFixed(1)} s, PGlite in memory, own process)`);
    for (const r of [healthz, config, locations, again, nearest, ...(STATIC_ASSET ? [assets] : [])]) console.log(fmt(r));
    const pct = (a: Stats) => ((a.rps / healthz.rps) * 100).toFixed(1);
    console.log(`  locations vs /healthz: ${pct(locations)}% of the throughput (${pct(again)}% on the second pass), median x${(locations.median / healthz.median).toFixed(2)}`);
    for (const [name, r] of [['mixed, first pass', locations], ['mixed, second pass', again]] as const) {
      const ratio = r.median / healthz.median;
      targets.push({ name: `${s.ready.stores} stores, ${name}: median <= 3 x /healthz`, value: `x${ratio.toFixed(2)} (${r.median.toFixed(2)} / ${healthz.median.toFixed(2)} ms)`, pass: ratio <= 3 });
    }
    if (STATIC_ASSET) {
      const ratio = assets.median / healthz.median;
      const precompressed = assets.encodings.length === 1 && assets.encodings[0] === 'br' && !assets.errors;
      targets.push({ name: `${s.ready.stores} stores, static ${STATIC_ASSET.replace(/^.*\//, '')} sent from its .br file`, value: `${assets.encodings.join('/')}, ${(assets.bytesPerResponse / 1024).toFixed(1)} KB, median x${ratio.toFixed(2)} of /healthz (${assets.median.toFixed(2)} ms)`, pass: precompressed });
    }
    return { storeCount: s.storeCount, locations, again, nearest };
  });
}

const targets: { name: string; value: string; pass: boolean }[] = [];

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
  console.log(`Locator benchmark: ${REQUESTS} requests per endpoint and store count, concurrency ${CONCURRENCY}, loopback, PGlite; the servers' clock ${process.env.BENCH_AT ? `from ${process.env.BENCH_AT} (BENCH_AT)` : `the real time (${new Date().toISOString()})`}`);
  console.log(`Seeding ${COUNTS.join(' and ')} stores in parallel child processes...`);
  const started = await Promise.all(COUNTS.map(async (storeCount) => ({ storeCount, ...(await startChild(storeCount)) })));
  try {
    const [small, large] = await benchAll(started);
    if (small && large) {
      console.log(`\n== ${large.storeCount} vs ${small.storeCount} stores (×${(large.storeCount / small.storeCount).toFixed(0)} data)`);
      for (const pass of ['locations', 'again', 'nearest'] as const) {
        const [a, b] = [small[pass], large[pass]];
        console.log(`  ${{ locations: 'mixed, first pass ', again: 'mixed, second pass', nearest: '10 nearest        ' }[pass]}: median ×${(b.median / a.median).toFixed(2)}, p99 ×${(b.p99 / a.p99).toFixed(2)}, throughput ×${(b.rps / a.rps).toFixed(2)} (stores per response ${a.storesPerResponse?.toFixed(1)} → ${b.storesPerResponse?.toFixed(1)})`);
      }
      for (const pass of ['locations', 'again'] as const) {
        const ratio = large[pass].rps / small[pass].rps;
        targets.push({ name: `mixed throughput at x${(large.storeCount / small.storeCount).toFixed(0)} stores >= 0.80 x (${pass === 'locations' ? 'first pass' : 'second pass'})`, value: `x${ratio.toFixed(2)} (${large[pass].rps.toFixed(0)} / ${small[pass].rps.toFixed(0)} req/s)`, pass: ratio >= 0.8 });
      }
    }
  } finally {
    stopping = true;
    for (const s of started) s.child.kill('SIGTERM');
  }
  if (!STATIC_ASSET) console.log('\n(dist/ not built: no static-file figure; `npm run build` first)');
  console.log('\n== Targets (issue 8, server side)');
  for (const t of targets) console.log(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.value}`);
  await bundleReport();
}

if (process.argv[2] === '--serve') await serveChild(Number(process.argv[3]));
else await main();
