/**
 * The tracker's rules (docs/order-status.md 2.2): the four steps, the heading per status, terminal statuses,
 * which store events are new, and how an event changes the tracked order. Pure: the orderTracker machine's guards
 * and actions and the tracker view read them. Texts are keys of `OrderStatusMessages`
 * (contracts/order-status-messages.ts); views and tests resolve them.
 */
import type { OrderStatus } from '../contracts/ordering-checkout.ts';
import type { TrackerResponse } from '../contracts/order-status.ts';

export type { OrderStatus };

/** the order as the tracker shows it: `TrackerResponse` (docs/order-status.md 3.3 / 3.7) */
export type TrackerOrder = TrackerResponse;

/** the events of an order's stream (docs/order-status.md 3.7 `StoreEvent`, order scope) */
export type OrderEvent =
  | { id: number; kind: 'status'; orderId: string; status: OrderStatus; at: string; readyEstimateAt: string | null; refund?: TrackerResponse['refund'] | undefined; starsReversed?: number | undefined; cancelReason?: TrackerResponse['cancelReason'] | undefined }
  | { id: number; kind: 'eta'; orderId: string; readyEstimateAt: string }
  | { id: number; kind: 'arrival'; orderId: string; stallNumber: number | null; displayName: string; arrivedAt: string };

export const ORDER_STEPS = ['placed', 'preparing', 'ready', 'picked_up'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export const STEP_LABEL_KEYS = { placed: 'stepPlaced', preparing: 'stepPreparing', ready: 'stepReady', picked_up: 'stepPickedUp' } as const satisfies Record<OrderStep, string>;
export const HEADING_KEYS = {
  placed: 'headingPlaced',
  preparing: 'headingPreparing',
  ready: 'headingReady',
  picked_up: 'headingPickedUp',
  cancelled: 'headingCancelled',
} as const satisfies Record<OrderStatus, string>;

export function headingKey(status: OrderStatus) {
  return HEADING_KEYS[status];
}

export { isTerminal } from '../contracts/order-status-link-texts.ts';

/** per step of the progress list: done, the current one, or still to come (cancelled: null, the list is replaced) */
export function stepStates(status: OrderStatus): Array<{ step: OrderStep; state: 'done' | 'current' | 'todo' }> | null {
  if (status === 'cancelled') return null;
  const at = ORDER_STEPS.indexOf(status);
  return ORDER_STEPS.map((step, i) => ({ step, state: i < at ? 'done' : i === at ? 'current' : 'todo' }));
}

/** an event the tracker has not applied yet: of this order, and after the last id it holds */
export function isNewer(order: Pick<TrackerOrder, 'orderId' | 'lastEventId'>, event: { id: number; orderId?: string }): boolean {
  return event.id > order.lastEventId && (event.orderId === undefined || event.orderId === order.orderId);
}

/**
 * The order after one store event (`applyStoreEvent` of the design): `status` sets the status, when it changed and
 * the estimate (and the refund, Stars and reason of a cancel); `eta` the estimate; `arrival` the arrival. An event already
 * applied (id ≤ lastEventId: a replay after a poll) or of another order changes nothing (the same object).
 */
export function applyStoreEvent(order: TrackerOrder, event: OrderEvent): TrackerOrder {
  if (!isNewer(order, event)) return order;
  const lastEventId = event.id;
  switch (event.kind) {
    case 'status':
      return {
        ...order,
        lastEventId,
        status: event.status,
        statusAt: event.at,
        readyEstimateAt: event.readyEstimateAt,
        nextChangeAt: null,
        ...(event.status === 'cancelled' ? { refund: event.refund ?? null, starsReversed: event.starsReversed ?? 0, cancelReason: event.cancelReason ?? null } : {}),
      };
    case 'eta':
      return { ...order, lastEventId, readyEstimateAt: event.readyEstimateAt };
    case 'arrival':
      return { ...order, lastEventId, arrival: { stallNumber: event.stallNumber, displayName: event.displayName, arrivedAt: event.arrivedAt } };
  }
}

/** the status changed by this event (for the live region and the ready notice); null for eta/arrival or a replay */
export function statusChange(before: TrackerOrder, after: TrackerOrder): OrderStatus | null {
  return after.status !== before.status ? after.status : null;
}

/** still open and past its estimate: 'Taking a little longer than expected' */
export function isLate(order: Pick<TrackerOrder, 'status' | 'readyEstimateAt'>, now: number): boolean {
  if (order.status !== 'placed' && order.status !== 'preparing') return false;
  if (!order.readyEstimateAt) return false;
  return Date.parse(order.readyEstimateAt) < now;
}

/** ms until a clock-driven order's next boundary (0 when past or unknown) */
export function msUntil(iso: string | null, now: number): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? Math.max(0, t - now) : 0;
}

/** '8:42 AM' in the store's time zone */
export function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** the curbside "I'm here" button: a curbside order, ready, curbside available, not yet arrived */
export function showsCheckIn(order: Pick<TrackerOrder, 'status' | 'pickupOption' | 'arrival' | 'curbside'>): boolean {
  return order.status === 'ready' && order.pickupOption === 'CX' && order.arrival === null && order.curbside?.available !== false;
}
