import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HistoryMessages, HistoryTexts } from '../../../contracts/history-messages.ts';
import type { HistoryOrder } from '../../../contracts/order-history.ts';
import type { orderHistoryMachine } from '../../../machines/order-history.machine.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import { itemLine, money, pickupName, placedOn, statusName } from './history-format.ts';
import { TrackOrderLink } from './TrackOrderLink.tsx';
import './history.css';

/** One order of the list: date, store, pickup option, items, total, payment, Stars, status; the receipt link. */
export function HistoryOrderCard({ order }: { order: HistoryOrder }) {
  return (
    <article className="history-order" aria-labelledby={`h-${order.orderId}`}>
      <h2 id={`h-${order.orderId}`} className="history-order-when">
        {placedOn(order.placedAt, order.store.timeZone)}
      </h2>
      <p>
        {order.store.name} · {pickupName(order.pickupOption)} · <span className={`history-status history-status--${order.status}`}>{statusName(order.status)}</span>
      </p>
      <ul className="history-items">
        {order.items.map((i, n) => (
          <li key={n}>{itemLine(i)}</li>
        ))}
      </ul>
      <p className="history-order-total">
        <strong>{money(order.total)}</strong> · {order.payment} · {HistoryTexts.starsEarned(order.starsEarned)}
      </p>
      <Link to="/account/history/$orderId" params={{ orderId: order.orderId }} aria-label={`${HistoryTexts.viewReceipt}: ${placedOn(order.placedAt, order.store.timeZone)}`}>
        {HistoryTexts.viewReceipt}
      </Link>
      <TrackOrderLink orderId={order.orderId} status={order.status} label={placedOn(order.placedAt, order.store.timeZone)} />
    </article>
  );
}

/** /account/history: renders the orderHistory machine's snapshot and sends its events. */
export function OrderHistoryView({ actor }: { actor: ActorRefFrom<typeof orderHistoryMachine> }) {
  const s = useSelector(actor, (x) => x);
  let body;
  if (s.matches('loading') || s.matches('starting') || s.matches('sorting')) body = <PageLoading />;
  else if (s.matches('loadFailed')) body = <LoadFailed error={HistoryMessages.historyLoadFailed} onRetry={() => actor.send({ type: 'user.retry' })} />;
  else if (s.matches('empty')) {
    body = (
      <>
        <p>{HistoryMessages.historyEmpty}</p>
        <Link to="/menu" className="btn btn--primary">
          {HistoryTexts.startOrder}
        </Link>
      </>
    );
  } else {
    const { orders, nextCursor, loadMoreFailed } = s.context;
    body = (
      <>
        <ol className="history-list">
          {orders.map((o) => (
            <li key={o.orderId}>
              <HistoryOrderCard order={o} />
            </li>
          ))}
        </ol>
        {loadMoreFailed ? <p role="alert">{HistoryMessages.loadMoreFailed}</p> : null}
        {nextCursor ? (
          <button type="button" className="btn btn--ghost" aria-busy={s.matches('loadingMore')} disabled={s.matches('loadingMore')} onClick={() => actor.send({ type: 'user.loadMore' })}>
            {HistoryTexts.showMore}
          </button>
        ) : null}
      </>
    );
  }
  return (
    <div className="history-page">
      <h1>{HistoryTexts.historyTitle}</h1>
      <p>
        <Link to="/account/history/egift">{HistoryTexts.giftHistory}</Link>
      </p>
      {body}
    </div>
  );
}
