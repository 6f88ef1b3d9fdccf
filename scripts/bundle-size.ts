/**
 * JavaScript weight of a first route, gzipped, against the framework floor, from Vite's build manifest. The floor
 * (issue 32's decision, docs/architecture.md) is the design card's runtime stack with one route, one machine, one
 * valibot search schema and one urql query (scripts/bench/floor-entry.tsx: FLOOR_STACK below), built in the same
 * run with the versions installed. Used by `npm run bench:locator` and
 * `npm run bench:vitals`; runnable alone (after `npm run build`):
 *   node --import tsx scripts/bundle-size.ts              every route, each with its ratio and PASS/FAIL (<= 1.25x)
 *   node --import tsx scripts/bundle-size.ts store-locator one route file (src/routes/<name>.tsx)
 *   node --import tsx scripts/bundle-size.ts --dist ../old/dist   every route of another build (an older commit's
 *                                                         `vite build`), against the floor built in this run with
 *                                                         the installed versions (issue 31's before/after table)
 */
import { readFile, mkdtemp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

async function gz(file: string) {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k]!.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

export async function readManifest(dist: string): Promise<Manifest> {
  const p = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(p)) throw new Error(`${p} missing: run npm run build`);
  return JSON.parse(await readFile(p, 'utf8')) as Manifest;
}

/** Entry chunk plus everything it imports statically, plus the route's split chunks and their static imports. */
export async function firstRouteBytes(dist = 'dist', routeFile = 'src/routes/store-locator.tsx') {
  const manifest = await readManifest(dist);
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const entry = staticClosure(manifest, entryKeys);
  const routeKeys = Object.keys(manifest).filter((k) => k.startsWith(routeFile));
  const route = staticClosure(manifest, routeKeys);
  const all = new Set([...entry, ...route]);
  let entryGz = 0;
  for (const k of entry) entryGz += await gz(path.join(dist, manifest[k]!.file));
  let totalGz = 0;
  for (const k of all) totalGz += await gz(path.join(dist, manifest[k]!.file));
  const lazy = Object.entries(manifest).filter(([k]) => !all.has(k));
  const lazyChunks = await Promise.all(lazy.filter(([, c]) => c.file.endsWith('.js')).map(async ([k, c]) => ({ key: k, file: c.file, gzip: await gz(path.join(dist, c.file)) })));
  return { entryGz, totalGz, routeChunks: routeKeys.length, lazyChunks: lazyChunks.sort((a, b) => b.gzip - a.gzip) };
}

/** the packages of the floor (scripts/bench/floor-entry.tsx) */
export const FLOOR_STACK = 'react, react-dom, @tanstack/react-router, @tanstack/react-query, xstate, @xstate/react, valibot, urql, graphql; one route, one machine, one valibot search schema, one urql query';

/** Builds the floor app (scripts/bench/floor.html) with Vite and returns its JavaScript, gzip -9, in bytes. */
export async function frameworkFloorBytes() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'floor-'));
  await build({
    configFile: false,
    root: path.resolve('scripts/bench'),
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, manifest: true, rollupOptions: { input: path.resolve('scripts/bench/floor.html') } },
  });
  const manifest = await readManifest(outDir);
  const keys = staticClosure(manifest, Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  let total = 0;
  for (const k of keys) total += await gz(path.join(outDir, manifest[k]!.file));
  return total;
}

/** the route files of the app (src/routes/*.tsx, not the `-` folders), as built: one row each */
export async function routeFiles(dist = 'dist'): Promise<string[]> {
  const manifest = await readManifest(dist);
  const files = new Set<string>();
  for (const k of Object.keys(manifest)) {
    const m = /^(src\/routes\/[^/-][^/?]*\.tsx)/.exec(k);
    if (m && m[1] !== 'src/routes/__root.tsx') files.add(m[1]!);
  }
  return [...files].sort();
}

export const BUNDLE_TARGET = 1.25;

/** Every route's entry + route JavaScript against the floor, PASS/FAIL at BUNDLE_TARGET; returns the failures. */
export async function reportAllRoutes(floor?: number, dist = 'dist') {
  const f = floor ?? (await frameworkFloorBytes());
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nJavaScript on first load, gzip -9: entry + the route's chunks, against the framework floor ${kb(f)} = ${f} bytes (${FLOOR_STACK}; built in this run). Target <= ${BUNDLE_TARGET}x = ${kb(f * BUNDLE_TARGET)}`);
  let entry = 0;
  const rows: Array<{ route: string; total: number; ratio: number }> = [];
  for (const file of await routeFiles(dist)) {
    const r = await firstRouteBytes(dist, file);
    entry = r.entryGz;
    rows.push({ route: file.replace('src/routes/', '').replace(/\.tsx$/, ''), total: r.totalGz, ratio: r.totalGz / f });
  }
  const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
  console.log(`  entry alone: ${kb(entry)} (${bytes(entry)}) = ${(entry / f).toFixed(2)}x the floor`);
  for (const r of rows) console.log(`  ${r.route.padEnd(58)} ${kb(r.total).padStart(9)} ${bytes(r.total).padStart(10)}  ${r.ratio.toFixed(2)}x  ${r.ratio <= BUNDLE_TARGET ? 'PASS' : 'FAIL'}`);
  const failed = rows.filter((r) => r.ratio > BUNDLE_TARGET);
  console.log(`  ${rows.length - failed.length}/${rows.length} routes within ${BUNDLE_TARGET}x; worst ${Math.max(...rows.map((r) => r.ratio)).toFixed(2)}x, best ${Math.min(...rows.map((r) => r.ratio)).toFixed(2)}x`);
  return { floor: f, entry, rows, failed };
}

export async function reportBundle(routeFile = 'src/routes/store-locator.tsx', dist = 'dist') {
  const route = await firstRouteBytes(dist, routeFile);
  const floor = await frameworkFloorBytes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nJavaScript, gzipped (level 9):`);
  console.log(`  framework floor (${FLOOR_STACK}): ${kb(floor)} = ${floor} bytes`);
  console.log(`  first route ${routeFile}: entry ${kb(route.entryGz)}, entry + route chunks ${kb(route.totalGz)}  → ${(route.totalGz / floor).toFixed(2)}× the floor`);
  const maps = route.lazyChunks.filter((c) => /maplibre|mapbox/i.test(c.file));
  for (const c of maps) console.log(`  lazy map chunk ${c.file}: ${kb(c.gzip)} (not in the first route)`);
  return { floor, ...route };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dist');
  const dist = at >= 0 ? args.splice(at, 2)[1] : undefined;
  if (at >= 0 && !dist) throw new Error('--dist needs a folder (a vite build output with .vite/manifest.json)');
  if (args[0]) await reportBundle(`src/routes/${args[0].replace(/^\//, '').replace(/\.tsx$/, '')}.tsx`, dist);
  else await reportAllRoutes(undefined, dist);
}
