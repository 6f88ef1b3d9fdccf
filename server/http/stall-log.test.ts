import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { msSetting, slowRequestLog, watchEventLoop } from './stall-log.ts';

/** Operators see a slow request and a stalled event loop in the log (docs/operations.md). */
describe('slow requests and event-loop stalls', () => {
  function appWith(thresholdMs: number, lines: string[]) {
    const app = new Hono();
    app.use('*', slowRequestLog(thresholdMs, (l) => lines.push(l)));
    app.get('/slow', async (c) => {
      await new Promise((r) => setTimeout(r, 60));
      return c.text('ok');
    });
    app.get('/fast', (c) => c.text('ok'));
    return app;
  }

  it('logs a request at or over the threshold with method, path without query, duration and status', async () => {
    const lines: string[] = [];
    const app = appWith(50, lines);
    expect((await app.request('/fast?email=someone@example.com')).status).toBe(200);
    expect(lines).toEqual([]);
    expect((await app.request('/slow?email=someone@example.com')).status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[server\] slow request: GET \/slow took \d+ ms \(status 200\)$/);
    expect(lines[0]).not.toContain('someone');
  });

  it('0 turns the slow-request log off', async () => {
    const lines: string[] = [];
    await appWith(0, lines).request('/slow');
    expect(lines).toEqual([]);
  });

  it('a blocked event loop is reported after the interval', async () => {
    const lines: string[] = [];
    const stop = watchEventLoop(100, 300, (l) => lines.push(l));
    try {
      await new Promise((r) => setTimeout(r, 120)); // the monitor has taken samples
      const until = Date.now() + 250;
      while (Date.now() < until) {
        /* block the event loop, as a long synchronous PGlite query does */
      }
      await new Promise((r) => setTimeout(r, 800)); // two intervals: the stall is read at the first or the second
      expect(lines[0]).toMatch(/^\[server\] event loop stalled for up to \d+ ms in the last \d+ s$/);
      const ms = Number(/up to (\d+) ms/.exec(lines[0]!)?.[1]);
      expect(ms).toBeGreaterThanOrEqual(100);
    } finally {
      stop();
    }
  });

  it('settings: whole milliseconds, 0 or more, else a clear start-up error', () => {
    expect(msSetting(undefined, 5000, 'SLOW_REQUEST_MS')).toBe(5000);
    expect(msSetting('', 5000, 'SLOW_REQUEST_MS')).toBe(5000);
    expect(msSetting('0', 5000, 'SLOW_REQUEST_MS')).toBe(0);
    expect(msSetting('1500', 5000, 'SLOW_REQUEST_MS')).toBe(1500);
    expect(() => msSetting('-1', 5000, 'SLOW_REQUEST_MS')).toThrow('SLOW_REQUEST_MS must be a whole number of milliseconds, 0 or more (got "-1")');
    expect(() => msSetting('2s', 5000, 'EVENT_LOOP_STALL_MS')).toThrow('EVENT_LOOP_STALL_MS must be a whole number of milliseconds, 0 or more (got "2s")');
  });
});
