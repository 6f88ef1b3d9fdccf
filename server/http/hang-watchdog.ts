import { Worker } from 'node:worker_threads';

/**
 * Ends a process whose event loop has not run for `limitMs` (docs/operations.md, "Slow requests and a stalled event
 * loop"). On PGlite a query runs on the process's own event loop; a query that never returns (seen in the unit
 * tests, docs/testing.md) would leave the process alive, listening and answering nothing, forever, and nothing on
 * that thread can notice. A worker thread can: the main thread adds one to a shared counter every HEARTBEAT_MS, the
 * worker checks it, and when the counter has not moved for `limitMs` it writes one line to stderr and kills the
 * process (SIGKILL: a blocked event loop would never run a SIGTERM handler). A process manager or the load
 * balancer's health check then starts another; the PGlite folder's stale lock is replaced on that start
 * (server/lifecycle.ts) and PostgreSQL recovers the folder as after any crash.
 *
 * Started by server/main.ts's main() once the server is ready (migrations at start may block for longer), never by
 * tests that call start(). Both timers are unref'd: the watchdog never keeps a process alive. `limitMs` 0: off.
 */
export const HEARTBEAT_MS = 250;

// run by the worker with eval (no file to find beside the compiled server); dynamic imports, so that it runs as a
// CommonJS script or as a module alike
const WORKER_SOURCE = `
(async () => {
const { workerData } = await import('node:worker_threads');
const fs = await import('node:fs');
const beat = new Int32Array(workerData.buffer);
let last = Atomics.load(beat, 0);
let since = Date.now();
setInterval(() => {
  const now = Date.now();
  const seen = Atomics.load(beat, 0);
  if (seen !== last) {
    last = seen;
    since = now;
  } else if (now - since >= workerData.limitMs) {
    fs.writeSync(2, '[server] event loop blocked for ' + (now - since) + ' ms (HANG_EXIT_MS ' + workerData.limitMs + '): ending the process\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, Math.min(workerData.checkMs, workerData.limitMs));
})();
`;

/** Starts the watchdog; returns its stop function. */
export function startHangWatchdog(limitMs: number): () => void {
  if (limitMs <= 0) return () => {};
  const buffer = new SharedArrayBuffer(4);
  const beat = new Int32Array(buffer);
  const timer = setInterval(() => Atomics.add(beat, 0, 1), HEARTBEAT_MS);
  timer.unref();
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { buffer, limitMs, checkMs: HEARTBEAT_MS } });
  worker.unref();
  return () => {
    clearInterval(timer);
    void worker.terminate();
  };
}
