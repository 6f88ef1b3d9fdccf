import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runNodeScript, type ChildExit } from '../test/node-child.ts';

const GUARD = fileURLToPath(new URL('./stall-guard.ts', import.meta.url));
const DB = fileURLToPath(new URL('./db.ts', import.meta.url));

/**
 * Runs `body` in a child Node process with an in-memory PGlite (`db`) and, unless `guard` is false, the stall guard
 * at 1 s; its exit, stderr and whether the test had to end it.
 */
function child(body: string, guard = true): Promise<ChildExit> {
  const script = [
    `const { openPglite } = await import(${JSON.stringify(DB)});`,
    `const { startDbStallGuard } = await import(${JSON.stringify(GUARD)});`,
    'const db = await openPglite(undefined);',
    guard ? 'startDbStallGuard(db, { limitMs: 1000, probeMs: 100 });' : '',
    body,
  ].join('\n');
  return runNodeScript(script, 90_000);
}

// a transaction that never finishes: PGlite runs one at a time, so every later query waits behind it forever while
// the event loop keeps running (the hang watchdog, which watches the loop, cannot see it)
const STALL = 'void db.transaction(() => new Promise(() => {})); setInterval(() => void db.query("select 1"), 200);';

describe('PGlite stall guard (DB_STALL_EXIT_MS)', () => {
  it('ends a process whose database has stopped answering, with exit code 1 and one line on stderr', async () => {
    const r = await child(STALL);
    expect(r.endedByTest).toBe(false);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\[server\] database stalled: a query has not returned for \d+ ms \(DB_STALL_EXIT_MS 1000\): ending the process$/m);
  }, 120_000);

  it('leaves a process with a busy but answering database alone and never keeps it alive', async () => {
    const r = await child('let n = 0; const t = setInterval(async () => { await db.query("select pg_sleep(0.05)"); if (++n === 30) { clearInterval(t); await db.close(); } }, 60);');
    expect(r).toEqual({ code: 0, signal: null, stderr: '', endedByTest: false });
  }, 120_000);
});
