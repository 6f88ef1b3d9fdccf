/**
 * Selected store (spec 1 section 3 "Selected store", section 4 "Store load"): a stored store is reloaded at start;
 * one needing confirmation stays unconfirmed until the user confirms; a store that is gone is forgotten; every
 * change is written to storage (persistSelection / forgetSelection).
 */
import { expect } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { selectedStoreMachine, selectedStoreRequest, type SelectedStoreContext, type SelectedStoreInput } from '../selected-store.machine.ts';
import { apiError, pikePlace, fremont, seattleResults } from './locator-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const pike = seattleResults.stores[0]!;
const fremontResult = seattleResults.stores[2]!;
const events: AnyEventObject[] = [
  { type: 'store.select', location: fremontResult, at: 1_700_000_000_000 },
  { type: 'store.confirm', at: 1_700_000_100_000 },
  { type: 'store.markUnconfirmed' },
  { type: 'store.clear' },
  { type: 'store.reload' },
  { type: 'xstate.done.actor.fetchStore', output: { ...pikePlace, openStatusFormatted: 'Open until 10:00 PM' } },
  { type: 'xstate.error.actor.fetchStore', error: apiError(404, 'STORE_NOT_FOUND') },
  { type: 'xstate.error.actor.fetchStore', error: apiError(503, 'UNEXPECTED_ERROR') },
];

const stored = (needsConfirmation: boolean): SelectedStoreInput => ({
  stored: { location: pike, needsConfirmation, storeConfirmationTimestamp: 1_600_000_000_000, userConfirmed: !needsConfirmation },
});
const inputs: Record<string, SelectedStoreInput> = { nothingStored: { stored: null }, storedConfirmed: stored(false), storedUnconfirmed: stored(true) };

export const selectedStoreFlow: Flow<typeof selectedStoreMachine> = {
  machine: selectedStoreMachine,
  table: {
    checking: { always: [{ guard: 'hasStoredStore', to: 'loading' }, 'none'] },
    loading: {
      'store.select': 'confirmed',
      'store.clear': 'none',
      'xstate.done.actor.fetchStore': [{ guard: 'storedNeedsConfirmation', to: 'unconfirmed' }, 'confirmed'],
      'xstate.error.actor.fetchStore': [{ guard: 'isStoreGone', to: 'none' }, 'unconfirmed'],
    },
    none: { 'store.select': 'confirmed' },
    confirmed: { 'store.select': 'confirmed', 'store.markUnconfirmed': 'unconfirmed', 'store.clear': 'none', 'store.reload': 'loading' },
    unconfirmed: { 'store.select': 'confirmed', 'store.confirm': 'confirmed', 'store.clear': 'none', 'store.reload': 'loading' },
  },
  // spec 1 "selected store": a stored store is fetched again (confirmed or not); gone: cleared; a choice confirms
  journeys: [
    { name: 'nothing stored, a store chosen', run: 'nothingStored', events: [events[0]!], ends: 'confirmed' },
    { name: 'nothing stored', run: 'nothingStored', events: [], ends: 'none' },
    { name: 'a confirmed store fetched', run: 'storedConfirmed', events: [events[5]!], ends: 'confirmed' },
    { name: 'an unconfirmed store fetched', run: 'storedUnconfirmed', events: [events[5]!], ends: 'unconfirmed' },
    { name: 'an unconfirmed store, confirmed', run: 'storedUnconfirmed', events: [events[5]!, events[1]!], ends: 'confirmed' },
    { name: 'the stored store is gone', run: 'storedConfirmed', events: [events[6]!], ends: 'none' },
    { name: 'the fetch fails', run: 'storedConfirmed', events: [events[7]!], ends: 'unconfirmed' },
    { name: 'chosen while fetching', run: 'storedConfirmed', events: [events[0]!], ends: 'confirmed' },
    { name: 'cleared while fetching', run: 'storedConfirmed', events: [events[3]!], ends: 'none' },
    { name: 'marked unconfirmed', run: 'storedConfirmed', events: [events[5]!, events[2]!], ends: 'unconfirmed' },
    { name: 'cleared', run: 'storedConfirmed', events: [events[5]!, events[3]!], ends: 'none' },
    { name: 'unconfirmed, cleared', run: 'storedUnconfirmed', events: [events[5]!, events[3]!], ends: 'none' },
    { name: 'reloaded', run: 'storedConfirmed', events: [events[5]!, events[4]!], ends: 'loading' },
    { name: 'unconfirmed, reloaded', run: 'storedUnconfirmed', events: [events[5]!, events[4]!], ends: 'loading' },
    { name: 'another store chosen', run: 'storedUnconfirmed', events: [events[5]!, events[0]!], ends: 'confirmed' },
    { name: 'chosen again', run: 'storedConfirmed', events: [events[5]!, events[0]!], ends: 'confirmed' },
  ],
  sees: { loading: { tags: ['loading'] } },
  arrange(machine) {
    const spy = spyActions(['persistSelection', 'forgetSelection'] as const);
    return {
      machine: machine.provide({ actors: { fetchStore: fromPromise(() => new Promise<never>(() => {})) as never }, actions: spy.actions }),
      beforePath: () => spy.clear(),
      runs: Object.entries(inputs).map(([name, input]) => ({ name, options: { events, input, serializeState: (s) => JSON.stringify({ v: s.value, c: s.context.location?.store.storeNumber ?? null, n: s.context.needsConfirmation }) } })),
      onStep(s, event) {
        const c = s.context;
        const e = event as AnyEventObject;
        // storage: written on every change of the selection, forgotten when it is cleared or gone
        const writes = spy.step();
        const changed = ['store.select', 'store.confirm', 'store.markUnconfirmed', 'xstate.done.actor.fetchStore', 'xstate.error.actor.fetchStore', 'store.clear'].includes(e.type);
        expect(writes.map((w) => w.name)).toEqual(!changed ? [] : s.matches('none') ? ['forgetSelection'] : ['persistSelection']);
        if (writes[0]?.name === 'persistSelection') expect(writes[0].context as SelectedStoreContext).toEqual(c);
        expect(s.matches('none')).toBe(c.location === null);
        if (s.matches('confirmed')) expect(c.needsConfirmation).toBe(false);
        if (s.matches('unconfirmed')) expect([c.needsConfirmation, c.userConfirmed]).toEqual([true, false]);
        if (s.matches('loading')) expect(selectedStoreRequest({ context: c }).storeNumber).toBe(c.location!.store.storeNumber);
        if (e.type === 'store.select') expect([c.location?.store.storeNumber, c.userConfirmed, c.storeConfirmationTimestamp]).toEqual([fremont.storeNumber, true, e.at]);
        if (e.type === 'store.confirm') expect([c.userConfirmed, c.storeConfirmationTimestamp]).toEqual([true, e.at]);
        if (e.type === 'xstate.done.actor.fetchStore') expect(c.location?.store.openStatusFormatted).toBe('Open until 10:00 PM');
      },
    };
  },
};
