/**
 * The compiled server (docs/operations.md, "Start-up and memory"): server/main.ts and its migrate+seed worker
 * (server/db/seed-worker.ts) bundled by esbuild (installed with vite) into dist-server/, packages left as
 * imports of node_modules. `npm start` (scripts/start.mjs) runs it when it is current, which saves loading tsx
 * and compiling TypeScript at every start; otherwise it runs the TypeScript sources with tsx. Tests, `npm run dev`,
 * `npm run serve` and the e2e web server run the sources.
 *
 * Current = every input esbuild read (listed in dist-server/meta.json, from its metafile) and package-lock.json
 * are older than dist-server/main.js. Plain JavaScript: scripts/start.mjs needs it before tsx is loaded.
 *   node scripts/server-build.mjs   (npm run build:server)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SERVER_OUT = 'dist-server';
export const SERVER_STAMP = `${SERVER_OUT}/main.js`;
const META = `${SERVER_OUT}/meta.json`;
const ENTRIES = { main: 'server/main.ts', 'seed-worker': 'server/db/seed-worker.ts' };

/** Why dist-server/ is not current, or null when it is. */
export function serverStaleReason(root = '.') {
  const stamp = path.join(root, SERVER_STAMP);
  if (!existsSync(stamp)) return `${SERVER_STAMP} missing`;
  const built = statSync(stamp).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(root, META), 'utf8')).inputs;
  } catch {
    return `${META} missing`;
  }
  if (!Array.isArray(inputs)) return `${META} unreadable`;
  for (const file of [...inputs, 'package-lock.json', 'scripts/server-build.mjs']) {
    const p = path.join(root, file);
    if (!existsSync(p)) {
      if (inputs.includes(file)) return `${file} removed`;
      continue;
    }
    if (statSync(p).mtimeMs > built) return `${file} changed`;
  }
  return null;
}

/**
 * The sources one entry's output reads: its inputs and those of every chunk it imports, statically or
 * dynamically (scripts/seed-snapshot.ts hashes the seed worker's).
 */
function entryInputs(metafile, entryPoint) {
  const outputs = metafile.outputs;
  const start = Object.keys(outputs).find((o) => outputs[o].entryPoint === entryPoint);
  const seen = new Set();
  const files = new Set();
  const walk = (o) => {
    if (!o || seen.has(o) || !outputs[o]) return;
    seen.add(o);
    for (const f of Object.keys(outputs[o].inputs)) if (!f.startsWith('node_modules/')) files.add(f);
    for (const i of outputs[o].imports) walk(i.path);
  };
  walk(start);
  return [...files].sort();
}

/** Bundles the server into dist-server/ (about a second). */
export async function buildServer(root = '.') {
  const { build } = await import('esbuild');
  const out = path.join(root, SERVER_OUT);
  await mkdir(out, { recursive: true });
  const result = await build({
    absWorkingDir: path.resolve(root),
    entryPoints: ENTRIES,
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // dynamic imports (GraphQL, the pg driver) become chunks that load their packages only when first used
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    banner: { js: '// built by scripts/server-build.mjs from server/: do not edit' },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  // the meta file is written before the stamp's final mtime matters: main.js is rewritten by build() above
  await writeFile(path.join(out, 'meta.json'), JSON.stringify({ inputs, seedInputs: entryInputs(result.metafile, ENTRIES['seed-worker']) }, null, 1));
  return inputs.length;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const n = await buildServer();
  console.log(`[build] server compiled to ${SERVER_OUT}/ (${n} source files)`);
}
