import { Link } from '@tanstack/react-router';
import { PICKUP_OPTION_NAMES } from '../../../contracts/order-status-link-texts.ts';
import type { PickupOptionCode } from '../../../contracts/ordering.ts';
import { OrderStatusLinkTexts } from '../../../contracts/order-status-link-texts.ts';
import { clockTime } from '../../../machines/order-status-rules.ts';
import { formatMoney } from '../../services/format.ts';
import { Dialog } from '../shell/Dialog.tsx';

/** What the success modal needs of the order just placed (the last order kept in this browser). */
export interface PlacedOrder {
  orderId: string;
  storeName: string;
  storeNumber: string;
  total: number;
  /** a guest's bearer token (the tracker and curbside read the order with it) */
  orderToken: string | null;
  pickupOption: string;
  /** ISO time the store expects the order ready */
  readyEstimateAt: string | null;
  /** the store's IANA time zone (the time slots' answer): the ready time reads in it like the slots; null: the browser's */
  timeZone: string | null;
  /** 'Reload & place order': the amount put on the card first (minor units), 0 without */
  reloaded: number;
  guest: boolean;
}

/** the order number as the confirmation email gives it (its last 8 characters) */
export const orderNumberOf = (orderId: string) => orderId.slice(-8);

/**
 * Issue 30: the success modal says what a customer needs: the order number, the store, the pickup option and the
 * estimated ready time, the reload when the card was reloaded first; curbside offers 'I'm here' (the check-in with
 * this order); a guest's Done goes to the tracker with the order's token (never to 'Sign in to see your previous
 * orders.'). Loaded on use (React.lazy in PreviousView).
 */
export default function OrderPlacedDialog({ placed, onDone }: { placed: PlacedOrder; onDone: () => void }) {
  const pickup = PICKUP_OPTION_NAMES[placed.pickupOption as PickupOptionCode] ?? placed.pickupOption;
  const ready = placed.readyEstimateAt ? new Date(placed.readyEstimateAt) : null;
  const tracker = { to: '/menu/order/$orderId' as const, params: { orderId: placed.orderId }, ...(placed.orderToken && placed.guest ? { hash: `token=${placed.orderToken}` } : {}) };
  return (
    <Dialog
      open
      title="Thanks for your order!"
      onClose={onDone}
      actions={
        <>
          {placed.pickupOption === 'CX' ? (
            <Link className="btn btn--primary" to="/pickup/curbside" search={{ storeNumber: placed.storeNumber, ...(placed.orderToken ? { orderToken: placed.orderToken } : {}) }}>
              I'm here
            </Link>
          ) : null}
          {/* the tracker (docs/order-status.md 1); a guest's token in the fragment, never sent to the server */}
          <Link className={placed.pickupOption === 'CX' ? 'btn btn--ghost' : 'btn btn--primary'} {...tracker}>
            {OrderStatusLinkTexts.trackYourOrder}
          </Link>
          {placed.guest ? (
            <Link className="btn btn--ghost" {...tracker}>
              Done
            </Link>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={onDone}>
              Done
            </button>
          )}
        </>
      }
    >
      <dl className="summary-lines order-placed">
        <div className="summary-line">
          <dt>Order number</dt>
          <dd>{orderNumberOf(placed.orderId)}</dd>
        </div>
        <div className="summary-line">
          <dt>Store</dt>
          <dd>{placed.storeName}</dd>
        </div>
        <div className="summary-line">
          <dt>Pickup</dt>
          <dd>{pickup}</dd>
        </div>
        {ready && !Number.isNaN(ready.getTime()) ? (
          <div className="summary-line">
            <dt>Ready around</dt>
            <dd>{placed.timeZone ? clockTime(placed.readyEstimateAt!, placed.timeZone) : ready.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}</dd>
          </div>
        ) : null}
        <div className="summary-line summary-line--total">
          <dt>Total</dt>
          <dd>{formatMoney(placed.total)}</dd>
        </div>
      </dl>
      {placed.reloaded > 0 ? <p className="summary-note">Your card was reloaded with {formatMoney(placed.reloaded)} before paying.</p> : null}
    </Dialog>
  );
}
