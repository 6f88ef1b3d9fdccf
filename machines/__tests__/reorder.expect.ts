/**
 * Reorder (issue 28: Reorder "puts the same items into the cart at the currently selected store (unavailable items
 * named and left out)"; "Reorder from home" one tap; docs/home.md 2.5): the check runs at the selected store (or the
 * order's own store, which then becomes the selected store); the available items go to the cart and the cart opens;
 * the left-out ones are named in a toast; nothing available, or a failure, stays with its text and Reorder again.
 */
import { expect } from 'vitest';
import { reorderMachine, reorderRequest } from '../reorder.machine.ts';
import { HistoryMessages, HistoryTexts } from '../../contracts/history-messages.ts';
import { requestFakes } from './model.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { reorderAll, reorderNone, reorderSome, storeLocation } from './history-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const ORDER_ID = 'ord_history000001';
export const reorderEvents = [
  { type: 'user.reorder' },
  done('loadReorder', reorderAll()),
  done('loadReorder', reorderSome()),
  done('loadReorder', reorderNone()),
  fail('loadReorder', serverDown),
] as const;
const E = reorderEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { answer: unknown; destination: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, a: !!s.context.answer });

export const reorderFlow: Flow<typeof reorderMachine> = {
  machine: reorderMachine,
  table: {
    idle: { 'user.reorder': 'checking' },
    checking: {
      'xstate.done.actor.loadReorder': [{ guard: 'noneAvailable', to: 'nothingAvailable' }, { guard: 'someUnavailable', to: 'done' }, 'done'],
      'xstate.error.actor.loadReorder': 'failed',
    },
    nothingAvailable: { 'user.reorder': 'checking' },
    failed: { 'user.reorder': 'checking' },
  },
  journeys: [
    { name: 'one tap: everything in the cart, off to the cart', events: [E[0]!, E[1]!], ends: 'done' },
    { name: 'Nitro Cold Brew left out and named', events: [E[0]!, E[2]!], ends: 'done' },
    { name: 'nothing available here', events: [E[0]!, E[3]!], ends: 'nothingAvailable' },
    { name: 'the check fails, Reorder again', events: [E[0]!, E[4]!, E[0]!, E[1]!], ends: 'done' },
    { name: 'no store selected: the order’s store', run: 'no store', events: [E[0]!, E[1]!], ends: 'done' },
  ],
  catalogue: HistoryMessages,
  sees: {
    checking: { tags: ['loading'] },
    nothingAvailable: { tags: ['error'], message: 'None of the items in this order are available at this store.' },
    failed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    done: { tags: ['redirecting'] },
  },
  effects: {
    'xstate.done.actor.loadReorder -> done': ['selectStoreIfNone', 'addToCart', 'notify:reorderPartly', 'redirect'],
  },
  arrange(machine) {
    const fakes = requestFakes({ loadReorder: reorderRequest });
    const spy = spyActions(['selectStoreIfNone', 'addToCart', 'notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      runs: [
        { name: 'selected store', options: { events: reorderEvents as never, input: { orderId: ORDER_ID, storeNumber: '10001-100001', orderStoreNumber: '10003-100003' }, serializeState: serializeState as never } },
        {
          name: 'no store',
          options: { events: [reorderEvents[0], done('loadReorder', reorderAll('10003-100003', storeLocation('10003-100003')))] as never, input: { orderId: ORDER_ID, storeNumber: null, orderStoreNumber: '10003-100003' }, serializeState: serializeState as never },
        },
      ],
      beforePath: () => spy.clear(),
      onStep(s, event, run) {
        if (s.matches('checking')) expect(fakes.last('loadReorder')).toEqual(run === 'no store' ? { orderId: ORDER_ID, storeNumber: '10003-100003', selectStore: true } : { orderId: ORDER_ID, storeNumber: '10001-100001', selectStore: false });
        const sent = spy.step();
        if (s.matches('done')) {
          const answer = (event as unknown as { output: { items: unknown[]; unavailable: Array<{ name: string }> } }).output;
          const partly = answer.unavailable.length > 0;
          // in this order: the store, the items, the toast naming what was left out, then the cart
          expect(sent.map((x) => x.name)).toEqual(partly ? ['selectStoreIfNone', 'addToCart', 'notify', 'redirect'] : ['selectStoreIfNone', 'addToCart', 'redirect']);
          expect((sent.at(-1)!.context as { destination: string }).destination).toBe('/menu/cart');
          expect(s.context.answer).toEqual(answer);
          if (partly) {
            expect(sent[2]!.params).toEqual({ message: 'reorderPartly' });
            expect(HistoryTexts.reorderPartly(answer.unavailable.map((u) => u.name))).toBe('Not available at this store, left out: Nitro Cold Brew.');
          }
        } else expect(sent).toEqual([]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
