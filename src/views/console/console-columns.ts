import type { ConsoleOrder } from '../../../contracts/order-status.ts';

/** a scheduled order stays in the 'Scheduled' lane until its slot is this close (docs/order-status.md 1) */
export const SCHEDULED_LEAD_MS = 10 * 60_000;

export interface ConsoleColumns {
  scheduled: ConsoleOrder[];
  placed: ConsoleOrder[];
  preparing: ConsoleOrder[];
  ready: ConsoleOrder[];
}

/**
 * The queue's columns: 'Scheduled' (placed orders whose slot is more than 10 minutes away, by slot), 'New'
 * (placed, oldest first: a due scheduled order by its slot), 'Preparing', 'Ready'. Picked up and cancelled orders
 * leave the queue.
 */
export function columnsOf(orders: readonly ConsoleOrder[], now: number): ConsoleColumns {
  const due = (o: ConsoleOrder) => Date.parse(o.scheduledFor ?? o.placedAt);
  const byDue = (a: ConsoleOrder, b: ConsoleOrder) => due(a) - due(b) || a.orderId.localeCompare(b.orderId);
  const later = (o: ConsoleOrder) => o.scheduledFor !== null && Date.parse(o.scheduledFor) - now > SCHEDULED_LEAD_MS;
  const placed = orders.filter((o) => o.status === 'placed');
  return {
    scheduled: placed.filter(later).sort(byDue),
    placed: placed.filter((o) => !later(o)).sort(byDue),
    preparing: orders.filter((o) => o.status === 'preparing').sort(byDue),
    ready: orders.filter((o) => o.status === 'ready').sort(byDue),
  };
}
