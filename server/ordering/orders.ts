import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { now } from '../clock.ts';
import { localTime } from '../locator/local-time.ts';
import { formatTime } from '../locator/hours.ts';
import { ORDERING_LIMITS, PICKUP_OPTION_NAMES, waitLabel, type OrderStatus, type OrderSummary, type PickupOptionCode, type PricedItem, type TimeSlot, type WaitEstimate } from '../../contracts/ordering.ts';
import { storeOpenAt, type StoreCtx } from './catalog.ts';

/**
 * Orders after placement: status (placed → preparing → ready → picked up), wait estimates, time slots.
 *
 * Status progression (docs/ordering.md "Order status"): time-based from the ready estimate unless a barista
 * set it (dev order board: status_set_at): placed for the first minute (scheduled orders: until PREP_MINUTES
 * before their slot), preparing until ready, ready for PICKUP_WINDOW_MINUTES, then picked up.
 */
export const PREP_MINUTES = 4;
export const PICKUP_WINDOW_MINUTES = 30;

export const hashOrderToken = (token: string) => createHash('sha256').update(`order-token:${token}`).digest('hex');

export interface OrderRow {
  order_id: string;
  user_id: string | null;
  guest: boolean;
  short_number: string;
  store_number: string;
  store_name: string;
  status: OrderStatus;
  status_set_at: Date | null;
  collection_type: PickupOptionCode;
  consumption_type: 'ConsumeInStore' | 'ConsumeOutOfStore';
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  tip_cents: number;
  total_cents: number;
  currency: 'USD' | 'CAD' | 'GBP';
  tender: OrderSummary['tender'];
  stars_earned: number;
  stars_spent: number;
  scheduled_for: Date | null;
  placed_at: Date;
  ready_estimate_at: Date;
  locale: string;
  arrived_at: Date | null;
  arrival_pickup_option: PickupOptionCode | null;
  arrival_stall: number | null;
  arrival_display_name: string | null;
  /** migration 080: 'console' at a store with staff (its status moves only by the console), else 'clock' */
  driven_by?: 'clock' | 'console';
  started_at?: Date | null;
  ready_at?: Date | null;
  /** W(o) of the ETA model (server/ordering/eta.ts), fixed at submit; null for orders placed before */
  work_seconds?: number | null;
}
export const ORDER_SELECT = `select o.*, s.store_number, s.name as store_name from orders o join stores s on s.short_number = o.short_number`;

/**
 * An order's status at `at`: a cancelled order stays cancelled (whatever its times say), a status someone set
 * (the dev advance, cancel) is kept, a console-driven order (placed at a store with staff, docs/order-status.md 1)
 * keeps its stored status until the console moves it, otherwise it follows the clock. The one place for it: the order status
 * answers, /account/history and the receipt (server/ordering/history.ts) all read it.
 */
export function statusAt(o: Pick<OrderRow, 'status' | 'status_set_at' | 'ready_estimate_at' | 'placed_at' | 'driven_by'>, at: Date): OrderStatus {
  if (o.status === 'cancelled' || o.status_set_at || o.driven_by === 'console') return o.status;
  const ready = new Date(o.ready_estimate_at).getTime();
  const t = at.getTime();
  // the store takes the order for a minute (or until PREP_MINUTES before a scheduled slot), then prepares it
  if (t < Math.max(new Date(o.placed_at).getTime() + 60_000, ready - PREP_MINUTES * 60_000)) return 'placed';
  if (t < ready) return 'preparing';
  if (t < ready + PICKUP_WINDOW_MINUTES * 60_000) return 'ready';
  return 'picked_up';
}

type LineRow = { sku: string; product_number: number | null; form_code: string; size_code: string; name: string; quantity: number; unit_price_cents: number; discount_cents: number; child_items: PricedItem['childItems'] & { sizeName?: string } };

export async function orderLines(db: Queryable, orderIds: string[]): Promise<Map<string, PricedItem[]>> {
  const out = new Map<string, PricedItem[]>();
  if (!orderIds.length) return out;
  const r = await db.query<LineRow & { order_id: string; size_name: string | null }>(
    `select l.*, z.name as size_name from order_lines l left join menu_sizes z on z.sku = l.sku where l.order_id = any($1::text[]) order by l.order_id, l.line_no`,
    [orderIds],
  );
  for (const l of r.rows) {
    const list = out.get(l.order_id) ?? [];
    list.push({
      sku: l.sku,
      productNumber: l.product_number ?? 0,
      formCode: l.form_code,
      sizeCode: l.size_code,
      name: l.name,
      sizeName: l.size_name ?? l.size_code,
      quantity: l.quantity,
      unitPrice: l.unit_price_cents,
      totalPrice: l.unit_price_cents * l.quantity,
      discount: l.discount_cents,
      childItems: l.child_items,
      availability: 'Available',
      imageURL: `/images/menu/p-${l.product_number ?? 0}.svg`,
    });
    out.set(l.order_id, list);
  }
  return out;
}

export function summary(o: OrderRow, items: PricedItem[], at: Date = now()): OrderSummary {
  return {
    orderId: o.order_id,
    orderToken: null, // only the submit answer carries the token (only its hash is stored)
    storeNumber: o.store_number,
    storeName: o.store_name,
    status: statusAt(o, at),
    placedAt: new Date(o.placed_at).toISOString(),
    scheduledFor: o.scheduled_for ? new Date(o.scheduled_for).toISOString() : null,
    readyEstimateAt: new Date(o.ready_estimate_at).toISOString(),
    pickupOption: o.collection_type,
    consumptionType: o.consumption_type,
    items,
    subtotal: o.subtotal_cents,
    discount: o.discount_cents,
    tax: o.tax_cents,
    tipAmount: o.tip_cents,
    total: o.total_cents,
    currency: o.currency,
    tender: o.tender,
    starsEarned: o.stars_earned,
    starsSpent: o.stars_spent,
    guest: o.guest,
    arrival: o.arrived_at ? { stallNumber: o.arrival_stall, pickUpOption: o.arrival_pickup_option ?? 'CX', arrivedAt: new Date(o.arrived_at).toISOString(), displayName: o.arrival_display_name ?? '' } : null,
  };
}

/** an order the caller may see: the owner's session, or the order token (guests); else null (→ ORDER_NOT_FOUND) */
export async function visibleOrder(db: Queryable, orderId: string, who: { userId: string | null; orderToken?: string | null }): Promise<OrderRow | null> {
  const r = await db.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [orderId]);
  const o = r.rows[0];
  if (!o) return null;
  if (who.userId && o.user_id === who.userId) return o;
  if (who.orderToken && (await orderIdOfToken(db, who.orderToken)) === orderId) return o;
  return null;
}

/**
 * The order a token opens: the first token (orders.order_token_hash, the one the confirmation email carries) or one
 * issued by a replay of the submit (order_replay_tokens); undefined for any other token.
 */
export async function orderIdOfToken(db: Queryable, token: string): Promise<string | undefined> {
  const h = hashOrderToken(token);
  const r = await db.query<{ order_id: string }>(
    `select order_id from orders where order_token_hash = $1
     union all select order_id from order_replay_tokens where token_hash = $1 limit 1`,
    [h],
  );
  return r.rows[0]?.order_id;
}

/** the order a token opens (orderIdOfToken), whole */
export async function orderOfToken(db: Queryable, token: string): Promise<OrderRow | undefined> {
  const id = await orderIdOfToken(db, token);
  return id === undefined ? undefined : (await db.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [id])).rows[0];
}

/** the store's current wait: open orders in its queue push the range up (spec 4 wait labels) */
export async function storeWait(db: Queryable, short: string, option: PickupOptionCode, at: Date = now()): Promise<WaitEstimate> {
  const r = await db.query<{ n: number }>(`select count(*)::int as n from orders where short_number = $1 and ready_estimate_at > $2 and placed_at > $3`, [short, at, new Date(at.getTime() - 3600_000)]);
  const queue = r.rows[0]?.n ?? 0;
  const extra = option === 'DT' ? 2 : option === 'CX' ? 3 : 0;
  const min = PREP_MINUTES + Math.ceil(queue / 2) + extra;
  const max = min + 5;
  return { minMinutes: min, maxMinutes: max, label: waitLabel(min, max) };
}

export function pickupOptions(ctx: StoreCtx): Array<{ code: PickupOptionCode; name: string; available: boolean }> {
  return (['16', 'DT', 'CX'] as const)
    .filter((code) => ctx.row.pickup_options.some((p) => p.code === code))
    .map((code) => ({ code, name: PICKUP_OPTION_NAMES[code], available: code !== 'CX' || ctx.row.mobile_ordering.curbsideAvailability === 'available' }));
}

const SLOT_MS = ORDERING_LIMITS.timeSlotMinutes * 60_000;
/** slot starts from the next whole slot at least one slot ahead, up to one hour ahead */
export function slotStarts(at: Date): Date[] {
  const first = Math.ceil((at.getTime() + SLOT_MS) / SLOT_MS) * SLOT_MS;
  const out: Date[] = [];
  for (let t = first; t <= at.getTime() + ORDERING_LIMITS.timeSlotWindowMinutes * 60_000; t += SLOT_MS) out.push(new Date(t));
  return out;
}

export function slotLabel(start: Date, timeZone: string): string {
  const a = localTime(start, timeZone).minutes;
  return `${formatTime(a)} - ${formatTime(a + ORDERING_LIMITS.timeSlotMinutes)}`;
}

export async function timeSlots(db: Queryable, ctx: StoreCtx, at: Date = now()): Promise<TimeSlot[]> {
  const starts = slotStarts(at);
  const booked = new Map(
    (await db.query<{ slot_start: Date; booked: number }>('select slot_start, booked from time_slot_bookings where short_number = $1 and slot_start = any($2::timestamptz[])', [ctx.short, starts])).rows.map((r) => [
      new Date(r.slot_start).getTime(),
      r.booked,
    ]),
  );
  return starts.map((s) => ({
    slotStart: s.toISOString(),
    slotEnd: new Date(s.getTime() + SLOT_MS).toISOString(),
    label: slotLabel(s, ctx.row.time_zone_id),
    available: storeOpenAt(ctx, s) && (booked.get(s.getTime()) ?? 0) < ORDERING_LIMITS.timeSlotCapacity,
  }));
}

/** 'ok', 'past' (110000: the slot went by or filled) or 'invalid' (TIME_UNAVAILABLE: not a slot of this store) */
export function checkSlot(ctx: StoreCtx, slotStart: Date, at: Date): 'ok' | 'past' | 'invalid' {
  if (slotStart.getTime() % SLOT_MS !== 0) return 'invalid';
  if (slotStart.getTime() < at.getTime() + SLOT_MS) return 'past';
  if (slotStart.getTime() > at.getTime() + ORDERING_LIMITS.timeSlotWindowMinutes * 60_000) return 'invalid';
  if (!storeOpenAt(ctx, slotStart)) return 'invalid';
  return 'ok';
}
