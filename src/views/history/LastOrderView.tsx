import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { HistoryTexts } from '../../../contracts/history-messages.ts';
import type { HistoryOrder } from '../../../contracts/order-history.ts';
import { itemLine, money, placedOn } from './history-format.ts';
import { TrackOrderLink } from './TrackOrderLink.tsx';
import './history.css';

/** The home page's last-order widget: the newest order, its Reorder (one tap) and a link to all orders. */
export function LastOrderView({ order, reorder }: { order: HistoryOrder; reorder: ReactNode }) {
  return (
    <section className="history-last" aria-labelledby="history-last-heading">
      <h2 id="history-last-heading">{HistoryTexts.lastOrder}</h2>
      <p>
        {placedOn(order.placedAt, order.store.timeZone)} · {order.store.name}
      </p>
      <ul className="history-items">
        {order.items.map((i, n) => (
          <li key={n}>{itemLine(i)}</li>
        ))}
      </ul>
      <p>
        <strong>{money(order.total)}</strong>
      </p>
      {reorder}
      <TrackOrderLink orderId={order.orderId} status={order.status} />
      <Link to="/account/history">{HistoryTexts.allOrders}</Link>
    </section>
  );
}
