/**
 * The order tracker's link texts (issue 29, docs/order-status.md 1) and when a link to it shows (`isTerminal`), apart
 * from the tracker's catalogue and rules (order-status-messages.ts and machines/order-status-rules.ts read them from
 * here): the order-placed dialog of /menu/previous and the history's 'Track order' link no longer load every
 * tracker, feed and console text or the tracker's rules for it (docs/architecture.md#performance). With them, what
 * the tracker, the history and the barista console share with the checkout: the order's status (`OrderStatus`) and
 * the pickup options' names, so that those pages load neither the checkout's schemas nor ordering's rules.
 */
import * as v from 'valibot';
import type { PickupOptionCode } from './ordering-fields.ts';

/**
 * placed → preparing → ready → picked_up, or cancelled: the one definition (ordering-checkout.ts and order-status.ts
 * re-export it). Here, not in the checkout's answers, so that the tracker and the barista console, which read it from
 * order-status.ts, do not load every checkout schema for it (docs/architecture.md#performance).
 */
export const OrderStatus = v.picklist(['placed', 'preparing', 'ready', 'picked_up', 'cancelled']);
export type OrderStatus = v.InferOutput<typeof OrderStatus>;

export const OrderStatusLinkTexts = {
  trackYourOrder: 'Track your order',
  trackOrderLink: 'Track order',
} as const;

/**
 * the pickup options' names (ordering-rules.ts re-exports them): the tracker, the receipt, the history and the barista
 * console show them without loading ordering's rules (docs/architecture.md#performance)
 */
export const PICKUP_OPTION_NAMES: Record<PickupOptionCode, string> = { '16': 'In store', DT: 'Drive-thru', CX: 'Curbside' };

/** picked up and cancelled: nothing more will happen to the order (no 'Track order' link then) */
export function isTerminal(status: OrderStatus): boolean {
  return status === 'picked_up' || status === 'cancelled';
}
