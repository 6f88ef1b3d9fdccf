/**
 * The last step of `npm run build`: the seed snapshot (server/db/seed-snapshot.ts, docs/operations.md "Start-up and
 * memory"). Seeds a fresh PGlite folder with the default store count, in the compiled seed worker
 * (dist-server/seed-worker.js, the same code a first start runs), and keeps it as dist-seed/pgdata with
 * dist-seed/manifest.json. Does nothing when dist-seed/ is current (same key), so a rebuild without a change to the
 * seed, the migrations or the packages costs nothing; otherwise about as long as a first start's seed.
 *   node --import tsx scripts/seed-snapshot.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_STORE_COUNT } from '../server/db/seed/seed.ts';
import { runSeedWorker } from '../server/lifecycle.ts';
import { readManifest, snapshotKey, SNAPSHOT_DIR_NAME, SNAPSHOT_FORMAT, type SnapshotManifest } from '../server/db/seed-snapshot.ts';

/** Runs a seed worker on a fresh folder `dataDir`, as a first start does (server/lifecycle.ts runSeedWorker). */
function seedInWorker(worker: string, dataDir: string, storeCount: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_STORE_COUNT: String(storeCount) };
  delete env.DATABASE_URL;
  return runSeedWorker(worker, env);
}

/**
 * Makes (or keeps, when current) the snapshot of a `storeCount` seed in `out`, keyed on `files` (repository-relative,
 * under `root`) and the migrations. Returns whether it was made and the manifest.
 */
export async function makeSeedSnapshot(opts: { root: string; out: string; files: string[]; worker: string; storeCount?: number }): Promise<{ made: boolean; manifest: SnapshotManifest }> {
  const storeCount = opts.storeCount ?? DEFAULT_STORE_COUNT;
  const key = snapshotKey(opts.root, opts.files);
  if (!key) throw new Error(`seed snapshot: a listed source is missing (${opts.files.join(', ')})`);
  const known = readManifest(opts.out);
  if (known && known.key === key && known.storeCount === storeCount && fs.existsSync(path.join(opts.out, 'pgdata', 'PG_VERSION'))) return { made: false, manifest: known };
  fs.rmSync(opts.out, { recursive: true, force: true });
  fs.mkdirSync(opts.out, { recursive: true });
  const partial = path.join(opts.out, 'pgdata.partial');
  const result = await seedInWorker(opts.worker, partial, storeCount);
  if (!result.seeded) throw new Error('seed snapshot: the worker found the folder seeded already');
  fs.renameSync(partial, path.join(opts.out, 'pgdata'));
  const manifest: SnapshotManifest = { format: SNAPSHOT_FORMAT, key, files: [...opts.files].sort(), storeCount, seeded: result.seeded, createdAt: new Date().toISOString() };
  // written last: a build stopped before this leaves no manifest, so no start uses a half-made snapshot
  fs.writeFileSync(path.join(opts.out, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return { made: true, manifest };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve('.');
  const meta = JSON.parse(fs.readFileSync(path.join(root, 'dist-server', 'meta.json'), 'utf8')) as { seedInputs?: string[] };
  if (!meta.seedInputs?.length) throw new Error('dist-server/meta.json has no seedInputs: run node scripts/server-build.mjs first');
  const t0 = performance.now();
  const { made, manifest } = await makeSeedSnapshot({
    root,
    out: path.join(root, SNAPSHOT_DIR_NAME),
    files: [...meta.seedInputs, 'package-lock.json'],
    worker: path.join(root, 'dist-server', 'seed-worker.js'),
  });
  const what = `${manifest.seeded.stores} stores, ${manifest.seeded.places} places, ${manifest.seeded.users} demo accounts`;
  console.log(made ? `[build] seed snapshot made in ${SNAPSHOT_DIR_NAME}/ (${what}) in ${((performance.now() - t0) / 1000).toFixed(1)} s` : `[build] seed snapshot in ${SNAPSHOT_DIR_NAME}/ is current (${what})`);
}
