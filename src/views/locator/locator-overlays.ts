import { useEffect, useState } from 'react';
import type * as Overlays from './LocatorOverlays.tsx';
import { whenIdle } from '../../services/first-paint.ts';

/**
 * The locator's overlays (LocatorOverlays.tsx: filters, the two dialogs, store details) as their own chunk, the card
 * overlays' pattern (src/routes/-cards/lazy-overlays.tsx): the list, search and map paint without them; the chunk
 * loads when the browser is idle after the first paint (at most 2 s later), or at once when an overlay is opened
 * before that. Once loaded it stays for the app's life (`loaded`), so later renders have it synchronously
 * (docs/architecture.md#performance).
 */
let loaded: typeof Overlays | null = null;
let loading: Promise<typeof Overlays> | null = null;

export function preloadLocatorOverlays(): Promise<typeof Overlays> {
  loading ??= import('./LocatorOverlays.tsx').then((m) => (loaded = m));
  return loading;
}

/** the overlays' module once loaded (null before); `needed`: an overlay is open, load it now */
export function useLocatorOverlays(needed: boolean): typeof Overlays | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    const load = () => void preloadLocatorOverlays().then((m) => live && setModule(m));
    if (needed) load();
    const cancel = whenIdle(load, { timeoutMs: 2000, fallbackMs: 1000 });
    return () => {
      live = false;
      cancel();
    };
  }, [module, needed]);
  return module;
}
