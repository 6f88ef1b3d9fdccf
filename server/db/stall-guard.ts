import type { Queryable } from './db.ts';

/**
 * The PGlite stall guard (docs/operations.md, "Slow requests and a stalled event loop").
 *
 * PGlite runs one query at a time, in the process. A query (or a transaction) that never returns while the event
 * loop still runs — its promise never settles; unlike a query spinning in WebAssembly, which the hang watchdog
 * (server/http/hang-watchdog.ts) sees — leaves every later query waiting behind it in PGlite's queue: the process
 * stays up and listening, and every request that touches the database, `/healthz` included, waits forever.
 * Nothing times out: PostgreSQL's statement_timeout needs a timer signal that PGlite's single-threaded build does
 * not deliver, and it would not end a transaction that waits on JavaScript anyway.
 *
 * So the process checks its own database: every `probeMs` it runs `select 1` (when the previous probe has returned),
 * and when a probe has not returned for `limitMs` it writes one line to stderr and exits with 1 (the data folder's
 * lock file is released on exit; PostgreSQL recovers the folder as after `kill -9`), for the process manager to start
 * a new one. A probe waits behind the running query, so `limitMs` must be far beyond any query's work: 60 s by
 * default (DB_STALL_EXIT_MS). Started by server/main.ts's main() on PGlite once the server is ready; the timer is
 * unref'd (it never keeps a process alive). `limitMs` 0: off.
 */
export const DEFAULT_DB_STALL_EXIT_MS = 60_000;

export function startDbStallGuard(
  db: Queryable,
  opts: { limitMs: number; probeMs?: number; log?: (line: string) => void; exit?: (code: number) => void },
): () => void {
  if (opts.limitMs <= 0) return () => {};
  const probeMs = opts.probeMs ?? Math.min(5000, Math.max(50, Math.floor(opts.limitMs / 4)));
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let probeStarted: number | null = null;
  let ended = false;
  const timer = setInterval(() => {
    if (ended) return;
    if (probeStarted === null) {
      const started = Date.now();
      probeStarted = started;
      db.query('select 1').then(
        () => {
          if (probeStarted === started) probeStarted = null;
        },
        // an error is an answer: the database is not stalled (a broken one shows in the requests' errors)
        () => {
          if (probeStarted === started) probeStarted = null;
        },
      );
      return;
    }
    const waited = Date.now() - probeStarted;
    if (waited >= opts.limitMs) {
      ended = true;
      clearInterval(timer);
      log(`[server] database stalled: a query has not returned for ${waited} ms (DB_STALL_EXIT_MS ${opts.limitMs}): ending the process`);
      exit(1);
    }
  }, probeMs);
  timer.unref();
  return () => {
    ended = true;
    clearInterval(timer);
  };
}
