import pg from 'pg';

/**
 * The e2e suite's database (docs/testing.md, "Which database the e2e server uses"): a fresh PostgreSQL database on
 * 127.0.0.1:5432 when it answers (TEST_PG_URL, as the server tests), else null and the server seeds a fresh PGlite
 * folder. E2E_DATABASE=pglite forces PGlite.
 *
 * Why PostgreSQL first: the e2e server takes tens of thousands of requests over half an hour, and PGlite runs its
 * queries on the server's own event loop; a query that never returns (a known, rare PGlite failure:
 * electric-sql/pglite#1068) freezes every page of the run, and all later tests time out. PGlite stays covered by
 * the server tests (every file runs on both databases), `npm run test:ops` (real processes on PGlite folders) and
 * `npm start`.
 *
 * Databases are named harbor_e2e_<epoch ms>_<pid>; ones older than 6 hours (runs that did not end) are dropped.
 */
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STALE_MS = 6 * 3_600_000;

export async function e2eDatabaseUrl(): Promise<string | null> {
  if (process.env.E2E_DATABASE === 'pglite') return null;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    const old = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'harbor_e2e_%'`);
    for (const { datname } of old.rows) {
      const born = Number(/^harbor_e2e_(\d+)_\d+$/.exec(datname)?.[1]);
      if (Number.isFinite(born) && Date.now() - born > STALE_MS) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
    const name = `harbor_e2e_${Date.now()}_${process.pid}`;
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  } finally {
    await admin.end();
  }
}

/** Drops the run's database (global teardown); a database still in use by a stuck server is forced. */
export async function dropE2eDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^harbor_e2e_\d+_\d+$/.test(name)) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
