import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { now } from '../clock.ts';
import { OrderingCodes } from '../../contracts/ordering.ts';
import { credit } from '../cards/money.ts';
import { processor } from '../payments/index.ts';
import { reverseForOrder } from '../rewards/stars.ts';
import { orderingError } from './errors.ts';

/**
 * Cancelling a placed order and refunding it (docs/rewards.md 3.1): the dev order board's 'Cancel and refund'
 * (POST /apiproxy/v1/dev/orders/{orderId}/cancel, loopback) and tests. ONE transaction: the order locked (a second
 * cancel waits, then finds it cancelled: 409 ORDER_ALREADY_CANCELLED); the Stars first (server/rewards/stars.ts:
 * spent Stars returned, earned Stars taken back, never below 0; each once per order), then the money (the
 * stored-value card credited through the money core, kind adjustment; a card or PayPal charge refunded through the
 * processor), the order's REWARD coupons usable again. Stars before card: the lock order of submit, so no deadlock.
 */
export const ORDER_ALREADY_CANCELLED = 'ORDER_ALREADY_CANCELLED';

interface CancelRow {
  order_id: string;
  user_id: string | null;
  guest: boolean;
  status: string;
  tender: string;
  card_id: string | null;
  processor_charge_id: string | null;
  total_cents: number;
  stars_earned: number;
  stars_spent: number;
}

export interface CancelResult {
  orderId: string;
  refunded: number;
  starsReturned: number;
  starsReversed: number;
}

export async function cancelOrder(db: Db, orderId: string, reason: string | null = null, at: Date = now()): Promise<CancelResult> {
  return db.transaction((tx) => cancelIn(tx, orderId, reason, at));
}

export async function cancelIn(tx: Queryable, orderId: string, reason: string | null, at: Date): Promise<CancelResult> {
  const o = (
    await tx.query<CancelRow>(
      'select order_id, user_id, guest, status, tender, card_id, processor_charge_id, total_cents, stars_earned, stars_spent from orders where order_id = $1 for update',
      [orderId],
    )
  ).rows[0];
  if (!o) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
  if (o.status === 'cancelled') throw new ApiError(409, ORDER_ALREADY_CANCELLED, 'This order is already cancelled.', { field: 'orderId' });
  await tx.query('update orders set status = $2, status_set_at = $3, cancelled_at = $3, cancel_reason = $4 where order_id = $1', [orderId, 'cancelled', at, reason]);

  let stars = { returned: 0, reversed: 0 };
  if (o.user_id && !o.guest) stars = await reverseForOrder(tx, { userId: o.user_id, orderId, starsEarned: o.stars_earned, starsSpent: o.stars_spent, at });

  let refunded = 0;
  if (o.total_cents > 0) {
    if (o.tender === 'SVC') {
      if (!o.card_id) throw new Error(`order ${orderId}: a stored-value order without its card`);
      await credit(tx, { cardId: o.card_id, amount: o.total_cents, kind: 'adjustment', userId: o.user_id, description: `Refund for order ${orderId.slice(-8)}`, idempotencyKey: `refund-${orderId}` });
    } else {
      if (!o.processor_charge_id) throw new Error(`order ${orderId}: a paid order without its charge`);
      const r = await processor().refund(tx, o.processor_charge_id, o.total_cents);
      if (!r.ok) throw new ApiError(409, r.code, 'The payment could not be refunded.');
    }
    refunded = o.total_cents;
  }
  // the order's coupons: usable again (a granted coupon only while it has not expired)
  await tx.query('delete from offer_redemptions where order_id = $1', [orderId]);
  await tx.query('update member_rewards set redeemed_order_id = null, redeemed_at = null where redeemed_order_id = $1', [orderId]);
  return { orderId, refunded, starsReturned: stars.returned, starsReversed: stars.reversed };
}
