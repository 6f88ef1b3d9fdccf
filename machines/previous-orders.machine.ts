import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { PreviousOrder } from '../contracts/ordering.ts';
import { visiblePreviousOrders } from '../contracts/ordering-rules.ts';
import { inputOf, notProvided } from './flow.ts';

/**
 * Previous orders, /menu/previous (spec 1 sections 4, 5, 6, 9): members only (guests cannot have previous orders
 * shown); get-previous-orders for the store and locale, limit 10; items whose product number is null or 81 or that
 * are NotOrderable are left out, and orders left empty are hidden; reorder puts an order's items in the bag.
 * Refetching when older than 2 hours or after the store or locale changed is the query cache's (staleTime; key).
 */
export interface PreviousOrdersInput {
  signedIn: boolean;
  storeNumber: string | null;
  locale: string;
}
export interface PreviousOrdersContext extends PreviousOrdersInput {
  orders: PreviousOrder[];
  reordered: string | null;
}
export type PreviousOrdersEvent =
  | { type: 'user.reorder'; orderId: string }
  | { type: 'user.retry' }
  | DoneActorEvent<{ previousOrders: PreviousOrder[] }, 'loadPreviousOrders'>
  | ErrorActorEvent<unknown, 'loadPreviousOrders'>;
export interface PreviousOrdersRequest {
  locale: string;
  storeNumber?: string;
  limit: number;
}
export function previousOrdersRequest({ context }: { context: Pick<PreviousOrdersContext, 'storeNumber' | 'locale'> }): PreviousOrdersRequest {
  return { locale: context.locale, ...(context.storeNumber ? { storeNumber: context.storeNumber } : {}), limit: 10 };
}

export const previousOrdersMachine = setup({
  types: { context: {} as PreviousOrdersContext, events: {} as PreviousOrdersEvent, input: {} as PreviousOrdersInput },
  actors: { loadPreviousOrders: fromPromise<{ previousOrders: PreviousOrder[] }, PreviousOrdersRequest>(async () => notProvided('loadPreviousOrders')) },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    hasOrders: ({ context }) => context.orders.length > 0,
    isKnownOrder: ({ context, event }) => {
      assertEvent(event, 'user.reorder');
      return context.orders.some((o) => o.orderId === event.orderId);
    },
  },
  actions: {
    /** provided by the route: the order's items go to the bag (reads `reordered`) */
    reorder: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<PreviousOrdersInput>(event, { signedIn: false, storeNumber: null, locale: 'en-US' });
      return { signedIn: i.signedIn, storeNumber: i.storeNumber, locale: i.locale };
    }),
    assignOrders: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadPreviousOrders');
      return { orders: visiblePreviousOrders(event.output.previousOrders).slice(0, 10) };
    }),
    assignReordered: assign(({ event }) => {
      assertEvent(event, 'user.reorder');
      return { reordered: event.orderId };
    }),
  },
}).createMachine({
  id: 'previousOrders',
  description: "A member's previous orders at the store, with reorder.",
  meta: { title: 'Previous orders (/menu/previous)', spec: '1 §4 previous orders, §5 exclusions and express 141, §6 guests, §9 limit 10 and 2 hours' },
  context: { signedIn: false, storeNumber: null, locale: 'en-US', orders: [], reordered: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isSignedIn', target: 'loading' }, { target: 'guest' }] },
    guest: { description: 'Guests cannot have previous orders shown: sign in.' },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPreviousOrders',
        src: 'loadPreviousOrders',
        input: previousOrdersRequest,
        onDone: { target: 'sorting', actions: 'assignOrders' },
        onError: { target: 'failed' },
      },
    },
    sorting: { always: [{ guard: 'hasOrders', target: 'ready' }, { target: 'none' }] },
    none: { description: 'No previous orders (after the exclusions).', meta: { message: 'noPreviousOrders' } },
    ready: {
      description: 'The orders, newest first, each with Reorder.',
      on: { 'user.reorder': { guard: 'isKnownOrder', actions: ['assignReordered', 'reorder'] } },
    },
    failed: { tags: ['error'], on: { 'user.retry': { target: 'loading' } } },
  },
});
