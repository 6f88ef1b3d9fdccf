import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * The browser's side of a live feed (machines/live-feed.machine.ts; docs/order-status.md 2.1), one place for the
 * tracker, the barista console and the menu's live stock: the connection going offline and online is sent to the
 * actor's `feed` child (it waits offline and streams again when back), and the page's clock for times that age.
 */

type FeedChild = { send: (e: { type: 'browser.offline' | 'browser.online' }) => void };

/** forwards offline/online to the `feed` child of `actor` (whichever child is running then); answers the remover */
export function forwardConnectivity(actor: AnyActorRef): () => void {
  const send = (type: 'browser.offline' | 'browser.online') => () => (actor.getSnapshot().children as { feed?: FeedChild }).feed?.send({ type });
  const off = send('browser.offline');
  const on = send('browser.online');
  window.addEventListener('offline', off);
  window.addEventListener('online', on);
  return () => {
    window.removeEventListener('offline', off);
    window.removeEventListener('online', on);
  };
}

/** `forwardConnectivity` for a page's actor, while the page is mounted */
export function useFeedConnectivity(actor: AnyActorRef): void {
  useEffect(() => forwardConnectivity(actor), [actor]);
}

/** the time, renewed every `everyMs` (a 'late' line, an ETA, the scheduled lane: once in half a minute is enough) */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
