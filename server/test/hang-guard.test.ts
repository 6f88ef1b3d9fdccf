import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { HANG_MARKER, statementOf } from './hang-guard.ts';
import { runNodeScript, type ChildExit } from './node-child.ts';

const GUARD = fileURLToPath(new URL('./hang-guard.ts', import.meta.url));

/**
 * Runs `body` in a child Node process with a PGlite `db` (in memory, when `body` uses it) and the test hang guard
 * started at `limitMs` after it (PGlite's start blocks the event loop for seconds on a loaded machine); its exit and
 * stderr.
 */
function child(limitMs: number, body: string): Promise<ChildExit> {
  const script = `const { startTestHangGuard } = await import(${JSON.stringify(GUARD)}); const { PGlite } = await import('@electric-sql/pglite'); const db = ${body.includes('db.') ? 'await PGlite.create()' : 'null'}; startTestHangGuard(${limitMs}, 'server/x.test.ts'); ${body}`;
  return runNodeScript(script, 60_000);
}

/** a PGlite statement that keeps the WebAssembly busy for many seconds (the event loop blocked, as in a stall) */
const LONG = 'select count(*) from generate_series(1, 400000000) a';

describe('the server test workers\' hang guard (TEST_HANG_MS)', () => {
  it('kills a worker blocked inside PGlite, naming the file, PGlite and the statement, with the main thread\'s stack', async () => {
    const r = await child(1500, `await db.query('select 1'); await db.query(${JSON.stringify(LONG)});`);
    expect(r.endedByTest).toBe(false);
    expect(r.signal).toBe('SIGKILL');
    expect(r.stderr).toContain(`${HANG_MARKER} the event loop of the worker running server/x.test.ts has been blocked for`);
    expect(r.stderr).toContain(`inside PGlite (execProtocolRawSync), the statement: ${LONG}; killing the worker`);
    expect(r.stderr).toMatch(/the main thread's stack:\n\s+at /);
  }, 90_000);

  it('tells a JavaScript spin from a PGlite one (the last statement named as such)', async () => {
    const r = await child(1000, `await db.query('select 42 as answer'); for (;;) {}`);
    expect(r.signal).toBe('SIGKILL');
    expect(r.stderr).toContain('not inside a PGlite call (the last statement sent to PGlite: select 42 as answer)');
  }, 90_000);

  it('leaves a worker whose statements return alone and never keeps it alive; 0 turns it off', async () => {
    const ok = await child(3000, `for (let i = 0; i < 20; i++) await db.query('select $1::int as n', [i]); await db.close();`);
    expect(ok).toEqual({ code: 0, signal: null, stderr: '', endedByTest: false });
    const off = await child(0, 'const end = Date.now() + 2500; while (Date.now() < end) {} process.exit(3);');
    expect(off).toEqual({ code: 3, signal: null, stderr: '', endedByTest: false });
  }, 90_000);

  it('reads the SQL of a simple query and of an extended-protocol Parse message', () => {
    const msg = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), Buffer.from([0, 0, 0, 0].map((_, i) => ((body.length + 4) >> (24 - 8 * i)) & 255)), body]);
    expect(statementOf(msg('Q', Buffer.from('select 1\0')))).toBe('select 1');
    const parse = msg('P', Buffer.concat([Buffer.from('s1\0select $1\0'), Buffer.from([0, 0])]));
    expect(statementOf(Buffer.concat([parse, msg('S', Buffer.alloc(0))]))).toBe('select $1');
    expect(statementOf(msg('S', Buffer.alloc(0)))).toBe('');
  });
});
