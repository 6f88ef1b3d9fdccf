/**
 * `npm start` runs this instead of an unconditional build: it builds (npm run build) only when dist/ is
 * missing or older than any input of the client bundle, so a restart with a current build starts at once.
 *
 * Inputs: index.html, vite.config.ts, package-lock.json, and every file under src/, machines/, contracts/
 * and public/ (tests included: cheap to over-approximate). Output stamp: dist/.vite/manifest.json, which
 * vite writes last-ish on every build; precompress.ts runs after it, so its variants are part of "current".
 * The compiled server (dist-server/, scripts/server-build.mjs) is checked too: `npm run build` makes both; when only
 * the server is stale, just it is recompiled (about a second); should that fail, npm start runs the sources with tsx.
 *   node --import tsx scripts/build-if-stale.ts [--check]   (--check: print, exit 1 when stale, build nothing)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildServer, serverStaleReason } from './server-build.mjs';

const INPUT_FILES = ['index.html', 'vite.config.ts', 'scripts/page-shells-build.ts', 'package-lock.json'];
const INPUT_DIRS = ['src', 'machines', 'contracts', 'public'];
export const STAMP = 'dist/.vite/manifest.json';

async function newestUnder(dir: string): Promise<{ file: string; mtime: number } | null> {
  if (!existsSync(dir)) return null;
  let best: { file: string; mtime: number } | null = null;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    const { mtimeMs } = await stat(file);
    if (!best || mtimeMs > best.mtime) best = { file, mtime: mtimeMs };
  }
  return best;
}

/** Why a build is needed, or null when dist/ is current. */
export async function staleReason(root = '.'): Promise<string | null> {
  const stamp = path.join(root, STAMP);
  if (!existsSync(stamp)) return `${STAMP} missing`;
  const built = (await stat(stamp)).mtimeMs;
  for (const f of INPUT_FILES) {
    const p = path.join(root, f);
    if (existsSync(p) && (await stat(p)).mtimeMs > built) return `${f} changed`;
  }
  for (const d of INPUT_DIRS) {
    const newest = await newestUnder(path.join(root, d));
    if (newest && newest.mtime > built) return `${path.relative(root, newest.file)} changed`;
  }
  return null;
}

if (process.argv[1]?.endsWith('build-if-stale.ts')) {
  const reason = await staleReason();
  const serverReason = serverStaleReason();
  if (!reason && !serverReason) console.log('[build] dist/ and dist-server/ are current: not rebuilding');
  else if (process.argv.includes('--check')) {
    console.log(`[build] stale: ${reason ?? `server: ${serverReason}`}`);
    process.exit(1);
  } else if (reason) {
    console.log(`[build] building (${reason})`);
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  } else {
    console.log(`[build] compiling the server (${serverReason})`);
    await buildServer().catch((e: unknown) => console.warn(`[build] server not compiled (${(e as Error).message}): npm start runs the sources with tsx`));
  }
}
