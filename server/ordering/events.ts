import type { Queryable } from '../db/db.ts';
import { StoreEvent, type ConsoleOrder, type StoreEventKind } from '../../contracts/order-status.ts';
import { orderLines, statusAt, type OrderRow } from './orders.ts';

/**
 * The store event log (docs/order-status.md 3.1): every status change, placement, ETA move, curbside arrival and
 * stock switch is one row of `store_events`, written in the writer's transaction through `harbor_store_event`
 * (per-store advisory lock, so ids of one store commit in id order) and announced at commit by NOTIFY
 * `harbor_store` '<short>:<id>'. The row id is the SSE id; the stream hub (stream.ts) reads rows, never payloads
 * from notifications.
 */

/** the per-store lock every writer of a store event or of a store's orders takes first (one lock order: no deadlock) */
export async function lockStore(tx: Queryable, short: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('store_events:' || $1, 0))`, [short]);
}

export type EventData = Record<string, unknown>;

/** appends one event in the caller's transaction; answers its id */
export async function appendStoreEvent(tx: Queryable, e: { short: string; orderId: string | null; kind: StoreEventKind; data: EventData; actor: string | null }): Promise<number> {
  const r = await tx.query<{ id: number | string }>('select harbor_store_event($1, $2, $3, $4::jsonb, $5) as id', [e.short, e.orderId, e.kind, JSON.stringify(e.data), e.actor]);
  return Number(r.rows[0]!.id);
}

export interface EventRow {
  id: number;
  short_number: string;
  order_id: string | null;
  kind: StoreEventKind;
  payload: EventData;
}
export const EVENT_COLUMNS = 'id, short_number, order_id, kind, payload';

/** the wire shape of a row: `{ id, kind, ...payload }`, checked against the contract (a bad row is skipped, logged) */
export function toStoreEvent(r: EventRow): StoreEvent | null {
  const payload = typeof r.payload === 'string' ? (JSON.parse(r.payload) as EventData) : r.payload;
  const candidate = { ...payload, id: Number(r.id), kind: r.kind };
  const ok = StoreEvent['~standard'].validate(candidate);
  if ('then' in ok || ok.issues) {
    console.error(`[store-events] event ${r.id} (${r.kind}) does not match its contract: skipped`);
    return null;
  }
  return ok.value;
}

export const normaliseRow = (r: EventRow): EventRow => ({ ...r, id: Number(r.id) });

/** the highest event id of a scope (0 when none) */
export async function lastEventIdOf(db: Queryable, scope: { orderId: string } | { short: string; stockOnly?: boolean }): Promise<number> {
  const r =
    'orderId' in scope
      ? // the kinds the order's stream carries (the console's `placed` card is not one: docs/order-status.md 3.7)
        await db.query<{ m: number | string | null }>(`select max(id) as m from store_events where order_id = $1 and kind in ('status', 'eta', 'arrival')`, [scope.orderId])
      : await db.query<{ m: number | string | null }>(`select max(id) as m from store_events where short_number = $1${scope.stockOnly ? ` and kind = 'stock'` : ''}`, [scope.short]);
  return Number(r.rows[0]?.m ?? 0);
}

/** the console card of an order (no email, no payment details beyond the tender kind) */
export async function consoleOrder(db: Queryable, o: OrderRow & { guest_first_name?: string | null }, at: Date): Promise<ConsoleOrder> {
  const lines = (await orderLines(db, [o.order_id])).get(o.order_id) ?? [];
  const name = o.user_id
    ? ((await db.query<{ first_name: string | null }>('select first_name from users where id = $1', [o.user_id])).rows[0]?.first_name ?? '')
    : ((await db.query<{ n: string | null }>('select guest_first_name as n from orders where order_id = $1', [o.order_id])).rows[0]?.n ?? '');
  const status = statusAt(o, at);
  return {
    orderId: o.order_id,
    shortId: o.order_id.slice(-6),
    name,
    pickupOption: o.collection_type,
    scheduledFor: o.scheduled_for ? new Date(o.scheduled_for).toISOString() : null,
    placedAt: new Date(o.placed_at).toISOString(),
    status,
    readyEstimateAt: status === 'placed' || status === 'preparing' ? new Date(o.ready_estimate_at).toISOString() : null,
    items: lines.map((l) => ({
      name: l.name,
      sizeName: l.sizeName ?? l.sizeCode,
      quantity: l.quantity,
      customisations: (l.childItems ?? []).map((ch) => (ch.quantity > 1 ? `${ch.quantity}× ${ch.name}` : ch.name)),
    })),
    arrival: o.arrived_at ? { stallNumber: o.arrival_stall, displayName: o.arrival_display_name ?? '', arrivedAt: new Date(o.arrived_at).toISOString() } : null,
    total: o.total_cents,
    currency: o.currency,
    tender: o.tender,
  };
}
