import { setup, assign } from 'xstate';

/**
 * The store details overlay of the locator (spec 1 section 2 "Store details overlay"): address,
 * distance, phone, schedule, pickup options, amenities, warning labels and Order Here.
 */

export interface StoreDetailsContext {
  storeNumber: string | null;
}

export type StoreDetailsEvent = { type: 'user.openDetails'; storeNumber: string } | { type: 'user.closeDetails' };

export const storeDetailsMachine = setup({
  types: {
    context: {} as StoreDetailsContext,
    events: {} as StoreDetailsEvent,
  },
  actions: {
    showStore: assign(({ event }) => (event.type === 'user.openDetails' ? { storeNumber: event.storeNumber } : {})),
    forgetStore: assign({ storeNumber: null }),
  },
}).createMachine({
  id: 'storeDetails',
  description: 'Opens and closes the details of one store.',
  meta: { title: 'Store details overlay', spec: '1: section 2 (Store details overlay)' },
  context: { storeNumber: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The list is shown.',
      on: { 'user.openDetails': { target: 'open', actions: 'showStore' } },
    },
    open: {
      description: "One store's details cover the list.",
      on: {
        'user.openDetails': { actions: 'showStore' },
        'user.closeDetails': { target: 'closed', actions: 'forgetStore' },
      },
    },
  },
});
