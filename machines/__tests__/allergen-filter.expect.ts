/**
 * The menu's allergen filter (issue 29 "A filter on the menu hides items containing the chosen allergens and is
 * remembered per browser"; docs/order-status.md 2.7): a draft in the dialog, the filter changes and is remembered on
 * Apply only; closing drops the draft; 'Show all' clears the filter and remembers that.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { allergenFilterMachine } from '../allergen-filter.machine.ts';
import { spyActions, type Flow } from './flow.ts';

const events: AnyEventObject[] = [
  { type: 'user.open' },
  { type: 'user.toggle', code: 'milk' },
  { type: 'user.toggle', code: 'tree_nuts' },
  { type: 'user.toggle', code: 'gluten' },
  { type: 'user.clearAll' },
  { type: 'user.apply' },
  { type: 'user.close' },
];
const E = events;

export const allergenFilterFlow: Flow<typeof allergenFilterMachine> = {
  machine: allergenFilterMachine,
  table: {
    closed: { 'user.open': 'open', 'user.clearAll': null },
    open: { 'user.toggle': { guard: 'isKnownCode', to: null }, 'user.clearAll': null, 'user.apply': 'closed', 'user.close': 'closed' },
  },
  journeys: [
    { name: 'choose milk and tree nuts, apply', events: [E[0]!, E[1]!, E[2]!, E[5]!], ends: 'closed' },
    { name: 'an unknown code changes nothing', events: [E[0]!, E[3]!, E[5]!], ends: 'closed' },
    { name: 'choose, close: the filter stays', events: [E[0]!, E[1]!, E[6]!], ends: 'closed' },
    { name: 'clear all in the dialog, apply', events: [E[0]!, E[4]!, E[5]!], ends: 'closed' },
    { name: 'show all from the notice', events: [E[4]!], ends: 'closed' },
    { name: 'the dialog open', events: [E[0]!, E[2]!], ends: 'open' },
  ],
  sees: {},
  effects: { 'user.apply -> closed': ['persist'], 'user.clearAll -> closed': ['persist'] },
  arrange(machine) {
    const spy = spyActions(['persist'] as const);
    // the filter written out: the remembered soy, a draft in the dialog
    let selected: string[] = [];
    let draft: string[] = [];
    const order = ['milk', 'egg', 'soy', 'wheat', 'tree_nuts', 'peanuts', 'sesame', 'fish', 'shellfish'];
    const sorted = (l: string[]) => order.filter((c) => l.includes(c));
    return {
      machine: machine.provide({ actions: spy.actions }),
      spy,
      beforePath: () => void ((selected = ['soy']), (draft = ['soy'])),
      runs: [{ name: '', options: { events, input: { stored: ['soy', 'gluten' as 'soy'] }, serializeState: (s) => JSON.stringify({ v: s.value, a: s.context.selected, d: s.context.draft }) } }],
      onStep(s, event) {
        if (event.type === 'user.open') draft = [...selected];
        if (event.type === 'user.toggle' && order.includes(event.code as string)) draft = sorted(draft.includes(event.code) ? draft.filter((c) => c !== event.code) : [...draft, event.code]);
        if (event.type === 'user.clearAll') {
          if (s.matches('closed')) selected = [];
          draft = [];
        }
        if (event.type === 'user.apply') selected = [...draft];
        expect(s.context.selected).toEqual(selected);
        if (s.matches('open')) expect(s.context.draft).toEqual(draft);
        // persisted: what is selected after the step, only on apply and on 'Show all'
        const persisted = spy.log.filter((l) => l.name === 'persist');
        if (persisted.length) expect((persisted.at(-1)!.context as { selected: string[] }).selected).toEqual(selected);
      },
    };
  },
};
