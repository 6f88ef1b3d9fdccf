/**
 * The server test workers' hang guard (a vitest setup file of the `server` project; docs/testing.md "The unit-run
 * watchdog").
 *
 * PGlite runs PostgreSQL as WebAssembly on the test worker's main thread, and a statement that spins (the "PGlite
 * stall") blocks that thread: no timer, no test timeout, no output. The unit runner (scripts/test-unit.ts) used to
 * notice only after 6 minutes of silence from the whole run. This guard notices in the worker itself: a worker thread
 * watches a counter the main thread moves every HEARTBEAT_MS; when it has not moved for TEST_HANG_MS (90 s by default:
 * no statement or test of the suite blocks the event loop for more than a few seconds, the largest being a template
 * load of about 4 s of CPU), it
 * - writes one line to stderr: `[test:unit] hang guard: ...`, with the test file, whether the main thread was inside
 *   PGlite (`execProtocolRawSync`, where the WebAssembly runs) and the statement it was running (the SQL of the last
 *   protocol message sent to PGlite), and the JavaScript stack of the main thread where V8 could pause it (through the
 *   inspector: V8 interrupts a loop, WebAssembly too, to pause);
 * - then kills the worker process (SIGKILL: a blocked loop never runs a SIGTERM handler). Vitest reports the file as
 *   failed, and scripts/test-unit.ts runs it once more after the run (it reads the marker line).
 * TEST_HANG_MS=0 turns it off.
 */
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export const HEARTBEAT_MS = 250;
export const DEFAULT_TEST_HANG_MS = 90_000;
export const HANG_MARKER = '[test:unit] hang guard:';
/** bytes of the shared statement buffer (the SQL is cut to fit) */
const SQL_BYTES = 2048;

// the worker thread's code (eval: no file to resolve in a vitest worker); dynamic imports, as a script or a module
const WORKER_SOURCE = `
(async () => {
const { workerData } = await import('node:worker_threads');
const fs = await import('node:fs');
const inspector = await import('node:inspector');
const beat = new Int32Array(workerData.beat);
const inPglite = new Int32Array(workerData.inPglite);
const sqlBytes = new Uint8Array(workerData.sql);
let last = Atomics.load(beat, 0);
let since = Date.now();
let fired = false;
const line = (s) => fs.writeSync(2, s + '\\n');
function kill() { process.kill(process.pid, 'SIGKILL'); }
const timer = setInterval(() => {
  if (fired) return;
  const now = Date.now();
  const seen = Atomics.load(beat, 0);
  if (seen !== last) { last = seen; since = now; return; }
  if (now - since < workerData.limitMs) return;
  fired = true;
  const len = sqlBytes.indexOf(0);
  const sql = new TextDecoder().decode(sqlBytes.subarray(0, len < 0 ? sqlBytes.length : len)).replace(/\\s+/g, ' ').trim();
  const inside = Atomics.load(inPglite, 0) === 1;
  line(${JSON.stringify(HANG_MARKER)} + ' the event loop of the worker running ' + workerData.file + ' has been blocked for ' + Math.round((now - since) / 1000) + ' s (TEST_HANG_MS ' + workerData.limitMs + '); ' +
    (inside ? 'inside PGlite (execProtocolRawSync), the statement: ' + (sql || '(not a query message)') : 'not inside a PGlite call (the last statement sent to PGlite: ' + (sql || 'none') + ')') + '; killing the worker (the file runs again at the end of the run)');
  // the main thread's stack, where V8 can pause it; the kill follows after 10 s in any case
  const fallback = setTimeout(() => { line('[test:unit] hang guard: no stack (the main thread did not pause)'); kill(); }, 10_000);
  try {
    const session = new inspector.Session();
    session.connectToMainThread();
    session.on('Debugger.paused', (m) => {
      const frames = m.params.callFrames.slice(0, 25).map((f) => '    at ' + (f.functionName || '(anonymous)') + ' (' + (f.url || 'wasm/' + f.location.scriptId) + ':' + (f.location.lineNumber + 1) + ')');
      line('[test:unit] hang guard: the main thread\\'s stack:\\n' + frames.join('\\n'));
      clearTimeout(fallback);
      kill();
    });
    session.post('Debugger.enable', () => session.post('Debugger.pause'));
  } catch (e) {
    line('[test:unit] hang guard: no stack (' + e + ')');
    clearTimeout(fallback);
    kill();
  }
}, Math.min(1000, workerData.limitMs));
})();
`;

interface GuardState {
  stop(): void;
}

const KEY = Symbol.for('harbor.testHangGuard');

/**
 * Starts the guard for this worker process (once: a setup file runs before every file the process runs); `file` names
 * the test file in the line. Returns the stop function.
 */
export function startTestHangGuard(limitMs: number, file: string): () => void {
  const g = globalThis as unknown as Record<symbol, GuardState | undefined>;
  g[KEY]?.stop();
  if (limitMs <= 0) return () => {};
  const beatBuf = new SharedArrayBuffer(4);
  const inPgliteBuf = new SharedArrayBuffer(4);
  const sqlBuf = new SharedArrayBuffer(SQL_BYTES);
  const beat = new Int32Array(beatBuf);
  const timer = setInterval(() => Atomics.add(beat, 0, 1), HEARTBEAT_MS);
  timer.unref();
  const restore = tracePglite(new Int32Array(inPgliteBuf), new Uint8Array(sqlBuf));
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { beat: beatBuf, inPglite: inPgliteBuf, sql: sqlBuf, limitMs, file } });
  worker.unref();
  const state: GuardState = {
    stop() {
      clearInterval(timer);
      restore();
      void worker.terminate();
      if (g[KEY] === state) g[KEY] = undefined;
    },
  };
  g[KEY] = state;
  return state.stop;
}

/** The SQL text of the first Parse ('P') or simple Query ('Q') message of a frontend protocol buffer, if any. */
export function statementOf(message: Uint8Array): string {
  let at = 0;
  while (at + 5 <= message.length) {
    const type = message[at]!;
    const len = ((message[at + 1]! << 24) | (message[at + 2]! << 16) | (message[at + 3]! << 8) | message[at + 4]!) >>> 0;
    const body = message.subarray(at + 5, at + 1 + len);
    if (type === 0x51 /* Q */) return new TextDecoder().decode(body.subarray(0, Math.max(0, body.indexOf(0))));
    if (type === 0x50 /* P */) {
      const nameEnd = body.indexOf(0);
      const sqlEnd = body.indexOf(0, nameEnd + 1);
      return new TextDecoder().decode(body.subarray(nameEnd + 1, sqlEnd < 0 ? body.length : sqlEnd));
    }
    if (len < 4) break;
    at += 1 + len;
  }
  return '';
}

/**
 * Wraps PGlite's execProtocolRawSync (every query, exec and transaction statement ends there; the WebAssembly runs
 * inside it) to record, in shared memory the guard's thread can read while the main thread is blocked, whether a call
 * is running and the statement it carries.
 */
function tracePglite(inPglite: Int32Array, sql: Uint8Array): () => void {
  const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
  const original = proto.execProtocolRawSync;
  const encoder = new TextEncoder();
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    const text = statementOf(message);
    if (text) {
      sql.fill(0);
      encoder.encodeInto(text.slice(0, SQL_BYTES / 3), sql.subarray(0, SQL_BYTES - 1));
    }
    Atomics.store(inPglite, 0, 1);
    try {
      return original.call(this, message);
    } finally {
      Atomics.store(inPglite, 0, 0);
    }
  };
  return () => {
    proto.execProtocolRawSync = original;
  };
}
