/** When the locator map may start (docs/map.md "First load"). */
/**
 * Calls `ready` once `host` has a size (it is displayed) and the browser is idle after a paint
 * (requestIdleCallback, at most 2 s later; a short timeout where it is missing). Returns a cancel function.
 */
export function whenShownAndIdle(host: HTMLElement, ready: () => void): () => void {
  let done = false;
  let observer: ResizeObserver | null = null;
  let idleId: number | null = null;
  let timer: number | null = null;
  const cancel = () => {
    done = true;
    observer?.disconnect();
    if (idleId !== null) window.cancelIdleCallback?.(idleId);
    if (timer !== null) window.clearTimeout(timer);
  };
  const afterPaintIdle = () => {
    window.requestAnimationFrame(() => {
      if (done) return;
      if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(() => !done && (cancel(), ready()), { timeout: 2000 });
      else timer = window.setTimeout(() => !done && (cancel(), ready()), 200);
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
