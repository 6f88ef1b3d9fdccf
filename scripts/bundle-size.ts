/**
 * JavaScript weight of the first route, gzipped, against the framework floor (the same stack with an
 * empty app), from Vite's build manifest. Used by `npm run bench:locator`; runnable alone:
 *   node --import tsx scripts/bundle-size.ts [/store-locator]
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

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k]!.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

async function readManifest(dist: string): Promise<Manifest> {
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

export async function reportBundle(routeFile = 'src/routes/store-locator.tsx') {
  const route = await firstRouteBytes('dist', routeFile);
  const floor = await frameworkFloorBytes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nJavaScript, gzipped (level 9):`);
  console.log(`  framework floor (react, react-dom, router, query, xstate):   ${kb(floor)}`);
  console.log(`  first route ${routeFile}: entry ${kb(route.entryGz)}, entry + route chunks ${kb(route.totalGz)}  → ${(route.totalGz / floor).toFixed(2)}× the floor`);
  const maps = route.lazyChunks.filter((c) => /maplibre|mapbox/i.test(c.file));
  for (const c of maps) console.log(`  lazy map chunk ${c.file}: ${kb(c.gzip)} (not in the first route)`);
  return { floor, ...route };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await reportBundle(process.argv[2] ? `src/routes${process.argv[2]}.tsx` : undefined);
}
