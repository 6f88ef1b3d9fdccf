/**
 * The cookie-preferences dialog loads on first use: its machine, view and styles are not in the entry chunk
 * (docs/architecture.md#performance). `openCookiePreferences` loads src/services/cookie-preferences.tsx, opens the
 * dialog's actor and mounts the host the root route renders.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

const load = () => import('./cookie-preferences.tsx');
let requested = false;
const listeners = new Set<() => void>();

export function openCookiePreferences() {
  void load().then((m) => {
    m.openCookiePreferences();
    if (!requested) {
      requested = true;
      listeners.forEach((f) => f());
    }
  });
}

const Host = lazy(() => load().then((m) => ({ default: m.CookiePreferencesHost })));

/** Rendered once by the root route: nothing until the dialog is first asked for. */
export function LazyCookiePreferencesHost() {
  const shown = useSyncExternalStore(
    (f) => {
      listeners.add(f);
      return () => void listeners.delete(f);
    },
    () => requested,
  );
  return shown ? (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  ) : null;
}
