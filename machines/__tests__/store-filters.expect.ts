/** Store filters overlay (spec 1 sections 2 and 5): a draft of features, applied on Apply only; Cancel keeps what was applied. */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { storeFiltersMachine } from '../store-filters.machine.ts';
import { spyActions, type Flow } from './flow.ts';

const events: AnyEventObject[] = [
  { type: 'user.openFilters' },
  { type: 'user.toggleFeature', code: 'DT' },
  { type: 'user.toggleFeature', code: 'WF' },
  { type: 'user.clearAll' },
  { type: 'user.applyFilters' },
  { type: 'user.cancelFilters' },
];

export const storeFiltersFlow: Flow<typeof storeFiltersMachine> = {
  machine: storeFiltersMachine,
  table: {
    closed: { 'user.openFilters': 'open' },
    open: { 'user.toggleFeature': null, 'user.clearAll': null, 'user.applyFilters': 'closed', 'user.cancelFilters': 'closed' },
  },
  // spec 1 "filters": open, toggle amenities, clear; apply or cancel closes
  journeys: [
    { name: 'open, toggle, apply', events: [events[0]!, events[1]!, events[2]!, events[4]!], ends: 'closed' },
    { name: 'open, clear, cancel', events: [events[0]!, events[3]!, events[5]!], ends: 'closed' },
    { name: 'open, toggle, clear, apply', events: [events[0]!, events[1]!, events[3]!, events[4]!], ends: 'closed' },
    { name: 'open', events: [events[0]!, events[1]!, events[3]!], ends: 'open' },
  ],
  sees: {},
  effects: { 'user.applyFilters -> closed': ['emitApplied'] },
  arrange(machine) {
    const spy = spyActions(['emitApplied'] as const);
    // a reference of the overlay: the applied set and the draft
    let applied: string[] = [];
    let draft: string[] = [];
    return {
      machine: machine.provide({ actions: spy.actions }),
      spy,
      beforePath: () => void ((applied = ['WF']), (draft = [])),
      runs: [{ name: '', options: { events, input: { applied: ['WF'] }, serializeState: (s) => JSON.stringify({ v: s.value, a: [...s.context.applied].sort(), d: [...s.context.draft].sort() }) } }],
      onStep(s, event) {
        if (event.type === 'user.openFilters') draft = [...applied];
        if (event.type === 'user.toggleFeature') draft = draft.includes(event.code) ? draft.filter((c) => c !== event.code) : [...draft, event.code];
        if (event.type === 'user.clearAll') draft = [];
        if (event.type === 'user.applyFilters') {
          applied = [...draft];
          expect((spy.log.at(-1)!.context as { applied: string[] }).applied).toEqual(applied);
        }
        expect([...s.context.applied].sort()).toEqual([...applied].sort());
        if (s.matches('open')) expect([...s.context.draft].sort()).toEqual([...draft].sort());
      },
    };
  },
};
