/**
 * One small database interface over PGlite (embedded PostgreSQL, the default) and a PostgreSQL
 * server (when DATABASE_URL is set). The same SQL and the same migrations run on both.
 *
 * Operations (docs/operations.md):
 * - PostgreSQL: a pool of DATABASE_POOL_SIZE connections (default 10) per process, plus one connection for
 *   LISTEN (cache invalidation) and, at startup only, one holding the migration advisory lock.
 * - PGlite: fsync is off by default (PGlite's own default: a crash of the process loses nothing, the OS has
 *   the pages; a power loss can lose acknowledged writes). PGLITE_FSYNC=on starts PostgreSQL with fsync on,
 *   WAL flushed with fsync(), and makes the Node file system actually call fsync (Emscripten's NODEFS does not).
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type PgModule from 'pg';
import { pglitePrepared, StatementNames } from './prepared.ts';

type Pg = typeof PgModule;

export interface QueryResult<T> {
  rows: T[];
  /** rows changed by INSERT/UPDATE/DELETE */
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * The same as query, through a named prepared statement (server/db/prepared.ts: parsed once per connection,
   * planned once when the generic plan is as cheap). Read-only statements that run again and again (the locator's).
   * Optional: a transaction's handle has none (queryPrepared falls back to query).
   */
  queryPrepared?<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** db.queryPrepared where the handle has it, else db.query. */
export function queryPrepared<T = Record<string, unknown>>(db: Queryable, sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
  return db.queryPrepared ? db.queryPrepared<T>(sql, params) : db.query<T>(sql, params);
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (BEGIN/COMMIT, ROLLBACK on throw). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding a PostgreSQL session advisory lock (a dedicated connection, outside the pool, so a
   * pool of 1 cannot deadlock); other processes calling it with the same key wait. PGlite: one process per
   * data folder (server/lifecycle.ts), so fn just runs.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: onMessage gets each NOTIFY payload. On PostgreSQL a dedicated connection,
   * reconnected with back-off when lost; onReconnect runs after a reconnect (notifications may have been missed).
   * Returns the unlisten function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PGlite's default start parameters (0.5.16: fsync off with -F). */
const PGLITE_START_PARAMS = [
  '--single', '-F', '-O', '-j',
  '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0',
];

/** The same without -F (fsync off), WAL flushed with fsync() (fdatasync is a no-op in Emscripten). */
const PGLITE_DURABLE_START_PARAMS = [...PGLITE_START_PARAMS.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/**
 * shared_buffers of a serving PGlite instance (openDb): PostgreSQL touches its whole buffer pool at start, and
 * PGlite's default (128MB) stays in the process's memory for good; the served data set (stores, places and
 * their indexes) is far smaller. 32MB saves about 100 MB of idle memory. The first start's seed runs with the
 * default pool in its own instance (server/lifecycle.ts), where the bulk load and index builds want it.
 */
export const PGLITE_SERVE_SHARED_BUFFERS = '32MB';

/** Emscripten's NODEFS has no fsync: PostgreSQL's fsync() calls return without reaching the disk. This one syncs. */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS['init']>[1]) {
    const out = await super.init(pg, emscriptenOptions);
    const preRun = out.emscriptenOpts.preRun ?? [];
    out.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ] as typeof out.emscriptenOpts.preRun;
    return out;
  }
}

export interface PgliteOptions {
  /** PGLITE_FSYNC=on: fsync on (durable against power loss, slower commits) */
  fsync?: boolean;
  /** PostgreSQL's shared_buffers (e.g. "32MB"); default PGlite's own (128MB) */
  sharedBuffers?: string;
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob, opts: PgliteOptions = {}): Promise<Db> {
  const durable = !!opts.fsync && !!dataDir;
  const buffers = opts.sharedBuffers ? ['-c', `shared_buffers=${opts.sharedBuffers}`] : [];
  const startParams = durable ? [...PGLITE_DURABLE_START_PARAMS, ...buffers] : buffers.length ? [...PGLITE_START_PARAMS, ...buffers] : undefined;
  const lite = await PGlite.create({
    ...(dataDir ? (durable ? { fs: new DurableNodeFS(dataDir) } : { dataDir }) : {}),
    ...(startParams ? { startParams } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { cube, earthdistance, pg_trgm },
    // bigint (count, sum) and numeric as JS numbers, as on the pg driver below
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  const prepared = pglitePrepared(lite);
  const db: Db & { lite: PGlite } = {
    kind: 'pglite',
    lite,
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await lite.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    queryPrepared<T>(sql: string, params: unknown[] = []) {
      return prepared<T>(sql, params, () => db.query<T>(sql, params));
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const r = await tx.query<R>(sql, params);
            return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
          },
        }),
      );
    },
    async exclusive<T>(_key: number, fn: () => Promise<T>) {
      return fn();
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      return lite.listen(channel, onMessage);
    },
    async close() {
      await lite.close();
    },
  };
  return db;
}

export const DEFAULT_POOL_SIZE = 10;

/**
 * `prepared`: the locator's hot queries as named prepared statements (server/db/prepared.ts). Off by default on
 * PostgreSQL: a named statement lives in one server session, which a transaction-mode pooler (PgBouncer before
 * 1.21, or without max_prepared_statements) does not keep for the client; DATABASE_PREPARED_STATEMENTS=on turns it
 * on for direct connections or a session-mode pooler (docs/operations.md).
 */
export async function openPostgres(connectionString: string, max = DEFAULT_POOL_SIZE, opts: { prepared?: boolean } = {}): Promise<Db> {
  // loaded here, not at start: a PGlite process never needs the driver (docs/operations.md, "Start-up and memory")
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max });
  // an idle client's connection dropped by the server must not crash the process
  pool.on('error', (e) => console.error(`[db] idle connection error: ${e.message}`));
  const listeners = new Set<{ stop(): Promise<void> }>();
  // bigint sums and counts come back as strings by default; money and counts fit in a JS number.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  await pool.query('select 1');
  // named statements: the driver prepares each on a connection the first time that connection runs it
  const names = new StatementNames();
  async function queryPrepared<T>(sql: string, params: unknown[] = []) {
    const name = names.nameOf(sql);
    const r = await pool.query(name === null ? { text: sql, values: params } : { name, text: sql, values: params });
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  }
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pool.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    ...(opts.prepared ? { queryPrepared } : {}),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      const tx = serialHandle(client);
      try {
        await client.query('BEGIN');
        const out = await fn(tx);
        await tx.end();
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await tx.end();
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async exclusive<T>(key: number, fn: () => Promise<T>) {
      const client = new pg.Client({ connectionString });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        // ending the session releases the lock too, should the unlock fail
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    async listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) {
      const listener = pgListener(pg, connectionString, channel, onMessage, onReconnect);
      await listener.started;
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      for (const l of [...listeners]) await l.stop();
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * A transaction's handle on its one pooled connection, running its statements one at a time in the order they were
 * issued (docs/architecture.md "One statement at a time on a connection"). A connection runs one statement at a time:
 * node-postgres 8 queues a second `client.query()` issued while one runs (with the deprecation warning "Calling
 * client.query() when the client is already executing a query ...") and pg 9 will throw. Code handed a `Queryable`
 * cannot tell a pool (where Promise.all over queries runs them side by side on several connections) from a
 * transaction, so the handle queues them itself: concurrent calls on one transaction are safe by construction (they
 * run one after the other, as they always did inside one transaction). `end()` waits for every statement issued
 * before it (the transaction's COMMIT or ROLLBACK follows them); a statement issued after it is refused instead of
 * running on a connection already back in the pool. PGlite's transactions serialise their statements themselves
 * (one query at a time per instance) and refuse a statement after the end ("Transaction is closed").
 */
function serialHandle(client: PgModule.PoolClient): Queryable & { end(): Promise<void> } {
  let tail: Promise<unknown> = Promise.resolve();
  let ended = false;
  return {
    query<R>(sql: string, params: unknown[] = []) {
      if (ended) return Promise.reject(new Error(`transaction already ended: a statement issued after its COMMIT or ROLLBACK (${sql.replace(/\s+/g, ' ').slice(0, 80)})`));
      const run = tail.then(async () => {
        const r = await client.query(sql, params);
        return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
      });
      // the next statement starts when this one has answered, whether it succeeded or failed
      tail = run.catch(() => undefined);
      return run;
    },
    async end() {
      ended = true;
      await tail;
    },
  };
}

/** A LISTEN connection that reconnects (1 s, 2 s, .. 30 s) and calls onReconnect after each reconnect. */
function pgListener(pg: Pg, connectionString: string, channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) {
  let client: PgModule.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 1000;
  const ident = `"${channel.replace(/"/g, '""')}"`;
  const connect = async (reconnect: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString });
    client = c;
    const lost = () => {
      if (client !== c || stopped) return;
      client = undefined;
      c.end().catch(() => undefined);
      timer = setTimeout(() => {
        connect(true).catch(() => undefined);
      }, delay);
      timer.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${ident}`);
    } catch (e) {
      if (!reconnect) throw e;
      lost();
      return;
    }
    delay = 1000;
    if (reconnect) {
      console.log(`[db] LISTEN ${channel} reconnected`);
      onReconnect?.();
    }
  };
  return {
    started: connect(false),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

export interface DbSettings {
  DATABASE_URL?: string;
  DATA_DIR?: string;
  /** connections per process in the PostgreSQL pool (default 10) */
  DATABASE_POOL_SIZE?: string;
  /** PGlite: "on" turns fsync on (default off) */
  PGLITE_FSYNC?: string;
  /** PostgreSQL: "on" runs the locator's hot queries as named prepared statements (default off; PGlite always) */
  DATABASE_PREPARED_STATEMENTS?: string;
}

export function poolSize(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_POOL_SIZE;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "${value}")`);
  return n;
}

function onOff(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'off' || value === 'false' || value === '0') return false;
  if (value === 'on' || value === 'true' || value === '1') return true;
  throw new Error(`${name} must be "on" or "off" (got "${value}")`);
}

export function pgliteFsync(value: string | undefined): boolean {
  return onOff('PGLITE_FSYNC', value);
}

/**
 * The app's database. PGlite: `serving` (the default) opens with PGLITE_SERVE_SHARED_BUFFERS; the first start's
 * migrate+seed instance (server/db/seed-worker.ts) passes serving: false for PGlite's default buffer pool.
 */
export async function openDb(env: DbSettings, opts: { serving?: boolean } = {}): Promise<Db> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, poolSize(env.DATABASE_POOL_SIZE), { prepared: onOff('DATABASE_PREPARED_STATEMENTS', env.DATABASE_PREPARED_STATEMENTS) });
  const sharedBuffers = opts.serving === false ? undefined : PGLITE_SERVE_SHARED_BUFFERS;
  return openPglite(env.DATA_DIR ?? './data', undefined, { fsync: pgliteFsync(env.PGLITE_FSYNC), sharedBuffers });
}
