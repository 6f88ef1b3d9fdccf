/**
 * Order history (issue 28 "Order history /account/history": the member's orders newest first, paginated; spec 3
 * section 2 layout "not shown", docs/home.md 2.4): the first page loads 10 (or comes from the route's loader), no
 * order says 'No orders yet.', a failed load offers Try again, Show more appends the next page while there is one,
 * and a failed Show more keeps the list with "Couldn't load more orders. Try again.".
 */
import { expect } from 'vitest';
import { moreOrdersRequest, orderHistoryMachine, orderHistoryRequest } from '../order-history.machine.ts';
import { HistoryMessages } from '../../contracts/history-messages.ts';
import { requestFakes } from './model.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { historyPage } from './history-fixtures.ts';
import type { Flow } from './flow.ts';

export const orderHistoryEvents = [
  { type: 'user.retry' },
  { type: 'user.loadMore' },
  done('loadOrderHistory', historyPage(1, 10, 'cursor-page-2')),
  done('loadOrderHistory', { orders: [], nextCursor: null }),
  fail('loadOrderHistory', serverDown),
  done('loadMoreOrders', historyPage(11, 2, null)),
  fail('loadMoreOrders', serverDown),
] as const;
const E = orderHistoryEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { orders: Array<{ orderId: string }>; nextCursor: string | null; loadMoreFailed: boolean } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, n: s.context.orders.length, c: s.context.nextCursor, f: s.context.loadMoreFailed });

export const orderHistoryFlow: Flow<typeof orderHistoryMachine> = {
  machine: orderHistoryMachine,
  table: {
    starting: { always: [{ guard: 'hasFirstPage', to: 'sorting' }, 'loading'] },
    loading: { 'xstate.done.actor.loadOrderHistory': 'sorting', 'xstate.error.actor.loadOrderHistory': 'loadFailed' },
    sorting: { always: [{ guard: 'hasNoOrders', to: 'empty' }, 'ready'] },
    loadFailed: { 'user.retry': 'loading' },
    ready: { 'user.loadMore': [{ guard: 'hasMore', to: 'loadingMore' }] },
    loadingMore: { 'xstate.done.actor.loadMoreOrders': 'ready', 'xstate.error.actor.loadMoreOrders': 'ready' },
  },
  journeys: [
    { name: 'the first page, then Show more to the end', events: [E[2]!, E[1]!, E[5]!, E[1]!], ends: 'ready' },
    { name: 'no order yet', events: [E[3]!], ends: 'empty' },
    { name: 'the load fails, Try again loads it', events: [E[4]!, E[0]!, E[2]!], ends: 'ready' },
    { name: 'Show more fails: the list stays', events: [E[2]!, E[1]!, E[6]!], ends: 'ready' },
    { name: 'the loader had the first page: no request', run: 'prefetched', events: [E[1]!], ends: 'loadingMore' },
  ],
  catalogue: HistoryMessages,
  sees: {
    loading: { tags: ['loading'] },
    loadingMore: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    empty: { message: 'No orders yet.' },
  },
  arrange(machine) {
    const fakes = requestFakes({ loadOrderHistory: orderHistoryRequest, loadMoreOrders: moreOrdersRequest });
    return {
      machine: machine.provide({ actors: fakes.actors }),
      runs: [
        { name: 'history', options: { events: orderHistoryEvents as never, input: { firstPage: null }, serializeState: serializeState as never } },
        { name: 'prefetched', options: { events: orderHistoryEvents as never, input: { firstPage: historyPage(1, 10, 'cursor-page-2') }, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (event.type === 'xstate.init' && run === 'prefetched') expect([s.value, c.orders.length]).toEqual(['ready', 10]);
        if (s.matches('loading')) expect(fakes.last('loadOrderHistory')).toEqual({ limit: 10 });
        if (s.matches('loadingMore')) expect(fakes.last('loadMoreOrders')).toEqual({ limit: 10, cursor: 'cursor-page-2' });
        if (event.type === 'xstate.done.actor.loadMoreOrders') expect([c.orders.length, c.nextCursor, c.orders[10]?.orderId]).toEqual([12, null, 'ord_history000011']);
        if (event.type === 'xstate.error.actor.loadMoreOrders') expect([c.orders.length, c.loadMoreFailed]).toEqual([10, true]);
        if (event.type === 'user.loadMore' && s.matches('loadingMore')) expect(c.loadMoreFailed).toBe(false);
        if (event.type === 'user.loadMore' && s.matches('ready')) expect(c.nextCursor).toBeNull();
        if (s.matches('empty')) expect(c.orders).toEqual([]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadOrderHistory')).toEqual([{ limit: 10 }]);
        expect(fakes.distinct('loadMoreOrders')).toEqual([{ limit: 10, cursor: 'cursor-page-2' }]);
      },
    };
  },
};
