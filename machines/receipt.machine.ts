import { setup, assign, assertEvent, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { OrderReceipt } from '../contracts/order-history.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';

/**
 * A receipt, /account/history/$orderId (spec 3 section 6 "/account/history* require authentication"; docs/home.md
 * 1, 2.5, 3.5): the order's lines, subtotal, discount, tax, tip, tenders and Stars. An unknown order and another
 * member's answer the same 404 ORDER_NOT_FOUND: 'We could not find that order.'; any other failure offers Try again.
 */
export interface ReceiptInput {
  orderId: string;
}
export interface ReceiptContext extends ReceiptInput {
  receipt: OrderReceipt | null;
}
export interface ReceiptRequest {
  orderId: string;
}
export type ReceiptEvent = { type: 'user.retry' } | DoneActorEvent<OrderReceipt, 'loadReceipt'> | ErrorActorEvent<unknown, 'loadReceipt'>;

/** The request of `loadReceipt`. */
export function receiptRequest({ context }: { context: Pick<ReceiptContext, 'orderId'> }): ReceiptRequest {
  if (!context.orderId) throw new Error('receipt: no order id');
  return { orderId: context.orderId };
}

export const receiptMachine = setup({
  types: { context: {} as ReceiptContext, events: {} as ReceiptEvent, input: {} as ReceiptInput },
  actors: { loadReceipt: fromPromise<OrderReceipt, ReceiptRequest>(async () => notProvided('loadReceipt')) },
  guards: {
    isNotFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadReceipt');
      return asFlowError(event.error).code === 'ORDER_NOT_FOUND';
    },
  },
  actions: {
    applyInput: assign(({ event }) => ({ orderId: inputOf<ReceiptInput>(event, { orderId: '' }).orderId })),
    assignReceipt: assign({
      receipt: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadReceipt');
        return event.output;
      },
    }),
  },
}).createMachine({
  id: 'receipt',
  description: 'One of the member’s orders as a receipt, with Reorder.',
  meta: { title: 'Receipt (/account/history/$orderId)', spec: '3 §2 Order history, §6 authentication required; docs/home.md 2.5, 3.5' },
  context: { orderId: '', receipt: null },
  entry: 'applyInput',
  initial: 'loading',
  states: {
    loading: {
      description: 'orderReceipt for the order id of the address.',
      tags: ['loading'],
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: receiptRequest,
        onDone: { target: 'ready', actions: 'assignReceipt' },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'loadFailed' }],
      },
    },
    ready: { description: 'The receipt: lines, subtotal, discount, tax, tip, total, tenders, Stars, status; Reorder.' },
    notFound: {
      description: 'No such order of this member (unknown or another member’s: the same answer).',
      tags: ['error'],
      meta: { message: 'orderNotFound' },
    },
    loadFailed: {
      description: 'The receipt could not be loaded: the generic text and Try again.',
      tags: ['error'],
      meta: { message: 'receiptLoadFailed' },
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});
