import { useSyncExternalStore } from 'react';
import { WAYS_TO_PAY_OFFSET } from '../../contracts/rewards-constants.ts';

/**
 * The phone / desktop split of the rewards pages and the home stream (docs/rewards.md section 1, docs/home.md):
 * "phone" is `(max-width: 767px)`, desktop otherwise. Read through `matchMedia`, so it follows the CSS breakpoint
 * exactly (a 767 px window is a phone, 768 px desktop) and changes with a resize or rotation.
 */
export const PHONE_QUERY = '(max-width: 767px)';

/** this window is phone-sized now (false where there is no window or no matchMedia: server, old test DOMs) */
export function isPhone(win: Pick<Window, 'matchMedia'> | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return typeof win?.matchMedia === 'function' ? win.matchMedia(PHONE_QUERY).matches : false;
}

/** calls `onChange` when the window crosses the phone breakpoint; returns the unsubscribe */
export function onViewportChange(onChange: () => void, win: Pick<Window, 'matchMedia'> | undefined = typeof window === 'undefined' ? undefined : window): () => void {
  if (typeof win?.matchMedia !== 'function') return () => {};
  const list = win.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** React: true on a phone-sized window, re-rendering when that changes */
export function useIsPhone(): boolean {
  return useSyncExternalStore(onViewportChange, () => isPhone(), () => false);
}

/** spec 9: how far below the window's top an in-page section lands (#ways-to-pay): 50 px on a phone, 149 px otherwise */
export function scrollOffset(win?: Pick<Window, 'matchMedia'>): number {
  return isPhone(win) ? WAYS_TO_PAY_OFFSET.mobile : WAYS_TO_PAY_OFFSET.desktop;
}
