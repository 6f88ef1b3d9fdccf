/**
 * /account/history's loader (docs/home.md 2.4): the first page of the history, as the list's machine asks for it
 * (`orderHistoryRequest`). Apart from history.ts so that the pages that only read one order (home's last order, the
 * receipt) do not load the list's machine (docs/architecture.md#performance).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { OrderHistoryPage } from '../../../contracts/order-history.ts';
import { ORDER_HISTORY_LIMIT, orderHistoryRequest } from '../../../machines/order-history.machine.ts';
import { orderHistoryQuery } from './history.ts';

/** /account/history's loader: the first page (a failure is the machine's to show, with Try again) */
export async function loadOrderHistory(queryClient: QueryClient): Promise<OrderHistoryPage | null> {
  return queryClient.ensureQueryData(orderHistoryQuery(orderHistoryRequest())).catch(() => null);
}
export { ORDER_HISTORY_LIMIT };
