import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CANCEL_REASON_TEXTS, OrderStatusMessages as M, OrderStatusTexts as T } from '../../../contracts/order-status-messages.ts';
import { PICKUP_OPTION_NAMES } from '../../../contracts/order-status-link-texts.ts';
import type { liveFeedMachine } from '../../../machines/live-feed.machine.ts';
import type { orderTrackerMachine } from '../../../machines/order-tracker.machine.ts';
import type { readyNoticeMachine } from '../../../machines/ready-notice.machine.ts';
import { clockTime, headingKey, isLate, showsCheckIn, stepStates, STEP_LABEL_KEYS, type TrackerOrder } from '../../../machines/order-status-rules.ts';
import { formatMoney } from '../../services/format.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { Spinner } from '../shell/Loading.tsx';
import './ordering.css';

export type OrderTrackerActor = ActorRefFrom<typeof orderTrackerMachine>;
export type ReadyNoticeActor = ActorRefFrom<typeof readyNoticeMachine>;
type FeedActor = ActorRefFrom<typeof liveFeedMachine>;

/** /menu/order/{orderId}: the order's progress, pushed live (docs/order-status.md 1, 2.2). */
export function OrderTrackerView({ tracker, notice, now, orderToken }: { tracker: OrderTrackerActor; notice: ReadyNoticeActor; now: number; orderToken: string | null }) {
  const s = useSelector(tracker, (x) => x);
  const order = s.context.order;
  if (s.matches('notFound')) return <OrderNotFoundView />;
  if (!order)
    return (
      <section className="page order-page">
        <h1>{M.pageTitle}</h1>
        {s.matches('loadFailed') ? <LoadFailed error={null} onRetry={() => tracker.send({ type: 'user.retry' })} /> : <Spinner label="Loading your order" />}
      </section>
    );
  const feed = s.children.feed as FeedActor | undefined;
  return (
    <section className="page order-page order-tracker">
      <h1>{M[headingKey(order.status)]}</h1>
      {/* the live region: a status pushed by the store is read out */}
      <p className="visually-hidden" role="status">
        {M[headingKey(order.status)]}
      </p>
      <Progress order={order} />
      <Eta order={order} now={now} />
      {order.status === 'cancelled' ? (
        <div className="order-cancelled">
          {order.cancelReason ? <p>{CANCEL_REASON_TEXTS[order.cancelReason].customer}</p> : null}
          {order.refund ? <p>{M.refunded}</p> : null}
          {order.starsReversed > 0 ? <p>{M.starsReversed}</p> : null}
        </div>
      ) : null}
      {showsCheckIn(order) ? (
        <p>
          <Link className="btn btn--primary" to="/pickup/curbside" search={{ orderId: order.orderId, storeNumber: order.storeNumber, ...(orderToken ? { orderToken } : {}) }}>
            {M.imHere}
          </Link>
        </p>
      ) : null}
      {feed ? <FeedLine feed={feed} /> : null}
      {order.status === 'placed' || order.status === 'preparing' ? <Notice notice={notice} /> : null}
      <dl className="order-tracker-facts">
        <dt>Store</dt>
        <dd>
          {order.storeName}
          <br />
          <span className="cart-item-meta">{order.storeAddress}</span>
        </dd>
        <dt>Pickup</dt>
        <dd>{PICKUP_OPTION_NAMES[order.pickupOption]}</dd>
        <dt>Total</dt>
        <dd>{formatMoney(order.total, undefined, order.currency)}</dd>
      </dl>
      <h2>Items</h2>
      <ul className="cart-items">
        {order.items.map((i, n) => (
          <li key={n}>
            {i.quantity > 1 ? `${i.quantity} × ` : ''}
            {i.name} <span className="cart-item-meta">{i.sizeName}</span>
            {i.customisations.length ? <span className="cart-item-meta"> · {i.customisations.join(', ')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** an unknown order, someone else's, a malformed id or a token that no longer works */
export function OrderNotFoundView() {
  return (
    <section className="page order-page">
      <h1>{M.orderNotFound}</h1>
      <p>
        <Link to="/menu">Back to the menu</Link>
      </p>
    </section>
  );
}

function Progress({ order }: { order: TrackerOrder }) {
  const steps = stepStates(order.status);
  if (!steps) return null;
  return (
    <ol className="order-steps" aria-label="Order progress">
      {steps.map((x) => (
        <li key={x.step} className={`order-step order-step--${x.state}`} {...(x.state === 'current' ? { 'aria-current': 'step' as const } : {})}>
          {M[STEP_LABEL_KEYS[x.step]]}
        </li>
      ))}
    </ol>
  );
}

function Eta({ order, now }: { order: TrackerOrder; now: number }) {
  if (order.status !== 'placed' && order.status !== 'preparing') return null;
  if (order.scheduledFor && order.status === 'placed' && Date.parse(order.scheduledFor) > now) return <p className="order-eta">{T.scheduledFor(clockTime(order.scheduledFor, order.timeZone))}</p>;
  if (!order.readyEstimateAt) return null;
  if (isLate(order, now)) return <p className="order-eta">{M.late}</p>;
  return <p className="order-eta">{T.readyAround(clockTime(order.readyEstimateAt, order.timeZone))}</p>;
}

/** the connection line: nothing while live; 'Reconnecting…', polling or offline otherwise */
function FeedLine({ feed }: { feed: FeedActor }) {
  const message = useSelector(feed, (f) => (f.hasTag('reconnecting') ? M.reconnecting : f.hasTag('polling') ? M.pollingNotice : f.hasTag('offline') ? M.offline : null));
  return message ? <p className="cart-item-meta order-feed">{message}</p> : null;
}

function Notice({ notice }: { notice: ReadyNoticeActor }) {
  const n = useSelector(notice, (x) => x);
  if (n.matches('offering') || n.matches('asking'))
    return (
      <p>
        <button type="button" className="btn btn--ghost" disabled={n.matches('asking')} onClick={() => notice.send({ type: 'user.enable' })}>
          {M.notifyMe}
        </button>
      </p>
    );
  const text = n.matches('armed') ? M.noticeArmed : n.matches('denied') ? M.noticeDenied : n.matches('unsupported') ? M.noticeUnsupported : null;
  return text ? <p className="cart-item-meta">{text}</p> : null;
}
