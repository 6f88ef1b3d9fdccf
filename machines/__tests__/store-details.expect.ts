/**
 * Store details overlay (spec 1 section 2): one store's details cover the list until closed. The list carries
 * only what a card shows, so opening the overlay loads the whole store (GET /stores/:storeNumber); a failed load
 * shows the error with Try again, and opening another store loads that one.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { storeDetailsMachine, storeDetailsRequest } from '../store-details.machine.ts';
import { locatorMessages } from '../../src/services/error-catalogue.ts';
import { apiError, pikePlace } from './locator-fixtures.ts';
import { requestFakes } from './model.ts';
import type { Flow } from './flow.ts';

const events: AnyEventObject[] = [
  { type: 'user.openDetails', storeNumber: '1-1001' },
  { type: 'user.openDetails', storeNumber: '3-1003' },
  { type: 'user.closeDetails' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.fetchStoreDetails', output: pikePlace },
  { type: 'xstate.error.actor.fetchStoreDetails', error: apiError(503, 'UNEXPECTED_ERROR') },
];

export const storeDetailsFlow: Flow<typeof storeDetailsMachine> = {
  machine: storeDetailsMachine,
  table: {
    closed: { 'user.openDetails': 'open' },
    open: { 'user.openDetails': 'open.loading', 'user.closeDetails': 'closed' },
    'open.loading': { 'xstate.done.actor.fetchStoreDetails': 'open.ready', 'xstate.error.actor.fetchStoreDetails': 'open.failed' },
    'open.failed': { 'user.retry': 'open.loading' },
  },
  // spec 1 "store details": open loads a store's details; another store loads again; close
  journeys: [
    { name: 'open', events: [events[0]!, events[4]!], ends: 'open.ready' },
    { name: 'opening', events: [events[0]!], ends: 'open.loading' },
    { name: 'fails, retried', events: [events[0]!, events[5]!, events[3]!, events[4]!], ends: 'open.ready' },
    { name: 'fails', events: [events[0]!, events[5]!], ends: 'open.failed' },
    { name: 'another store', events: [events[0]!, events[4]!, events[1]!], ends: 'open.loading' },
    { name: 'closed', events: [events[0]!, events[4]!, events[2]!], ends: 'closed' },
  ],
  sees: {
    'open.loading': { tags: ['loading'] },
    'open.failed': { tags: ['error'], message: "We couldn't load this store's details. Please try again." },
  },
  catalogue: locatorMessages,
  arrange(machine) {
    const fakes = requestFakes({ fetchStoreDetails: storeDetailsRequest });
    let opened: string | null = null;
    return {
      machine: machine.provide({ actors: fakes.actors }),
      beforePath: () => void (opened = null),
      runs: [{ name: '', options: { events, serializeState: (s) => JSON.stringify({ v: s.value, c: s.context.storeNumber, d: s.context.details?.storeNumber ?? null }) } }],
      onStep(s, event) {
        if (event.type === 'user.openDetails') opened = (event as unknown as { storeNumber: string }).storeNumber;
        if (event.type === 'user.closeDetails') opened = null;
        // the overlay shows the store last opened, and nothing once closed
        expect(s.context.storeNumber).toBe(opened);
        expect(s.matches('open')).toBe(opened !== null);
        // each open (and each retry) asks for the whole store of the store shown
        if (event.type === 'user.openDetails' || (event.type === 'user.retry' && s.matches({ open: 'loading' }))) expect(fakes.last('fetchStoreDetails')).toEqual({ storeNumber: opened });
        // the details shown belong to the store shown: loaded, or none while loading or failed
        expect(s.context.details).toBe(s.matches({ open: 'ready' }) ? pikePlace : null);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('fetchStoreDetails')).toEqual([{ storeNumber: '1-1001' }, { storeNumber: '3-1003' }]);
      },
    };
  },
};
