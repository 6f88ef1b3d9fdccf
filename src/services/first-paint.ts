/**
 * Runs `start` once the browser has presented its first contentful paint (the prerendered shell:
 * src/views/shell/page-shells.ts), or after `timeoutMs` when no paint comes (a browser without paint timing),
 * or at once in a tab opened in the background (it paints nothing until shown).
 *
 * Why wait: React's first render replaces the shell's nodes. When that happens between the first paint and the
 * moment the browser reports it, the browser drops the shell's heading as a largest-contentful-paint candidate and
 * counts React's identical heading, a second later on a slow phone, instead. Waiting for the report costs at most
 * a frame when the bundle is ready before the first paint, and nothing otherwise (the usual case: the HTML paints
 * long before the bundle has loaded).
 */
export function afterFirstPaint(start: () => void, timeoutMs = 250): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined = undefined;
  const go = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    if (timer !== undefined) clearTimeout(timer);
    start();
  };
  if (typeof performance !== 'undefined' && performance.getEntriesByName?.('first-contentful-paint').length) return go();
  // a tab opened in the background paints nothing until it is shown (and its timers wait a second): start now
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return go();
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    return go(); // no PerformanceObserver or no paint timing: start now
  }
  timer = setTimeout(go, timeoutMs);
}

/**
 * Resolves in a new task, so start-up work is split into tasks the browser can run input and paint between (a long
 * task blocks both; Lighthouse counts what each task runs over 50 ms as blocking time). A message, not a timer:
 * timers of a background tab wait a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Calls `run` once the browser is idle (requestIdleCallback, at most `timeoutMs` later), or after `fallbackMs`
 * where requestIdleCallback is missing. Returns a cancel function. For work that may wait: the locator's map
 * (src/views/locator/map-start.ts), the card overlays' chunk (src/routes/-cards/lazy-overlays.tsx).
 */
export function whenIdle(run: () => void, { timeoutMs = 2000, fallbackMs = 200 }: { timeoutMs?: number; fallbackMs?: number } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback?.(id);
  }
  const timer = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(timer);
}
