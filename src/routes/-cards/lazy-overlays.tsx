import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { whenIdle } from '../../services/first-paint.ts';

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
  useEffect(() => whenIdle(() => void loadOverlays(), { timeoutMs: 2000, fallbackMs: 1000 }), []);
}
