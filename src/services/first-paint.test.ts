import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, nextTask, whenIdle } from './first-paint.ts';

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

function fakePaintTiming({ painted = false, supported = true } = {}) {
  const observers: Array<{ cb: Callback; disconnected: boolean }> = [];
  class FakeObserver {
    private entry: { cb: Callback; disconnected: boolean };
    constructor(cb: Callback) {
      this.entry = { cb, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: { type: string }) {
      if (!supported || options.type !== 'paint') throw new TypeError('unsupported entry type');
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => (painted && name === 'first-contentful-paint' ? [{ name } as PerformanceEntry] : []));
  const paint = (name: string) => observers.filter((o) => !o.disconnected).forEach((o) => o.cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
  return { observers, paint };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('starts at once in a hidden tab (a background tab paints nothing until shown)', () => {
    vi.useFakeTimers();
    fakePaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const start = vi.fn();
    afterFirstPaint(start, 250);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the first contentful paint, then starts once and stops observing', () => {
    vi.useFakeTimers();
    const { observers, paint } = fakePaintTiming();
    const start = vi.fn();
    afterFirstPaint(start, 250);
    expect(start).not.toHaveBeenCalled();
    paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page has already painted', () => {
    fakePaintTiming({ painted: true });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the timeout when no paint comes (a background tab)', () => {
    vi.useFakeTimers();
    fakePaintTiming();
    const start = vi.fn();
    afterFirstPaint(start, 250);
    vi.advanceTimersByTime(249);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once without paint timing', () => {
    fakePaintTiming({ supported: false });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('nextTask', () => {
  it('resolves in a later task: after the current task and its microtasks', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('sync');
    await done;
    expect(order).toEqual(['sync', 'microtask', 'next task']);
  });

  it('falls back to a timer without MessageChannel', async () => {
    vi.stubGlobal('MessageChannel', undefined);
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await done;
    expect(order).toEqual(['microtask', 'next task']);
  });
});

describe('whenIdle', () => {
  it('runs when the browser is idle, with the timeout given, and can be cancelled', () => {
    const calls: Array<{ cb: () => void; timeout: number | undefined }> = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, o?: { timeout: number }) => calls.push({ cb, timeout: o?.timeout }));
    const cancelIdle = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const run = vi.fn();
    const cancel = whenIdle(run, { timeoutMs: 1500 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.timeout).toBe(1500);
    expect(run).not.toHaveBeenCalled();
    calls[0]!.cb();
    expect(run).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(1);
  });

  it('falls back to a timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, { fallbackMs: 300 });
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled, { fallbackMs: 300 })();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
