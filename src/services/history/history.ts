/**
 * Order history, receipts and reorder (docs/home.md 2.4, 2.5, 4): queryOptions (the routes' loaders prefetch; the
 * machines' actors read through the same cache), the machines' actors, and the home page's last-order query. The
 * machines come in as types only, so the home page's last order and the receipt do not load the history list's
 * machine (/account/history's loader is in history-page.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { OrderHistoryPage, OrderReceipt } from '../../../contracts/order-history.ts';
import { StoreResponse } from '../../../contracts/locations.ts';
import type { OrderHistoryRequest } from '../../../machines/order-history.machine.ts';
import type { ReceiptRequest } from '../../../machines/receipt.machine.ts';
import type { ReorderAnswer, ReorderRequest } from '../../../machines/reorder.machine.ts';
import { HistoryMessages } from '../../../contracts/history-messages.ts';
import { api } from '../api.ts';
import { callWith } from '../../../machines/flow.ts';
import { OrderingCodeMessagesForHistory } from './history-codes.ts';
import { getOrderHistory, getOrderReceipt, getReorderCheck } from './history.graphql.ts';
import type * as ReorderCartModule from './reorder-cart.ts';

const call = callWith(OrderingCodeMessagesForHistory);

/** a page of the history; fresh for 30 s (placing an order makes a new first row) */
export const orderHistoryQuery = (input: OrderHistoryRequest) =>
  queryOptions({
    queryKey: ['history', 'orders', input.limit, input.cursor ?? null],
    queryFn: ({ signal }) => call(getOrderHistory(input, signal)),
    staleTime: 30_000,
    retry: false,
  });
/** the home page's last order: the newest one (limit 1) */
export const lastOrderQuery = orderHistoryQuery({ limit: 1 });
export const receiptQuery = (input: ReceiptRequest) =>
  queryOptions({ queryKey: ['history', 'receipt', input.orderId], queryFn: ({ signal }) => call(getOrderReceipt(input, signal)), staleTime: 30_000, retry: false });

export function orderHistoryActors(queryClient: QueryClient) {
  const page = fromPromise<OrderHistoryPage, OrderHistoryRequest>(({ input }) => queryClient.fetchQuery(orderHistoryQuery(input)));
  return { loadOrderHistory: page, loadMoreOrders: page };
}
export function receiptActors(queryClient: QueryClient) {
  return { loadReceipt: fromPromise<OrderReceipt, ReceiptRequest>(({ input }) => queryClient.fetchQuery(receiptQuery(input))) };
}
/** a malformed order id (the route's param check): answered as the server answers an unknown order, without a request */
export const notFoundReceiptActors = {
  loadReceipt: fromPromise<OrderReceipt, ReceiptRequest>(async () => Promise.reject({ status: 404, code: 'ORDER_NOT_FOUND', message: HistoryMessages.orderNotFound })),
};

/** The reorder check: the order's items at the store, and the order's store when none is selected. */
async function loadReorderCheck(input: ReorderRequest, signal: AbortSignal): Promise<ReorderAnswer> {
  const check = await call(getReorderCheck({ orderId: input.orderId, storeNumber: input.storeNumber }, signal));
  if (!input.selectStore) return { ...check, location: null };
  // no store was selected: the order's own store becomes the selected one, as the locator would select it
  const { store } = await call(api.get(`/stores/${encodeURIComponent(check.storeNumber)}`, { schema: StoreResponse, signal }));
  return { ...check, location: { store, distance: 0, isFavorite: false, isPrevious: true, recommendationReason: 'USUAL' } };
}

export type ReorderCart = typeof ReorderCartModule;

/**
 * Reorder's actors. The check loads the cart's part (reorder-cart.ts: the cart actor and its machine) beside its
 * request and hands it to `onCart` before it answers, so `addToCart` has it: the receipt and the home page's last
 * order show no cart, and their first load does not carry it (docs/architecture.md#performance).
 */
export const reorderActors = (onCart: (cart: ReorderCart) => void) => ({
  loadReorder: fromPromise<ReorderAnswer, ReorderRequest>(async ({ input, signal }) => {
    const [answer, cart] = await Promise.all([loadReorderCheck(input, signal), import('./reorder-cart.ts')]);
    onCart(cart);
    return answer;
  }),
});
