import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenShownAndIdle } from './map-start.ts';

afterEach(() => vi.unstubAllGlobals());

describe('whenShownAndIdle (the map never starts in the first-load critical path)', () => {
  it('waits until the map area is displayed, then for a paint and an idle period', () => {
    let observed: (() => void) | null = null;
    vi.stubGlobal('ResizeObserver', class {
      constructor(cb: () => void) {
        observed = cb;
      }
      observe() {}
      disconnect() {}
    });
    const frames: Array<() => void> = [];
    const idles: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idles.push(cb));
    const host = document.createElement('div');
    let size = 0;
    Object.defineProperty(host, 'offsetWidth', { get: () => size });
    Object.defineProperty(host, 'offsetHeight', { get: () => size });
    const ready = vi.fn();
    whenShownAndIdle(host, ready);
    observed!(); // still hidden (a phone showing the list)
    expect(frames).toHaveLength(0);
    size = 300;
    observed!();
    frames.shift()!();
    expect(ready).not.toHaveBeenCalled();
    idles.shift()!();
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the locator left before the map started)', () => {
    const idles: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => cb());
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idles.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const host = document.createElement('div');
    Object.defineProperty(host, 'offsetWidth', { get: () => 500 });
    Object.defineProperty(host, 'offsetHeight', { get: () => 400 });
    const ready = vi.fn();
    const cancel = whenShownAndIdle(host, ready);
    cancel();
    idles.forEach((f) => f());
    expect(ready).not.toHaveBeenCalled();
  });
});
