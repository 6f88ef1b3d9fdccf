/** When the locator map may start (docs/map.md "First load"). */

import { whenIdle } from '../../services/first-paint.ts';

/**
 * Calls `ready` once `host` has a size (it is displayed) and the browser is idle after a paint
 * (requestIdleCallback, at most 2 s later; a short timeout where it is missing). Returns a cancel function.
 */
export function whenShownAndIdle(host: HTMLElement, ready: () => void): () => void {
  let done = false;
  let observer: ResizeObserver | null = null;
  let cancelIdle: (() => void) | null = null;
  const cancel = () => {
    done = true;
    observer?.disconnect();
    cancelIdle?.();
  };
  const afterPaintIdle = () => {
    window.requestAnimationFrame(() => {
      if (done) return;
      cancelIdle = whenIdle(() => !done && (cancel(), ready()), { timeoutMs: 2000, fallbackMs: 200 });
    });
  };
  const shown = () => host.offsetWidth > 0 && host.offsetHeight > 0;
  if (shown() || typeof ResizeObserver !== 'function') afterPaintIdle();
  else {
    observer = new ResizeObserver(() => {
      if (!shown()) return;
      observer?.disconnect();
      afterPaintIdle();
    });
    observer.observe(host);
  }
  return cancel;
}
