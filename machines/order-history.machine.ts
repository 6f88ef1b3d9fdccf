import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { HistoryOrder, OrderHistoryPage } from '../contracts/order-history.ts';
import { inputOf, notProvided } from './flow.ts';

/**
 * Order history, /account/history (spec 3 section 2 "Order history", section 6 "/account/history* require
 * authentication"; layout, fields, calls and errors "not shown": docs/home.md 1, 2.4, 3.5). The member's orders
 * newest first, 10 a page, 'Show more' appends the next keyset page; none yet says 'No orders yet.'; a failed first
 * load offers Try again; a failed 'Show more' keeps the list and says so.
 */
export const ORDER_HISTORY_LIMIT = 10;

export interface OrderHistoryInput {
  /** the first page, when the route's loader already has it (no request then) */
  firstPage: OrderHistoryPage | null;
}
export interface OrderHistoryContext {
  orders: HistoryOrder[];
  nextCursor: string | null;
  loadMoreFailed: boolean;
  firstPage: OrderHistoryPage | null;
}
export interface OrderHistoryRequest {
  limit: number;
  cursor?: string;
}
export type OrderHistoryEvent =
  | { type: 'user.retry' }
  | { type: 'user.loadMore' }
  | DoneActorEvent<OrderHistoryPage, 'loadOrderHistory'>
  | ErrorActorEvent<unknown, 'loadOrderHistory'>
  | DoneActorEvent<OrderHistoryPage, 'loadMoreOrders'>
  | ErrorActorEvent<unknown, 'loadMoreOrders'>;

/** The request of `loadOrderHistory`: the first page. */
export function orderHistoryRequest(): OrderHistoryRequest {
  return { limit: ORDER_HISTORY_LIMIT };
}
/** The request of `loadMoreOrders`: the page after the last one shown. */
export function moreOrdersRequest({ context }: { context: Pick<OrderHistoryContext, 'nextCursor'> }): OrderHistoryRequest {
  if (!context.nextCursor) throw new Error('orderHistory: no next page');
  return { limit: ORDER_HISTORY_LIMIT, cursor: context.nextCursor };
}

export const orderHistoryMachine = setup({
  types: { context: {} as OrderHistoryContext, events: {} as OrderHistoryEvent, input: {} as OrderHistoryInput },
  actors: {
    loadOrderHistory: fromPromise<OrderHistoryPage, OrderHistoryRequest>(async () => notProvided('loadOrderHistory')),
    loadMoreOrders: fromPromise<OrderHistoryPage, OrderHistoryRequest>(async () => notProvided('loadMoreOrders')),
  },
  guards: {
    hasFirstPage: ({ context }) => context.firstPage !== null,
    hasNoOrders: ({ context }) => context.orders.length === 0,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    applyInput: assign(({ event }) => ({ firstPage: inputOf<OrderHistoryInput>(event, { firstPage: null }).firstPage ?? null })),
    assignFirstPage: assign(({ context }) => ({ orders: context.firstPage?.orders ?? [], nextCursor: context.firstPage?.nextCursor ?? null, firstPage: null })),
    assignPage: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadOrderHistory');
      return { orders: event.output.orders, nextCursor: event.output.nextCursor, loadMoreFailed: false };
    }),
    appendPage: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadMoreOrders');
      const known = new Set(context.orders.map((o) => o.orderId));
      return { orders: [...context.orders, ...event.output.orders.filter((o) => !known.has(o.orderId))], nextCursor: event.output.nextCursor, loadMoreFailed: false };
    }),
    clearLoadMoreError: assign({ loadMoreFailed: false }),
    assignLoadMoreError: assign({ loadMoreFailed: true }),
  },
}).createMachine({
  id: 'orderHistory',
  description: "The member's orders, newest first, 10 a page, with Show more.",
  meta: { title: 'Order history (/account/history)', spec: '3 §2 Order history, §6 authentication required; docs/home.md 2.4, 3.5' },
  context: { orders: [], nextCursor: null, loadMoreFailed: false, firstPage: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'The route’s loader may already hold the first page.',
      always: [{ guard: 'hasFirstPage', target: 'sorting', actions: 'assignFirstPage' }, { target: 'loading' }],
    },
    loading: {
      description: 'The first page (orderHistory, limit 10).',
      tags: ['loading'],
      invoke: {
        id: 'loadOrderHistory',
        src: 'loadOrderHistory',
        input: orderHistoryRequest,
        onDone: { target: 'sorting', actions: 'assignPage' },
        onError: { target: 'loadFailed' },
      },
    },
    sorting: { always: [{ guard: 'hasNoOrders', target: 'empty' }, { target: 'ready' }] },
    loadFailed: {
      description: 'The history could not be loaded: the generic text and Try again.',
      tags: ['error'],
      meta: { message: 'historyLoadFailed' },
      on: { 'user.retry': { target: 'loading' } },
    },
    empty: {
      description: 'No order yet: Start an order.',
      meta: { message: 'historyEmpty' },
    },
    ready: {
      description: 'The orders shown: date, store, pickup option, items, total, payment, Stars, status; Show more while there are more.',
      on: { 'user.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearLoadMoreError' } },
    },
    loadingMore: {
      description: 'The next page (keyset cursor), appended.',
      tags: ['loading'],
      invoke: {
        id: 'loadMoreOrders',
        src: 'loadMoreOrders',
        input: moreOrdersRequest,
        onDone: { target: 'ready', actions: 'appendPage' },
        onError: { target: 'ready', actions: 'assignLoadMoreError' },
      },
    },
  },
});
