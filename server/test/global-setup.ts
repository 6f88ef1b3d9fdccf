/**
 * Vitest global setup: builds the seeded template databases once per source version
 * (a hash of the migrations and the seed code), so each test file starts from a copy in about a second:
 * - PGlite: a data-dir tarball in .cache/test-db/, loaded in memory by each test file;
 * - PostgreSQL (when 127.0.0.1:5432 answers): a template database each test file clones.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile, stat, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { seedIfEmpty } from '../db/seed/seed.ts';

export const CACHE_DIR = path.resolve('.cache/test-db');
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else if (/\.(ts|sql|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) out.push(p);
  }
  return out.sort();
}

export async function sourceHash(): Promise<string> {
  const h = createHash('sha256');
  for (const f of [...(await filesUnder('server/db')), 'package-lock.json'].filter((f) => existsSync(f))) {
    h.update(f);
    h.update(await readFile(f));
  }
  return h.digest('hex').slice(0, 16);
}

export async function pgReachable(): Promise<boolean> {
  if (process.env.TEST_PG === 'off') return false;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The PGlite template (a data-dir tarball in CACHE_DIR) for this source version, built when missing. Returns its path.
 */
export async function ensurePgliteTemplate(hash: string): Promise<string> {
  await mkdir(CACHE_DIR, { recursive: true });
  // "-ckpt": checkpointed, without the spare WAL segments (withoutSpareWal); older tarballs of the same hash are not used.
  // An uncompressed tar (103 MB on disk): each of the some 80 loads per server run then skips the gunzip, 1.2 -> 0.8 s
  // of CPU per load (docs/testing.md "CI time", session ci)
  const tarball = path.join(CACHE_DIR, `pglite-${hash}-ckpt.tar`);
  if (!existsSync(tarball) || (await stat(tarball)).size === 0) {
    const t0 = Date.now();
    const db = await openPglite(undefined);
    await migrate(db);
    await seedIfEmpty(db, {});
    const lite = (db as unknown as { lite: PgliteDump }).lite;
    const tar = await withoutSpareWal(lite);
    const tmp = `${tarball}.${process.pid}.tmp`;
    await writeFile(tmp, tar);
    await rename(tmp, tarball);
    await db.close();
    console.log(`[test-db] PGlite template built in ${Date.now() - t0} ms`);
  }
  return tarball;
}

interface PgliteDump {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
}

/**
 * The data folder of a seeded PGlite as a tar, checkpointed and without its spare WAL segments. Every server test
 * file loads the template in memory once per `forEachDb` block (some 70 loads per run), and the load's cost (untar
 * in JavaScript, the copy into PGlite's in-memory file system) follows the tar's size: the seed leaves 5 WAL
 * segments of 16 MB (80 MB of the 170 MB), of which only the one holding the last checkpoint is needed to start.
 * After `checkpoint` the data files hold every change, and the segments after the checkpoint's are the ones
 * PostgreSQL preallocated for reuse (it makes new ones when it needs them), so they are left out: 170 -> 103 MB, and a
 * load went from 6.7 to 3.9 s of CPU (median of 4, docs/testing.md "CI time"). The same database: the same data files,
 * the same rows; PostgreSQL starts from the checkpoint.
 */
async function withoutSpareWal(lite: PgliteDump): Promise<Uint8Array> {
  await lite.query('checkpoint');
  const { rows } = await lite.query<{ redo: string; ckpt: string; head: string }>('select redo_wal_file as redo, pg_walfile_name(checkpoint_lsn) as ckpt, pg_walfile_name(pg_current_wal_insert_lsn()) as head from pg_control_checkpoint()');
  const keep = new Set([rows[0]!.redo, rows[0]!.ckpt, rows[0]!.head]);
  const tar = new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer());
  const text = (b: Uint8Array) => new TextDecoder().decode(b).replace(/\0.*$/s, '');
  const parts: Uint8Array[] = [];
  const found = new Set<string>();
  let dropped = 0;
  let off = 0;
  // ustar: a 512-byte header (name 0-99, octal size 124-135, prefix 345-499), the data padded to 512, two zero blocks
  while (off + 512 <= tar.length) {
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const name = [text(header.subarray(345, 500)), text(header.subarray(0, 100))].filter(Boolean).join('/');
    const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    const end = off + 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (segment && !keep.has(segment)) dropped++;
    else parts.push(tar.subarray(off, end));
    if (segment) found.add(segment);
    off = end;
  }
  if (!found.has(rows[0]!.redo)) throw new Error(`PGlite template: the checkpoint's WAL segment ${rows[0]!.redo} is not in the dump`);
  parts.push(new Uint8Array(1024));
  console.log(`[test-db] PGlite template: checkpointed, ${dropped} spare WAL segment(s) left out`);
  return Buffer.concat(parts);
}

/**
 * The PostgreSQL template database `coffee_tpl_<hash>` (migrated and seeded with the default seed, the data a first
 * start of the server makes), built when missing. Returns its name. Also used
 * by the e2e run (scripts/e2e-database.ts), whose server then starts on a seeded clone instead of seeding.
 */
export async function ensurePgTemplate(hash: string): Promise<string> {
  const pgTemplate = `coffee_tpl_${hash}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [pgTemplate])).rowCount;
    if (!exists) {
      const t0 = Date.now();
      const building = `${pgTemplate}_building_${process.pid}`;
      await admin.query(`create database ${building}`);
      const db = await openPostgres(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${building}`), 2);
      await migrate(db);
      await seedIfEmpty(db, {});
      await db.close();
      await admin.query(`alter database ${building} rename to ${pgTemplate}`).catch(async () => {
        await admin.query(`drop database if exists ${building}`);
      });
      console.log(`[test-db] PostgreSQL template ${pgTemplate} built in ${Date.now() - t0} ms`);
    }
  } finally {
    await admin.end();
  }
  return pgTemplate;
}

/** ensurePgTemplate in a child process (build-pg-template.ts) when the template is missing; its name */
export async function pgTemplateInChild(hash: string): Promise<string> {
  const name = `coffee_tpl_${hash}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name]).finally(() => admin.end())).rowCount;
  if (exists) return name;
  const script = fileURLToPath(new URL('./build-pg-template.ts', import.meta.url));
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, hash], { stdio: 'inherit', env: process.env });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`building the PostgreSQL template ${name} failed (exit ${code})`);
  return name;
}

/** drops clones left behind by interrupted runs (a clone still in use is left alone: the drop fails) */
async function dropStaleClones() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'coffee\\_t\\_%'`);
    for (const r of stale.rows) await admin.query(`drop database if exists ${r.datname}`).catch(() => undefined);
  } finally {
    await admin.end();
  }
}

export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const hash = await sourceHash();
  // the two templates are built side by side: PGlite seeds in this process (WebAssembly, synchronous on the event
  // loop), PostgreSQL from a child process (build-pg-template.ts; in this process its seed would wait for PGlite's),
  // so on two cores a clean clone waits for the slower of the two, not their sum
  const reachable = await pgReachable();
  const [tarball, pgTemplate] = await Promise.all([ensurePgliteTemplate(hash), reachable ? pgTemplateInChild(hash) : Promise.resolve(null)]);
  if (reachable) await dropStaleClones();
  else console.log('[test-db] PostgreSQL on 127.0.0.1:5432 not reachable: server tests run on PGlite only');
  provide('pgliteTemplate', tarball);
  provide('pgTemplate', pgTemplate);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}
