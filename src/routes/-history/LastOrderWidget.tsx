import { useQuery } from '@tanstack/react-query';
import type { HistoryOrder } from '../../../contracts/order-history.ts';
import { lastOrderQuery } from '../../services/history/history.ts';
import { LastOrderView } from '../../views/history/LastOrderView.tsx';
import { ReorderButtonView } from '../../views/history/ReorderButtonView.tsx';
import { useReorder } from './use-reorder.ts';

/**
 * The home page's last-order widget (docs/home.md 2.5; mounted by /account/for-you for signed-in members): the newest
 * order with a one-tap Reorder. Prefetch `lastOrderQuery` in the page's loader (signed in only); without an order it
 * renders nothing.
 */
export function LastOrderWidget() {
  const { data } = useQuery(lastOrderQuery);
  const order = data?.orders[0];
  return order ? <LastOrder order={order} /> : null;
}

function LastOrder({ order }: { order: HistoryOrder }) {
  const reorder = useReorder(order.orderId, order.store.storeNumber);
  return <LastOrderView order={order} reorder={<ReorderButtonView actor={reorder} />} />;
}
export { lastOrderQuery };
