import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { PlacedOrder } from './OrderPlacedDialog.tsx';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ORDER_STATUS_LABELS } from '../../../contracts/order-status-labels.ts';
import { MenuTexts } from '../../../contracts/menu-texts.ts';
import type { previousOrdersMachine } from '../../../machines/previous-orders.machine.ts';
import { formatMoney } from '../../services/format.ts';
import { Spinner } from '../shell/Loading.tsx';
import { MemberListStatus } from './MemberListStatus.tsx';
import { MenuTabs } from './MenuTabs.tsx';
import { ProductImage } from './ProductImage.tsx';
import './ordering.css';

export type PreviousOrdersActor = ActorRefFrom<typeof previousOrdersMachine>;
/** issue 30: the success modal, loaded when an order was just placed */
const OrderPlacedDialog = lazy(() => import('./OrderPlacedDialog.tsx'));

/** when an order was placed, read in its store's time zone (as the pickup slots are), e.g. 'Nov 23, 12:00 PM' */
const placedAt = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });

/** /menu/previous: the member's previous orders with Reorder; the success modal after placing an order. */
export function PreviousView({ actor, placed, onCloseSuccess }: { actor: PreviousOrdersActor; placed: PlacedOrder | null; onCloseSuccess: () => void }) {
  const s = useSelector(actor, (x) => x);
  return (
    <section className="page order-page">
      <h1>Previous orders</h1>
      <MenuTabs current="previous" />
      {s.hasTag('loading') ? <Spinner label="Loading your orders" /> : null}
      <MemberListStatus guest={s.matches('guest')} failed={s.matches('failed')} what="your previous orders" returnUrl="/menu/previous" onRetry={() => actor.send({ type: 'user.retry' })} />
      {s.matches('none') ? <p className="order-empty">{MenuTexts.noPreviousOrders}</p> : null}
      {s.matches('ready') ? (
        <ul className="cart-items">
          {s.context.orders.map((o) => (
            <li key={o.orderId} className="previous-order">
              {/* store, status and the store's local time; no internal order-type word (issue 30: 'Express') */}
              <div className="previous-order-head">
                <h2 className="cart-item-name">{placedAt(o.placedAt, o.timeZone)}</h2>
                <span className="order-badge">{ORDER_STATUS_LABELS[o.status]}</span>
                <span className="cart-item-price">{formatMoney(o.total, undefined, o.currency)}</span>
              </div>
              <p className="cart-item-meta previous-order-store">{o.storeName}</p>
              <ul className="previous-items">
                {o.basket.items.map((i, n) => (
                  <li key={n}>
                    <ProductImage src={i.product.imageURL} size={40} />
                    <span>
                      {i.quantity > 1 ? `${i.quantity} × ` : ''}
                      {i.product.name} <span className="cart-item-meta">{i.size.name}</span>
                      {i.childItems.length ? <span className="cart-item-meta previous-item-options">{i.childItems.map((c) => `${c.name}${c.quantity > 1 ? ` ×${c.quantity}` : ''}`).join(', ')}</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => actor.send({ type: 'user.reorder', orderId: o.orderId })}>
                Reorder<span className="visually-hidden"> the order of {placedAt(o.placedAt, o.timeZone)}</span>
              </button>
              {s.context.reordered === o.orderId ? (
                <p role="status" className="cart-item-meta">
                  Added to your bag. <Link to="/menu/cart">Review order</Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {placed ? (
        <Suspense fallback={null}>
          <OrderPlacedDialog placed={placed} onDone={onCloseSuccess} />
        </Suspense>
      ) : null}
    </section>
  );
}
