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
 * The database is a clone of the server tests' seeded template (`coffee_tpl_<hash>`, server/test/global-setup.ts:
 * migrations and the default seed, the data a first start makes), built here when missing, so the server starts on
 * a seeded database instead of seeding 17,000 stores and 28,742 places before the first test (35 s on an idle
 * 2-core machine, 75 s loaded; in `npm test` the unit run has built the template already). E2E_TEMPLATE=off seeds
 * at start instead.
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
    const template = process.env.E2E_TEMPLATE === 'off' ? null : await seededTemplate();
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  } finally {
    await admin.end();
  }
}

/** The server tests' seeded PostgreSQL template for the current sources (built when missing). */
async function seededTemplate(): Promise<string> {
  const { ensurePgTemplate, sourceHash } = await import('../server/test/global-setup.ts');
  return ensurePgTemplate(await sourceHash());
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
