/**
 * The seed snapshot (docs/operations.md, "Start-up and memory"): `npm run build` seeds a PGlite folder once, with
 * the default store count, and keeps it in dist-seed/ (scripts/seed-snapshot.ts). A first start on a fresh PGlite
 * folder copies it instead of running initdb, the migrations and the seed (about 11 s of a 13 s first start), when
 * the snapshot is current: made from the same migrations, seed sources and package versions as this checkout.
 * Otherwise (stale or missing, another SEED_STORE_COUNT, SEED_SNAPSHOT=off) the start seeds as before. The copy is
 * a cold copy of a folder PGlite closed cleanly, so it opens like any later start.
 *
 * What differs from a folder seeded at start: the timestamps written by the seed (accounts' created_at, the demo
 * member's recent stores) are those of the build, and the demo accounts' password salts are the build's. No
 * secret lives in the seed: signing keys are made on first use (server/privacy/signing.ts), sessions at sign-in.
 *
 * Current = the same key: a SHA-256 over the content of every file the snapshot lists (the seed worker's sources
 * as esbuild read them, server/db/migrations/*.sql as they are now, package-lock.json) and SNAPSHOT_FORMAT.
 * Plain Node APIs only: the compiled server (dist-server/) and the build script both use it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo-root.ts';

export const SNAPSHOT_FORMAT = 'seed-snapshot-1';
/** dist-seed/: pgdata/ (the PGlite folder) and manifest.json */
export const SNAPSHOT_DIR_NAME = 'dist-seed';

export interface SnapshotManifest {
  format: string;
  key: string;
  /** repository-relative files hashed into the key, besides the migrations (listed as they are at each check) */
  files: string[];
  storeCount: number;
  seeded: { stores: number; places: number; users: number };
  createdAt: string;
}

const MIGRATIONS = path.join('server', 'db', 'migrations');

function migrationFiles(root: string): string[] {
  const dir = path.join(root, MIGRATIONS);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().map((f) => path.join(MIGRATIONS, f)) : [];
}

/** The key of `files` (plus the current migrations) under `root`, or null when one of them is missing. */
export function snapshotKey(root: string, files: readonly string[]): string | null {
  const h = createHash('sha256').update(SNAPSHOT_FORMAT);
  const all = [...new Set([...files, ...migrationFiles(root)])].sort();
  for (const file of all) {
    const p = path.join(root, file);
    if (!fs.existsSync(p)) return null;
    h.update(`\0${file}\0`).update(fs.readFileSync(p));
  }
  return h.digest('hex');
}

export function readManifest(snapshotDir: string): SnapshotManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(snapshotDir, 'manifest.json'), 'utf8')) as SnapshotManifest;
    return m.format === SNAPSHOT_FORMAT && Array.isArray(m.files) && typeof m.key === 'string' ? m : null;
  } catch {
    return null;
  }
}

/** Why the snapshot in `snapshotDir` cannot be used for a seed of `storeCount` stores, or null when it can. */
export function snapshotUnusableReason(root: string, snapshotDir: string, storeCount: number): string | null {
  const m = readManifest(snapshotDir);
  if (!m) return `no snapshot in ${snapshotDir} (npm run build makes it)`;
  if (m.storeCount !== storeCount) return `the snapshot has ${m.storeCount} stores, not ${storeCount}`;
  if (!fs.existsSync(path.join(snapshotDir, 'pgdata', 'PG_VERSION'))) return 'the snapshot has no pgdata/PG_VERSION';
  if (snapshotKey(root, m.files) !== m.key) return 'the migrations, seed sources or packages changed since the snapshot (npm run build remakes it)';
  return null;
}

export interface RestoreSettings {
  /** off: never use the snapshot */
  SEED_SNAPSHOT?: string;
  /** where the snapshot is (default <root>/dist-seed) */
  SEED_SNAPSHOT_DIR?: string;
}

/**
 * Copies the current snapshot's folder into `dataDir` (which has no PG_VERSION: a fresh folder) and returns what
 * it holds, or returns { skipped } with the reason and leaves `dataDir` as it was.
 */
export function restoreSeedSnapshot(
  env: RestoreSettings,
  dataDir: string,
  storeCount: number,
  root = repoRoot(),
): { seeded: SnapshotManifest['seeded']; ms: number } | { skipped: string } {
  if (env.SEED_SNAPSHOT === 'off') return { skipped: 'SEED_SNAPSHOT=off' };
  const snapshotDir = env.SEED_SNAPSHOT_DIR ? path.resolve(env.SEED_SNAPSHOT_DIR) : path.join(root, SNAPSHOT_DIR_NAME);
  const reason = snapshotUnusableReason(root, snapshotDir, storeCount);
  if (reason) return { skipped: reason };
  const t0 = performance.now();
  const target = path.resolve(dataDir);
  // copied beside the folder, then moved in: a start stopped mid-copy leaves no half folder with a PG_VERSION
  const partial = `${target}.snapshot-partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(path.join(snapshotDir, 'pgdata'), partial, { recursive: true });
  if (fs.existsSync(target)) {
    for (const name of fs.readdirSync(partial)) fs.renameSync(path.join(partial, name), path.join(target, name));
    fs.rmSync(partial, { recursive: true, force: true });
  } else {
    fs.renameSync(partial, target);
  }
  return { seeded: readManifest(snapshotDir)!.seeded, ms: performance.now() - t0 };
}
