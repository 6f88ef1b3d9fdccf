import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { LocationResult } from '../contracts/locations.ts';
import type { ReorderCheck } from '../contracts/order-history.ts';
import { PATHS } from './app-page-paths.ts';
import { inputOf, notProvided } from './flow.ts';

/**
 * Reorder (issue 28 "Order history": Reorder puts the same items into the cart at the currently selected store,
 * unavailable items named and left out; "Reorder from home": one tap from the last-order widget; docs/home.md 2.5).
 * Used by the receipt page and by the home page's last-order widget. With no store selected, the order's own store
 * is used and becomes the selected store (one tap fewer than choosing a store). The route adds the available items
 * to the cart actor (`addToCart`), names the others in a toast (`notify`) and goes to the cart (`redirect`).
 */
export interface ReorderInput {
  orderId: string;
  /** the selected store, or null */
  storeNumber: string | null;
  /** the store the order was placed at (used when none is selected) */
  orderStoreNumber: string;
}
/** the check, and the store to select when none was (the order's own store), as the locator's result */
export type ReorderAnswer = ReorderCheck & { location: LocationResult | null };
export interface ReorderContext extends ReorderInput {
  answer: ReorderAnswer | null;
  destination: string | null;
}
export interface ReorderRequest {
  orderId: string;
  storeNumber: string;
  /** true: no store was selected, answer the order's store as a location to select */
  selectStore: boolean;
}
export type ReorderEvent = { type: 'user.reorder' } | DoneActorEvent<ReorderAnswer, 'loadReorder'> | ErrorActorEvent<unknown, 'loadReorder'>;

/** The request of `loadReorder`: the order at the selected store, or at its own store when none is selected. */
export function reorderRequest({ context }: { context: Pick<ReorderContext, 'orderId' | 'storeNumber' | 'orderStoreNumber'> }): ReorderRequest {
  if (!context.orderId) throw new Error('reorder: no order id');
  return { orderId: context.orderId, storeNumber: context.storeNumber ?? context.orderStoreNumber, selectStore: context.storeNumber === null };
}

export const reorderMachine = setup({
  types: { context: {} as ReorderContext, events: {} as ReorderEvent, input: {} as ReorderInput },
  actors: { loadReorder: fromPromise<ReorderAnswer, ReorderRequest>(async () => notProvided('loadReorder')) },
  guards: {
    noneAvailable: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadReorder');
      return event.output.items.length === 0;
    },
    someUnavailable: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadReorder');
      return event.output.unavailable.length > 0;
    },
  },
  actions: {
    applyInput: assign(({ event }) => {
      const i = inputOf<ReorderInput>(event, { orderId: '', storeNumber: null, orderStoreNumber: '' });
      return { orderId: i.orderId, storeNumber: i.storeNumber ?? null, orderStoreNumber: i.orderStoreNumber };
    }),
    assignReorder: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadReorder');
      return { answer: event.output };
    }),
    /** provided by the route: the answer's location becomes the selected store (only when none was selected) */
    selectStoreIfNone: () => {},
    /** provided by the route: `cart.add` for each of the answer's items */
    addToCart: () => {},
    /** provided by the route: the toast naming the answer's unavailable items */
    notify: (_, _params: { message: 'reorderPartly' }) => {},
    goToCart: assign({ destination: PATHS.cart }),
    /** provided by the route: navigate to `context.destination` */
    redirect: () => {},
  },
}).createMachine({
  id: 'reorder',
  description: 'Puts an order’s items back in the cart at the selected store, naming what is left out.',
  meta: { title: 'Reorder (receipt, home)', spec: 'issue 28 Order history: Reorder, Reorder from home; docs/home.md 2.5, 3.5' },
  context: { orderId: '', storeNumber: null, orderStoreNumber: '', answer: null, destination: null },
  entry: 'applyInput',
  initial: 'idle',
  states: {
    idle: { description: 'The Reorder button.', on: { 'user.reorder': { target: 'checking' } } },
    checking: {
      description: 'reorderCheck: which of the order’s items the store can make now.',
      tags: ['loading'],
      invoke: {
        id: 'loadReorder',
        src: 'loadReorder',
        input: reorderRequest,
        onDone: [
          { guard: 'noneAvailable', target: 'nothingAvailable', actions: 'assignReorder' },
          { guard: 'someUnavailable', target: 'done', actions: ['assignReorder', 'selectStoreIfNone', 'addToCart', { type: 'notify', params: { message: 'reorderPartly' } }, 'goToCart', 'redirect'] },
          { target: 'done', actions: ['assignReorder', 'selectStoreIfNone', 'addToCart', 'goToCart', 'redirect'] },
        ],
        onError: { target: 'failed' },
      },
    },
    nothingAvailable: {
      description: 'None of the items can be made at this store: nothing added.',
      tags: ['error'],
      meta: { message: 'reorderNothingAvailable' },
      on: { 'user.reorder': { target: 'checking' } },
    },
    failed: {
      description: 'The check failed: the generic text; Reorder tries again.',
      tags: ['error'],
      meta: { message: 'reorderFailed' },
      on: { 'user.reorder': { target: 'checking' } },
    },
    done: { description: 'The items are in the cart; off to the cart.', tags: ['redirecting'], type: 'final' },
  },
});
