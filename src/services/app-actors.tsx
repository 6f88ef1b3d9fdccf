/**
 * Long-lived actors started once at the root (docs/architecture.md#layers-and-actors): notifications, the selected
 * store and the cart. Routes reach them through the router context or `useAppActors()`. The cart is created on first
 * use, one per app (`cartOf(appActors)`, src/services/cart.ts, kept by these actors in a WeakMap there), so that its
 * machine, and its types, are not in the entry every page loads.
 */
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { notificationsMachine, type NotificationsEvent } from '../../machines/notifications.machine.ts';
import type { selectedStoreMachine } from '../../machines/selected-store.machine.ts';
import { createSelectedStoreActor } from './selected-store.ts';
import { bagCountOf, subscribeBagCount } from './bag.ts';

export interface AppActors {
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** the store to order from (spec 1 section 3), kept in localStorage and reloaded from the API */
  selectedStore: ActorRefFrom<typeof selectedStoreMachine>;
}

export function createAppActors(): AppActors {
  const notifications = createActor(notificationsMachine).start();
  const selectedStore = createSelectedStoreActor().start();
  return { notifications, selectedStore };
}

/** The action implementation flows are provided with for their named `notify` action. */
export function notifyWith(actors: Pick<AppActors, 'notifications'>) {
  return (n: Omit<Extract<NotificationsEvent, { type: 'notify.show' }>, 'type'>) => actors.notifications.send({ type: 'notify.show', ...n });
}

/** A toast through the root notifications actor (any page). */
export function useToast() {
  const actors = useAppActors();
  return (tone: 'success' | 'error' | 'info', message: string) => actors.notifications.send({ type: 'notify.show', kind: 'toast', tone, message });
}

const Ctx = createContext<AppActors | null>(null);
export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <Ctx.Provider value={actors}>{children}</Ctx.Provider>;
}
export function useAppActors(): AppActors {
  const a = useContext(Ctx);
  if (!a) throw new Error('AppActorsProvider missing');
  return a;
}

/**
 * The bag's item count (the header's, and the menu list pages' bag button): the cart root actor's items once an
 * ordering page has started it, the stored bag's before (src/services/bag.ts).
 */
export function useBagCount(): number {
  const actors = useAppActors();
  return useSyncExternalStore(
    useCallback((onChange: () => void) => subscribeBagCount(actors, onChange), [actors]),
    () => bagCountOf(actors),
    () => 0,
  );
}
