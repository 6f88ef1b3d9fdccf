import type { Queryable } from '../db/db.ts';
import { ORDERING_LIMITS } from '../../contracts/ordering.ts';
import { cancelReasonOf, type TrackerResponse } from '../../contracts/order-status.ts';
import { PICKUP_WINDOW_MINUTES, PREP_MINUTES, orderLines, statusAt, type OrderRow } from './orders.ts';
import { lastEventIdOf } from './events.ts';

/**
 * The tracker snapshot (docs/order-status.md 3.3): what /menu/order/{orderId} shows, the id to stream from
 * (lastEventId) and, for a clock-driven order, when its status next changes (the page refreshes then: nothing is
 * pushed for those). The status is statusAt's (the stored status once the console or the board set it).
 */
type TrackerRow = OrderRow & { driven_by: 'clock' | 'console'; cancelled_at: Date | null };
type StoreBits = { address: { singleLine?: string } | null; time_zone_id: string; mobile_ordering: { curbsideAvailability?: string; stallQuantity?: number | null } | null };

/** the next boundary of statusAt's time-based progression (null once picked up) */
export function nextChangeAt(o: Pick<OrderRow, 'ready_estimate_at' | 'placed_at'>, at: Date): Date | null {
  const ready = new Date(o.ready_estimate_at).getTime();
  const bounds = [Math.max(new Date(o.placed_at).getTime() + 60_000, ready - PREP_MINUTES * 60_000), ready, ready + PICKUP_WINDOW_MINUTES * 60_000];
  const next = bounds.find((b) => b > at.getTime());
  return next === undefined ? null : new Date(next);
}

export async function trackerSnapshot(db: Queryable, o: TrackerRow, at: Date): Promise<TrackerResponse> {
  const status = statusAt(o, at);
  const store = (await db.query<StoreBits>('select address, time_zone_id, mobile_ordering from stores where short_number = $1', [o.short_number])).rows[0];
  const lines = (await orderLines(db, [o.order_id])).get(o.order_id) ?? [];
  const clock = !o.status_set_at && o.driven_by === 'clock';
  const cancelled = status === 'cancelled';
  const ev = cancelled
    ? (await db.query<{ payload: { refund?: { amount: number; currency: TrackerResponse['currency'] }; starsReversed?: number } }>(`select payload from store_events where order_id = $1 and kind = 'status' order by id desc limit 1`, [o.order_id])).rows[0]?.payload
    : undefined;
  const reason = cancelled ? (await db.query<{ cancel_reason: string | null }>('select cancel_reason from orders where order_id = $1', [o.order_id])).rows[0]?.cancel_reason : null;
  const mo = store?.mobile_ordering ?? null;
  return {
    orderId: o.order_id,
    storeNumber: o.store_number,
    storeName: o.store_name,
    storeAddress: store?.address?.singleLine ?? '',
    timeZone: store?.time_zone_id ?? 'UTC',
    status,
    statusAt: o.status_set_at ? new Date(o.status_set_at).toISOString() : null,
    placedAt: new Date(o.placed_at).toISOString(),
    scheduledFor: o.scheduled_for ? new Date(o.scheduled_for).toISOString() : null,
    readyEstimateAt: status === 'placed' || status === 'preparing' ? new Date(o.ready_estimate_at).toISOString() : null,
    pickupOption: o.collection_type,
    items: lines.map((l) => ({ name: l.name, sizeName: l.sizeName ?? l.sizeCode, quantity: l.quantity, customisations: (l.childItems ?? []).map((ch) => ch.name) })),
    total: o.total_cents,
    currency: o.currency,
    guest: o.guest,
    arrival: o.arrived_at ? { stallNumber: o.arrival_stall, displayName: o.arrival_display_name ?? '', arrivedAt: new Date(o.arrived_at).toISOString() } : null,
    drivenBy: o.driven_by,
    nextChangeAt: clock ? (nextChangeAt(o, at)?.toISOString() ?? null) : null,
    lastEventId: await lastEventIdOf(db, { orderId: o.order_id }),
    refund: cancelled ? (ev?.refund ?? (o.total_cents > 0 ? { amount: o.total_cents, currency: o.currency } : null)) : null,
    starsReversed: ev?.starsReversed ?? 0,
    cancelReason: cancelReasonOf(reason),
    curbside: o.collection_type === 'CX' ? { available: mo?.curbsideAvailability === 'available', stallQuantity: mo?.stallQuantity || ORDERING_LIMITS.defaultStallQuantity } : null,
  };
}
