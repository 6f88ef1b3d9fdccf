/**
 * Receipt (issue 28: each order "opens a receipt page (line items, tax, tip, tenders, Stars)"; spec 3 section 6
 * sign-in required; docs/home.md 2.5): the order loads; an unknown order or another member's answers 404
 * ORDER_NOT_FOUND, shown as 'We could not find that order.' with no retry; any other failure offers Try again.
 */
import { expect } from 'vitest';
import { receiptMachine, receiptRequest } from '../receipt.machine.ts';
import { HistoryMessages } from '../../contracts/history-messages.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { receiptOf } from './history-fixtures.ts';
import type { Flow } from './flow.ts';

export const ORDER_ID = 'ord_history000001';
export const receiptEvents = [
  { type: 'user.retry' },
  done('loadReceipt', receiptOf(1)),
  fail('loadReceipt', apiError(404, 'ORDER_NOT_FOUND', 'We could not find that order.')),
  fail('loadReceipt', serverDown),
] as const;
const E = receiptEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { receipt: unknown } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, r: !!s.context.receipt });

export const receiptFlow: Flow<typeof receiptMachine> = {
  machine: receiptMachine,
  table: {
    loading: { 'xstate.done.actor.loadReceipt': 'ready', 'xstate.error.actor.loadReceipt': [{ guard: 'isNotFound', to: 'notFound' }, 'loadFailed'] },
    loadFailed: { 'user.retry': 'loading' },
  },
  journeys: [
    { name: 'the receipt', events: [E[1]!], ends: 'ready' },
    { name: 'not this member’s order', events: [E[2]!], ends: 'notFound' },
    { name: 'the load fails, Try again loads it', events: [E[3]!, E[0]!, E[1]!], ends: 'ready' },
  ],
  catalogue: HistoryMessages,
  sees: {
    loading: { tags: ['loading'] },
    notFound: { tags: ['error'], message: 'We could not find that order.' },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
  },
  arrange(machine) {
    const fakes = requestFakes({ loadReceipt: receiptRequest });
    return {
      machine: machine.provide({ actors: fakes.actors }),
      runs: [{ name: 'receipt', options: { events: receiptEvents as never, input: { orderId: ORDER_ID }, serializeState: serializeState as never } }],
      onStep(s) {
        if (s.matches('loading')) expect(fakes.last('loadReceipt')).toEqual({ orderId: ORDER_ID });
        if (s.matches('ready')) expect(s.context.receipt).toEqual(receiptOf(1));
        else expect(s.context.receipt).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadReceipt')).toEqual([{ orderId: ORDER_ID }]);
      },
    };
  },
};
