import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import type { LocationResult, Store } from '../contracts/locations.ts';

/**
 * The store the customer orders from (spec 1 section 3 "Selected store (ordering)", section 4 "Store
 * load: loading, then confirmed; can be cleared or marked unconfirmed"). Long-lived: started once at
 * the root (src/services/app-actors.tsx) with what localStorage held, reloaded from the API
 * (GET /stores/:storeNumber) so details are fresh after a reload, and persisted by the named actions
 * `persistSelection` / `forgetSelection` (src/services/selected-store.ts).
 */

export interface SelectedStoreContext {
  location: LocationResult | null;
  needsConfirmation: boolean;
  /** epoch ms of the last confirmation */
  storeConfirmationTimestamp: number | null;
  userConfirmed: boolean;
}

export interface SelectedStoreInput {
  /** the selection read from storage at start, if any */
  stored: SelectedStoreContext | null;
}

export type SelectedStoreEvent =
  | { type: 'store.select'; location: LocationResult; at: number }
  | { type: 'store.confirm'; at: number }
  | { type: 'store.markUnconfirmed' }
  | { type: 'store.clear' }
  | { type: 'store.reload' }
  | DoneActorEvent<Store, 'fetchStore'>
  | ErrorActorEvent<unknown, 'fetchStore'>;

/** The request of the `fetchStore` actor. */
export function selectedStoreRequest({ context }: { context: Pick<SelectedStoreContext, 'location'> }): { storeNumber: string } {
  if (!context.location) throw new Error('no selected store to load');
  return { storeNumber: context.location.store.storeNumber };
}

const none: SelectedStoreContext = { location: null, needsConfirmation: false, storeConfirmationTimestamp: null, userConfirmed: false };

export const selectedStoreMachine = setup({
  types: {
    context: {} as SelectedStoreContext,
    events: {} as SelectedStoreEvent,
    input: {} as SelectedStoreInput,
  },
  actors: {
    fetchStore: fromPromise<Store, { storeNumber: string }>(async () => notProvided('fetchStore')),
  },
  guards: {
    hasStoredStore: ({ context }) => context.location !== null,
    storedNeedsConfirmation: ({ context }) => context.needsConfirmation,
    isStoreGone: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchStore');
      return asFlowError(event.error).status === 404;
    },
  },
  actions: {
    applyInput: assign(({ event }) => {
      const { stored } = inputOf<SelectedStoreInput>(event, { stored: null });
      return stored?.location ? { ...stored } : { ...none };
    }),
    refreshStore: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.fetchStore');
      return context.location ? { location: { ...context.location, store: event.output } } : {};
    }),
    selectStore: assign(({ event }) => {
      assertEvent(event, 'store.select');
      return { location: event.location, needsConfirmation: false, userConfirmed: true, storeConfirmationTimestamp: event.at };
    }),
    confirmStore: assign(({ event }) => {
      assertEvent(event, 'store.confirm');
      return { needsConfirmation: false, userConfirmed: true, storeConfirmationTimestamp: event.at };
    }),
    markNeedsConfirmation: assign({ needsConfirmation: true, userConfirmed: false }),
    clearSelection: assign({ ...none }),
    // provided by src/services/app-actors.tsx (localStorage)
    persistSelection: () => {},
    forgetSelection: () => {},
  },
}).createMachine({
  id: 'selectedStore',
  description: 'The store the customer orders from; survives reloads.',
  meta: { title: 'Selected store', spec: '1: sections 3 (Selected store), 4 (Store load)' },
  entry: 'applyInput',
  context: { location: null, needsConfirmation: false, storeConfirmationTimestamp: null, userConfirmed: false },
  initial: 'checking',
  states: {
    checking: {
      description: 'Was a store kept from an earlier visit?',
      always: [{ guard: 'hasStoredStore', target: 'loading' }, { target: 'none' }],
    },
    loading: {
      description: 'Reloads the kept store from the API (GET /stores/:storeNumber).',
      tags: 'loading',
      invoke: {
        id: 'fetchStore',
        src: 'fetchStore',
        input: selectedStoreRequest,
        onDone: [
          { guard: 'storedNeedsConfirmation', target: 'unconfirmed', actions: ['refreshStore', 'persistSelection'] },
          { target: 'confirmed', actions: ['refreshStore', 'persistSelection'] },
        ],
        onError: [
          { guard: 'isStoreGone', target: 'none', actions: ['clearSelection', 'forgetSelection'] },
          { target: 'unconfirmed', actions: ['markNeedsConfirmation', 'persistSelection'] },
        ],
      },
      on: {
        'store.select': { target: 'confirmed', actions: ['selectStore', 'persistSelection'] },
        'store.clear': { target: 'none', actions: ['clearSelection', 'forgetSelection'] },
      },
    },
    none: {
      description: 'No store chosen: the menu asks the customer to choose one.',
      on: { 'store.select': { target: 'confirmed', actions: ['selectStore', 'persistSelection'] } },
    },
    confirmed: {
      description: 'The store to order from.',
      on: {
        'store.select': { target: 'confirmed', actions: ['selectStore', 'persistSelection'] },
        'store.markUnconfirmed': { target: 'unconfirmed', actions: ['markNeedsConfirmation', 'persistSelection'] },
        'store.clear': { target: 'none', actions: ['clearSelection', 'forgetSelection'] },
        'store.reload': { target: 'loading' },
      },
    },
    unconfirmed: {
      description: 'A store is kept but the customer must confirm it before ordering.',
      on: {
        'store.select': { target: 'confirmed', actions: ['selectStore', 'persistSelection'] },
        'store.confirm': { target: 'confirmed', actions: ['confirmStore', 'persistSelection'] },
        'store.clear': { target: 'none', actions: ['clearSelection', 'forgetSelection'] },
        'store.reload': { target: 'loading' },
      },
    },
  },
});
