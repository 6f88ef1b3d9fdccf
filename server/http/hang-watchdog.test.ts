import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runNodeScript, type ChildExit } from '../test/node-child.ts';

const WATCHDOG = fileURLToPath(new URL('./hang-watchdog.ts', import.meta.url));

/** Runs `body` in a child Node process with the watchdog started at `limitMs`; its exit and stderr. */
function child(limitMs: number, body: string): Promise<ChildExit> {
  return runNodeScript(`const { startHangWatchdog } = await import(${JSON.stringify(WATCHDOG)}); startHangWatchdog(${limitMs}); ${body}`, 20_000);
}

describe('hang watchdog (HANG_EXIT_MS)', () => {
  it('kills a process whose event loop stays blocked, with one line on stderr', async () => {
    const r = await child(1000, 'setTimeout(() => { for (;;) {} }, 300);');
    expect(r.endedByTest).toBe(false);
    expect(r.signal).toBe('SIGKILL');
    expect(r.stderr).toMatch(/^\[server\] event loop blocked for \d+ ms \(HANG_EXIT_MS 1000\): ending the process$/m);
  }, 60_000);

  it('leaves a healthy process alone and never keeps it alive', async () => {
    // busy for a while (short tasks), then nothing left to do: the process must end by itself, with 0
    const r = await child(5000, 'let n = 0; const t = setInterval(() => { n++; if (n === 30) clearInterval(t); }, 50);');
    expect(r).toEqual({ code: 0, signal: null, stderr: '', endedByTest: false });
  }, 60_000);

  it('0 turns it off: a blocked process is not killed by it', async () => {
    const r = await child(0, 'const end = Date.now() + 1500; while (Date.now() < end) {} process.exit(3);');
    expect(r).toEqual({ code: 3, signal: null, stderr: '', endedByTest: false });
  }, 60_000);
});
