import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { now } from '../clock.ts';
import { OrderingCodes } from '../../contracts/ordering.ts';
import { OrderStatusCodes, cancelReasonOf, type ConsoleAction, type ConsoleOrder, type OrderStatus, type StatusEventData } from '../../contracts/order-status.ts';
import { OrderStatusMessages as M } from '../../contracts/order-status-messages.ts';
import { cancelIn } from './cancel.ts';
import { orderingError } from './errors.ts';
import { ORDER_SELECT, statusAt, type OrderRow } from './orders.ts';
import { appendStoreEvent, consoleOrder, lockStore } from './events.ts';
import { learnFromReady, recomputeStoreEta } from './eta-store.ts';


/**
 * The one way an order's status changes (docs/order-status.md 3.2): the console's Start / Ready / Hand off / Cancel
 * and the development board. One transaction: the store lock first (lockStore: one lock order, ids of a store
 * commit in order), the order row `for update`, the expected status (a double tap, a retry or a second tablet
 * answers 409 ORDER_STATUS_CONFLICT with the current card instead of moving twice), the move, and last the
 * `status` event, which NOTIFY delivers to every process's stream hub at commit.
 *
 * Steps 4–5 (docs/order-status.md 4.2, 4.3): a `ready` of a started order teaches the store's k (learnFromReady),
 * then recomputeStoreEta gives every open order of the store its new estimate and an `eta` event when it moved by
 * a minute or more; the moved order's own estimate travels in its `status` event.
 */
export interface TransitionInput {
  orderId: string;
  /** the store in the path: the order must be this store's (else 404, no cross-store probing) */
  short: string;
  action: ConsoleAction;
  expected: OrderStatus;
  /** staff user id, or 'dev' (the development board) */
  actor: string;
  reason?: string | null;
}
export interface TransitionResult {
  order: ConsoleOrder;
  eventId: number;
  refund: { amount: number; currency: string } | null;
  starsReversed: number;
  /** cancel: spent Stars given back (the development board's answer reports it) */
  starsReturned: number;
}

/** allowed moves: action → (from → to) */
const MOVES: Record<ConsoleAction, Partial<Record<OrderStatus, OrderStatus>>> = {
  start: { placed: 'preparing' },
  ready: { preparing: 'ready', placed: 'ready' },
  handOff: { ready: 'picked_up' },
  cancel: { placed: 'cancelled', preparing: 'cancelled', ready: 'cancelled' },
};
const TIME_COLUMN: Partial<Record<OrderStatus, string>> = { preparing: 'started_at', ready: 'ready_at', picked_up: 'picked_up_at' };

export const nextMove = (action: ConsoleAction, from: OrderStatus): OrderStatus | null => MOVES[action][from] ?? null;

/** the action that moves an order one status on (the development board's Advance) */
export const advanceAction = (from: OrderStatus): ConsoleAction | null => (from === 'placed' ? 'start' : from === 'preparing' ? 'ready' : from === 'ready' ? 'handOff' : null);

function conflict(card: ConsoleOrder): ApiError {
  return new ApiError(409, OrderStatusCodes.statusConflict, M.conflict, { order: card });
}

export async function transitionOrder(db: Db, input: TransitionInput, at: Date = now()): Promise<TransitionResult> {
  return db.transaction((tx) => transitionIn(tx, input, at));
}

export async function transitionIn(tx: Queryable, input: TransitionInput, at: Date): Promise<TransitionResult> {
  await lockStore(tx, input.short);
  const locked = await tx.query<{ order_id: string }>('select order_id from orders where order_id = $1 and short_number = $2 for update', [input.orderId, input.short]);
  if (!locked.rows[0]) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
  const read = async () => (await tx.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [input.orderId])).rows[0]!;
  const o = await read();
  // a clock-driven order the console picks up: its current status is the clock's (statusAt)
  const current = statusAt(o, at);
  if (current !== input.expected) throw conflict(await consoleOrder(tx, o, at));
  const to = nextMove(input.action, current);
  if (!to) throw conflict(await consoleOrder(tx, o, at));

  let refund: TransitionResult['refund'] = null;
  let starsReversed = 0;
  let starsReturned = 0;
  if (to === 'cancelled') {
    const done = await cancelIn(tx, input.orderId, input.reason ?? null, at);
    refund = done.refunded > 0 ? { amount: done.refunded, currency: o.currency } : null;
    starsReversed = done.starsReversed;
    starsReturned = done.starsReturned;
  } else {
    const column = TIME_COLUMN[to]!;
    // ready straight from placed (drip coffee handed at once): started_at = ready_at
    const alsoStarted = to === 'ready' && current === 'placed' ? ', started_at = $3' : '';
    await tx.query(`update orders set status = $2, status_set_at = $3, ${column} = $3${alsoStarted}, driven_by = 'console' where order_id = $1`, [input.orderId, to, at]);
  }
  if (to === 'ready') {
    const done = await read();
    if (current === 'preparing') await learnFromReady(tx, input.short, { startedAt: done.started_at ? new Date(done.started_at) : null, readyAt: at, work: done.work_seconds ?? null });
  }
  await recomputeStoreEta(tx, input.short, at, { quiet: input.orderId, actor: input.actor });
  const after = await read();
  const data: StatusEventData = {
    orderId: input.orderId,
    status: to,
    at: at.toISOString(),
    readyEstimateAt: to === 'preparing' ? new Date(after.ready_estimate_at).toISOString() : null,
    ...(refund ? { refund: { amount: refund.amount, currency: after.currency } } : {}),
    ...(to === 'cancelled' ? { starsReversed } : {}),
    ...(to === 'cancelled' && cancelReasonOf(input.reason) ? { cancelReason: cancelReasonOf(input.reason)! } : {}),
  };
  const eventId = await appendStoreEvent(tx, { short: input.short, orderId: input.orderId, kind: 'status', data, actor: input.actor });
  return { order: await consoleOrder(tx, after, at), eventId, refund, starsReversed, starsReturned };
}
