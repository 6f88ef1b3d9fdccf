import { lazy, Suspense, useEffect, type ComponentProps } from 'react';

/**
 * The card overlays (#pay, #add-money, #auto-reload) as their own chunk: the list and details pages render
 * without them, and start loading them once the browser is idle, so an overlay opened by a click is there at
 * once. A link straight to an overlay (`/account/cards#pay`) loads it with the page.
 */
const loadOverlays = () => import('./CardOverlays.tsx');
const Overlays = lazy(() => loadOverlays().then((m) => ({ default: m.CardOverlays })));

type Props = ComponentProps<Awaited<ReturnType<typeof loadOverlays>>['CardOverlays']>;

export function LazyCardOverlays(props: Props) {
  return (
    <Suspense fallback={<p role="status" className="visually-hidden">Loading…</p>}>
      <Overlays {...props} />
    </Suspense>
  );
}

/** Loads the overlays' chunk when the browser is idle (at most 2 s after the page mounted). */
export function usePreloadCardOverlays() {
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => void loadOverlays(), { timeout: 2000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => void loadOverlays(), 1000);
    return () => clearTimeout(t);
  }, []);
}
