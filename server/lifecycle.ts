/**
 * Process lifecycle (docs/operations.md): the database at startup, one process per PGlite data folder,
 * and a clean shutdown on SIGTERM / SIGINT behind a load balancer.
 *
 * Startup: lock the PGlite data folder (a lock file beside it with the owner's pid; a stale one, whose process
 * is gone, is replaced), a fresh PGlite folder filled from the build's seed snapshot when it is current
 * (server/db/seed-snapshot.ts), open the database, migrate and seed under the PostgreSQL advisory lock
 * (server/db/migrate.ts), LISTEN for cache invalidation (server/db/invalidation.ts).
 *
 * Shutdown, on the first SIGTERM or SIGINT:
 * 1. at once: /healthz answers 503 and every response carries `Connection: close` (keep-alive clients reconnect,
 *    to another process behind the load balancer);
 * 2. after SHUTDOWN_DRAIN_MS (default 0): new requests are refused with 503 and `Connection: close`, and the
 *    listening socket closes once no new connection has come for LISTENER_QUIET_MS; idle connections (once the
 *    process has read what reached them) and connections without a complete request (half-sent headers or bodies,
 *    after HALF_SENT_GRACE_MS) are closed; requests received in full are answered, never reset;
 * 3. when the last connection has closed, the database is closed and the process exits with 0; at
 *    SHUTDOWN_TIMEOUT_MS (default 10 s) after the signal whatever is still open is cut and it exits with 1.
 * A second signal exits at once (1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MiddlewareHandler } from 'hono';
import { openDb, type Db, type DbSettings } from './db/db.ts';
import { migrateAndSeed } from './db/migrate.ts';
import { DEFAULT_STORE_COUNT } from './db/seed/seed.ts';
import { restoreSeedSnapshot, SNAPSHOT_DIR_NAME, type RestoreSettings } from './db/seed-snapshot.ts';
import { msSetting } from './http/stall-log.ts';
import { startCacheInvalidation } from './db/invalidation.ts';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** how long a request whose body has not fully arrived may still complete once the listener has closed */
export const HALF_SENT_GRACE_MS = 1_000;
const netClose = NetServer.prototype.close;
/** at the end of the drain, the listener closes once no new connection has come for this long ... */
export const LISTENER_QUIET_MS = 100;
/** ... or this long after the end of the drain, whichever is first */
export const LISTENER_CLOSE_MAX_MS = 1_000;

// ---- one process per PGlite data folder ---------------------------------------------------------------------------

export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** The lock file of a data folder: beside it (PGlite's initdb wants an empty folder), `<folder>.lock`. */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, host: String(owner.host ?? ''), startedAt: String(owner.startedAt ?? '') } : null;
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

/** Is this owner a live process (on this host)? A pid reused by a process that is not Node counts as gone. */
function alive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // another machine's process: cannot tell, so never steal
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const cmdline = fs.readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8');
    return /node/.test(cmdline);
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/**
 * Takes the data folder's lock file or throws DataDirLockedError naming the owner. A stale lock (its process
 * is gone, e.g. after kill -9) is removed and taken. Two processes racing for a stale lock: each re-reads the
 * file after writing it, the one that does not find its own pid there refuses.
 */
export function lockDataDir(dataDir: string): { file: string; release(): void } {
  const file = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const refuse = (owner: LockOwner) =>
    new DataDirLockedError(
      `DATA_DIR ${path.resolve(dataDir)} is in use by process ${owner.pid} on ${owner.host} (since ${owner.startedAt}; lock file ${file}). ` +
        'Only one process may use a PGlite data folder: stop that process first, or run several processes on PostgreSQL (DATABASE_URL). ' +
        'If that process is gone, delete the lock file.',
    );
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = readOwner(file);
      if (owner && alive(owner)) throw refuse(owner);
      console.log(`[lifecycle] removing stale lock ${file}${owner ? ` of process ${owner.pid}` : ''}`);
      fs.rmSync(file, { force: true });
      continue;
    }
    const check = readOwner(file);
    if (check?.pid !== me.pid) {
      if (check) throw refuse(check);
      continue;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (readOwner(file)?.pid === me.pid) fs.rmSync(file, { force: true });
    };
    process.once('exit', release);
    return { file, release };
  }
  throw new DataDirLockedError(`Could not take the lock file ${file} of DATA_DIR ${path.resolve(dataDir)}: another process keeps taking it.`);
}

// ---- the database at startup ------------------------------------------------------------------------------------------

/**
 * The settings read here: DbSettings (server/db/db.ts), SEED_STORE_COUNT, SEED_SNAPSHOT and SEED_SNAPSHOT_DIR
 * (server/db/seed-snapshot.ts), SHUTDOWN_TIMEOUT_MS, SHUTDOWN_DRAIN_MS.
 */
export type LifecycleEnv = DbSettings & RestoreSettings & NodeJS.ProcessEnv;

type MigrateResult = Awaited<ReturnType<typeof migrateAndSeed>>;

/**
 * PGlite, fresh data folder: migrations and seed in a short-lived child process with its own PGlite instance
 * (server/db/seed-worker.ts), which closes the folder and exits before the serving instance opens it. What the
 * seed grows (its JavaScript garbage, the gazetteer, PGlite's WebAssembly memory, the compilers' malloc arenas)
 * leaves with the process: the first start then idles at the memory of a later start. (A worker thread returned
 * only part of it: 378 MB against 266 MB, docs/operations.md.) The child runs the compiled worker beside the
 * compiled server (dist-server/), or the TypeScript one with tsx; it exits when this process goes (IPC disconnect),
 * so a stopped start leaves no process on the folder.
 */
function migrateAndSeedInChild(env: LifecycleEnv): Promise<MigrateResult> {
  const here = import.meta.url;
  const ts = here.endsWith('.ts');
  // compiled: dist-server/seed-worker.js, whether this code sits in dist-server/main.js or in one of its chunks/
  const compiled = here.slice(0, here.lastIndexOf('/dist-server/') + '/dist-server/'.length);
  return runSeedWorker(fileURLToPath(ts ? new URL('./db/seed-worker.ts', here) : new URL('seed-worker.js', compiled)), { ...env });
}

/**
 * Forks a seed worker (server/db/seed-worker.ts, or its compiled dist-server/seed-worker.js) with `env` and resolves
 * with its { applied, seeded } message, or rejects with its error. Also used by scripts/seed-snapshot.ts.
 */
export function runSeedWorker(worker: string, env: NodeJS.ProcessEnv): Promise<MigrateResult> {
  const child = fork(worker, [], {
    env,
    execArgv: worker.endsWith('.ts') ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let outcome: { result?: MigrateResult; error?: string } | undefined;
    child.once('message', (m: { result?: MigrateResult; error?: string }) => (outcome = m));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (outcome?.result) resolve(outcome.result);
      else reject(new Error(`migrate+seed process failed (${signal ?? `exit ${code}`})${outcome?.error ? `: ${outcome.error}` : ''}`));
    });
  });
}

/** Lock (PGlite), open, migrate and seed (under the advisory lock), listen for cache invalidation. */
export async function openDatabase(env: LifecycleEnv): Promise<{ db: Db; close(): Promise<void> }> {
  const dataDir = env.DATA_DIR ?? './data';
  const lock = env.DATABASE_URL ? null : lockDataDir(dataDir);
  try {
    const storeCount = env.SEED_STORE_COUNT ? Number(env.SEED_STORE_COUNT) : undefined;
    // PGlite on a fresh folder (no PG_VERSION yet): initdb, migrations and seed in a child process (see above)
    const fresh = !env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    // ... unless the build's seed snapshot is current: then a copy of it (server/db/seed-snapshot.ts)
    const restored = fresh ? restoreSeedSnapshot(env, dataDir, storeCount ?? DEFAULT_STORE_COUNT) : null;
    const copied = restored && 'seeded' in restored ? restored : null;
    if (copied) {
      const { stores, places, users } = copied.seeded;
      console.log(`[db] seeded ${stores} stores, ${places} places, ${users} demo accounts: copied the build's seed snapshot (${SNAPSHOT_DIR_NAME}/) in ${Math.round(copied.ms)} ms`);
    } else if (restored && 'skipped' in restored) console.log(`[db] first start: seeding (the build's seed snapshot is not used: ${restored.skipped})`);
    const first = fresh && !copied ? await migrateAndSeedInChild({ ...env, DATA_DIR: dataDir }) : null;
    const db = await openDb({ ...env, DATA_DIR: dataDir });
    const again = await migrateAndSeed(db, { storeCount });
    const applied = [...(first?.applied ?? []), ...again.applied];
    const seeded = first?.seeded ?? again.seeded;
    if (applied.length) console.log(`[db] applied ${applied.length} migration(s): ${applied.join(', ')}`);
    if (seeded) console.log(`[db] seeded ${seeded.stores} stores, ${seeded.places} places, ${seeded.users} demo accounts`);
    const unlisten = await startCacheInvalidation(db);
    return {
      db,
      async close() {
        await unlisten().catch(() => undefined);
        await db.close();
        lock?.release();
      },
    };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

// ---- keep-alive and header timeouts ------------------------------------------------------------------------------

/**
 * Node closes a keep-alive connection after 5 s idle by default. A client (a browser, a load balancer's upstream
 * pool) that sends its next request on it just then gets a reset, and a load balancer that keeps idle upstream
 * connections 60 s (AWS ALB, GCP, nginx's keepalive_timeout is 75 s) answers 502. The server must be the side that
 * keeps idle connections longer: 65 s by default, headers 66 s (above the keep-alive timeout, as Node advises),
 * a whole request 300 s (Node's default). docs/operations.md "Keep-alive and header timeouts".
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 66_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

export interface HttpTimeouts {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS (0: no limit for the last two, as in Node). */
export function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const t = {
    keepAliveTimeoutMs: msSetting(env.KEEP_ALIVE_TIMEOUT_MS, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, 'KEEP_ALIVE_TIMEOUT_MS'),
    headersTimeoutMs: msSetting(env.HEADERS_TIMEOUT_MS, DEFAULT_HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: msSetting(env.REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS'),
  };
  if (t.requestTimeoutMs > 0 && t.headersTimeoutMs > t.requestTimeoutMs) {
    throw new Error(`HEADERS_TIMEOUT_MS (${t.headersTimeoutMs}) must not be above REQUEST_TIMEOUT_MS (${t.requestTimeoutMs})`);
  }
  return t;
}

export function applyHttpTimeouts(server: Server, t: HttpTimeouts) {
  server.keepAliveTimeout = t.keepAliveTimeoutMs;
  server.headersTimeout = t.headersTimeoutMs;
  server.requestTimeout = t.requestTimeoutMs;
}

// ---- shutdown ----------------------------------------------------------------------------------------------------------

export interface ShutdownOptions {
  timeoutMs: number;
  drainMs: number;
  /** after the server has closed (or at the deadline): close the database, release locks */
  cleanup: () => Promise<void>;
  /**
   * at the signal, before the drain: end what would otherwise hold the process until the deadline (the order-status
   * stream hub ends every SSE stream with `: bye`; clients reconnect elsewhere with their Last-Event-ID)
   */
  onSignal?: () => void;
  exit?: (code: number) => void;
}

export function shutdownOptions(env: LifecycleEnv, cleanup: () => Promise<void>, onSignal?: () => void): ShutdownOptions {
  return {
    ...(onSignal ? { onSignal } : {}),
    timeoutMs: msSetting(env.SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS'),
    drainMs: msSetting(env.SHUTDOWN_DRAIN_MS, 0, 'SHUTDOWN_DRAIN_MS'),
    cleanup,
  };
}

interface InFlight {
  req: IncomingMessage;
}

/**
 * Graceful shutdown for an http.Server. `healthGate` answers /healthz with 503 while draining (mount it before
 * the app's /healthz); `shutdown()` is what SIGTERM/SIGINT call (installed by `installSignals`).
 *
 * No request the client has sent in full before the listener closed is reset:
 * - when the drain ends, requests are refused with 503 and `Connection: close` (no database work: a client goes
 *   elsewhere), and the listening socket closes once no new connection has come for LISTENER_QUIET_MS, checked just
 *   after the event loop has accepted what the kernel's accept queue held (at the latest LISTENER_CLOSE_MAX_MS
 *   later): closing a listening socket resets the connections still queued on it, whose requests may have been sent;
 * - a connection without a request in progress is closed only when the bytes it has received did not change
 *   between two sweeps (100 ms apart, each after the event loop has read the sockets), so a request that waited in
 *   the kernel while the loop was held is read, and answered, instead;
 * - Node's own `server.close()` would close idle connections at once, before reading what waits on them, so the
 *   listener is closed with net.Server's close.
 */
export function gracefulShutdown(server: Server, opts: ShutdownOptions) {
  let draining = false;
  let started = 0;
  /** open connections, with their bytes received when the last sweep saw them (-1: not seen yet) */
  const sockets = new Map<Socket, { bytesSeen: number }>();
  const current = new Map<Socket, InFlight>();
  let listening = true;
  /** from the end of the drain: requests are refused (503, Connection: close) instead of passed to the app */
  let refusing = false;
  let lastConnectionAt = 0;

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { bytesSeen: -1 });
    lastConnectionAt = Date.now();
    socket.once('close', () => {
      sockets.delete(socket);
      current.delete(socket);
    });
    if (draining && !listening) socket.destroy();
  });
  // the app's request listeners (serve() added them) run behind this one, which can refuse instead
  const appListeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    current.set(socket, { req });
    res.once('close', () => {
      if (current.get(socket)?.req === req) current.delete(socket);
      const seen = sockets.get(socket);
      if (seen) seen.bytesSeen = -1; // idle from now: two sweeps must see it unchanged
    });
    if (refusing) {
      res.shouldKeepAlive = false;
      res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Connection: 'close', 'Retry-After': '1' });
      res.end('{"status":"draining"}');
      return;
    }
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (draining) {
        // Node then closes the connection after this response
        this.shouldKeepAlive = false;
        if (!this.headersSent) this.setHeader('Connection', 'close');
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    for (const listener of appListeners) listener.call(server, req, res);
  });

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    const halfSentExpired = Date.now() - started >= HALF_SENT_GRACE_MS;
    for (const [socket, seen] of sockets) {
      const inFlight = current.get(socket);
      const bytes = socket.bytesRead;
      if (inFlight) {
        // a request whose body has not fully arrived (half-sent body)
        if (!inFlight.req.complete && halfSentExpired) socket.destroy();
      } else if (bytes === seen.bytesSeen) {
        // nothing received since the previous sweep and no request in progress: idle keep-alive, or headers
        // that stopped coming
        socket.destroy();
      } else if (seen.bytesSeen >= 0 && halfSentExpired) {
        // headers still trickling in after the grace (half-sent headers)
        socket.destroy();
      } else seen.bytesSeen = bytes;
    }
  };
  // timers run before the event loop reads its sockets: sweep after that read (setImmediate), not before it
  const sweepAfterRead = () => setImmediate(sweep);

  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let finished = false;
  const finish = async (code: number) => {
    if (finished) return;
    finished = true;
    if (sweeper) clearInterval(sweeper);
    // the database gets what is left of the deadline (at least a second) to close cleanly
    const left = Math.max(started + opts.timeoutMs - Date.now(), 1000);
    const cleanup = await Promise.race([
      opts.cleanup().then(
        () => 'done',
        (e: unknown) => `failed: ${(e as Error).message}`,
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), left).unref()),
    ]);
    const took = Date.now() - started;
    console.log(`[lifecycle] ${code === 0 ? 'stopped' : 'stopped at the deadline'} in ${took} ms (database close ${cleanup})`);
    exit(cleanup === 'done' ? code : 1);
  };

  const closeListener = () => {
    refusing = true;
    const latest = Date.now() + LISTENER_CLOSE_MAX_MS;
    // checked after each read of the sockets (setImmediate: the poll before it took what the accept queue held):
    // once no connection has come for LISTENER_QUIET_MS, the queue is empty and the listener closes
    const check = () =>
      setImmediate(() => {
        const now = Date.now();
        if (now - lastConnectionAt >= LISTENER_QUIET_MS || now >= latest) closeNow();
        else setTimeout(check, 10);
      });
    check();
  };
  const closeNow = () => {
    listening = false;
    // net.Server's close: http.Server's would also close idle connections at once, requests waiting unread on them
    // included
    netClose.call(server, () => void finish(0));
    sweep();
    sweeper = setInterval(sweepAfterRead, 100);
  };

  return {
    get draining() {
      return draining;
    },
    healthGate: (async (c, next) => {
      if (!draining) return next();
      return c.json({ status: 'draining' }, 503);
    }) as MiddlewareHandler,
    shutdown(signal = 'SIGTERM') {
      if (draining) {
        console.log(`[lifecycle] ${signal} again: exiting now`);
        server.closeAllConnections();
        exit(1);
        return;
      }
      draining = true;
      started = Date.now();
      try {
        opts.onSignal?.();
      } catch (e) {
        console.error(`[lifecycle] onSignal failed: ${(e as Error).message}`);
      }
      console.log(`[lifecycle] ${signal}: draining (${sockets.size} open connection(s), deadline ${opts.timeoutMs} ms)`);
      setTimeout(() => {
        if (finished) return;
        console.log(`[lifecycle] deadline reached: closing ${sockets.size} connection(s)`);
        server.closeAllConnections();
        for (const s of sockets.keys()) s.destroy();
        void finish(1);
      }, opts.timeoutMs);
      if (opts.drainMs > 0) setTimeout(closeListener, Math.min(opts.drainMs, opts.timeoutMs));
      else closeListener();
    },
  };
}

export function installSignals(shutdown: (signal: string) => void) {
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
