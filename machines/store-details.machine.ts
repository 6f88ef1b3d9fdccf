import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { Store } from '../contracts/locations.ts';
import { notProvided } from './flow.ts';

/**
 * The store details overlay of the locator (spec 1 section 2 "Store details overlay"): address,
 * distance, phone, schedule, pickup options, amenities, warning labels and Order Here.
 *
 * The list carries only what a card shows (contracts/locations.ts StoreSummary); opening the overlay fetches
 * the whole store (GET /apiproxy/v1/stores/:storeNumber). The card's part (name, address, distance, open
 * status, favorite, Order here) shows at once; the rest when it has loaded, or an error with Try again.
 */

export interface StoreDetailsContext {
  storeNumber: string | null;
  /** the whole store once loaded (for `storeNumber`) */
  details: Store | null;
}

export type StoreDetailsEvent =
  | { type: 'user.openDetails'; storeNumber: string }
  | { type: 'user.closeDetails' }
  | { type: 'user.retry' }
  | DoneActorEvent<Store, 'fetchStoreDetails'>
  | ErrorActorEvent<unknown, 'fetchStoreDetails'>;

/** The request of the `fetchStoreDetails` actor. */
export function storeDetailsRequest({ context }: { context: Pick<StoreDetailsContext, 'storeNumber'> }): { storeNumber: string } {
  if (!context.storeNumber) throw new Error('storeDetails: no store to load');
  return { storeNumber: context.storeNumber };
}

export const storeDetailsMachine = setup({
  types: {
    context: {} as StoreDetailsContext,
    events: {} as StoreDetailsEvent,
  },
  actors: {
    fetchStoreDetails: fromPromise<Store, { storeNumber: string }>(async () => notProvided('fetchStoreDetails')),
  },
  actions: {
    showStore: assign(({ event }) => {
      assertEvent(event, 'user.openDetails');
      return { storeNumber: event.storeNumber, details: null };
    }),
    assignDetails: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchStoreDetails');
      return { details: event.output };
    }),
    forgetStore: assign({ storeNumber: null, details: null }),
  },
}).createMachine({
  id: 'storeDetails',
  description: 'Opens and closes the details of one store, loading the whole store when opened.',
  meta: { title: 'Store details overlay', spec: '1: section 2 (Store details overlay)' },
  context: { storeNumber: null, details: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The list is shown.',
      on: { 'user.openDetails': { target: 'open', actions: 'showStore' } },
    },
    open: {
      description: "One store's details cover the list.",
      initial: 'loading',
      on: {
        'user.openDetails': { target: '.loading', reenter: true, actions: 'showStore' },
        'user.closeDetails': { target: 'closed', actions: 'forgetStore' },
      },
      states: {
        loading: {
          description: "The card's part shows; the rest loads (GET /stores/:storeNumber).",
          tags: 'loading',
          invoke: {
            id: 'fetchStoreDetails',
            src: 'fetchStoreDetails',
            input: storeDetailsRequest,
            onDone: { target: 'ready', actions: 'assignDetails' },
            onError: { target: 'failed' },
          },
        },
        ready: { description: 'The whole store is shown.' },
        failed: {
          description: 'The details did not load: the generic error and Try again.',
          tags: 'error',
          meta: { message: 'detailsFailed' },
          on: { 'user.retry': { target: 'loading' } },
        },
      },
    },
  },
});
