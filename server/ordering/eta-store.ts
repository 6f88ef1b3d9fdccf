import type { Queryable } from '../db/db.ts';
import type * as v from 'valibot';
import { ETA_EVENT_MIN_CHANGE_S, type EtaEventData, type OrderStatus } from '../../contracts/order-status.ts';
import type { PricedItem } from '../../contracts/ordering-checkout.ts';
import { defaultQuantityOf, type Catalog } from './catalog.ts';
import { PREP_MINUTES, statusAt, type OrderRow } from './orders.ts';
import { appendStoreEvent } from './events.ts';
import { DEFAULT_K, DEFAULT_STATIONS, DEFAULT_WORK_SECONDS, estimateAll, estimateNew, learnK, workSeconds, type QueuedOrder, type StoreParams, type WorkLine } from './eta.ts';

/**
 * The ETA model applied to a store (docs/order-status.md 4.2, 4.3): its open orders read in one query (the partial
 * index orders_store_open), estimated with eta.ts, written to `ready_estimate_at`, and an `eta` event on the order's
 * stream for every console-driven order whose estimate moved by ETA_EVENT_MIN_CHANGE_S or more (the customer's
 * tracker updates). Callers hold the store lock (events.ts lockStore): transitionIn does.
 */

/** orders older than this are not counted in a queue (an order nobody handed off must not hold every estimate up) */
export const QUEUE_HORIZON_MS = 6 * 3600_000;

type QueueRow = Pick<OrderRow, 'order_id' | 'status' | 'status_set_at' | 'ready_estimate_at' | 'placed_at' | 'scheduled_for'> & {
  driven_by: 'clock' | 'console';
  started_at: Date | null;
  work_seconds: number | null;
};

export async function storeParams(db: Queryable, short: string): Promise<StoreParams & { samples: number }> {
  const r = await db.query<{ stations: number; k_factor: number; samples: number }>('select stations, k_factor, samples from store_prep_profiles where short_number = $1', [short]);
  const row = r.rows[0];
  return { stations: row ? Number(row.stations) : DEFAULT_STATIONS, k: row ? Number(row.k_factor) : DEFAULT_K, samples: row ? Number(row.samples) : 0 };
}

const consoleDriven = (o: Pick<QueueRow, 'driven_by' | 'status_set_at'>) => o.driven_by === 'console' || o.status_set_at !== null;

/** the store's open orders as the model sees them: the stored status when console-driven, else the clock's (statusAt) */
export async function storeQueue(db: Queryable, short: string, at: Date): Promise<Array<QueuedOrder & { row: QueueRow }>> {
  const r = await db.query<QueueRow>(
    `select order_id, status, status_set_at, ready_estimate_at, placed_at, scheduled_for, driven_by, started_at, work_seconds
       from orders where short_number = $1 and status in ('placed', 'preparing') and placed_at > $2 and placed_at <= $3`,
    [short, new Date(at.getTime() - QUEUE_HORIZON_MS), at],
  );
  const out: Array<QueuedOrder & { row: QueueRow }> = [];
  for (const row of r.rows) {
    const status: OrderStatus = consoleDriven(row) ? row.status : statusAt(row, at);
    if (status !== 'placed' && status !== 'preparing') continue;
    const ready = new Date(row.ready_estimate_at).getTime();
    // a clock-driven order started at the clock's boundary (statusAt: PREP_MINUTES before its estimate)
    const started = row.started_at ? new Date(row.started_at).getTime() : status === 'preparing' ? Math.max(new Date(row.placed_at).getTime() + 60_000, ready - PREP_MINUTES * 60_000) : null;
    out.push({
      orderId: row.order_id,
      placedAt: new Date(row.placed_at).getTime(),
      scheduledFor: row.scheduled_for ? new Date(row.scheduled_for).getTime() : null,
      status,
      startedAt: started,
      work: row.work_seconds ?? DEFAULT_WORK_SECONDS,
      row,
    });
  }
  return out;
}

/** W(o) of priced lines (a quote's or an order's), with the catalog's prep seconds and option defaults */
export function workOfLines(cat: Catalog, lines: readonly Pick<PricedItem, 'productNumber' | 'formCode' | 'sizeCode' | 'quantity' | 'childItems'>[]): number {
  const work: WorkLine[] = lines.map((l) => {
    const product = cat.products.get(l.productNumber);
    const links = cat.links.get(l.productNumber);
    return {
      prepSeconds: product?.prep_seconds ?? 60,
      sizeCode: l.sizeCode,
      quantity: l.quantity,
      options: (l.childItems ?? []).map((ch) => {
        const option = cat.options.get(ch.optionProductNumber);
        const link = links?.get(ch.optionProductNumber);
        const def = link ? defaultQuantityOf(link, l.formCode, l.sizeCode) : 0;
        return { unitsAboveDefault: ch.quantity - def, prepSeconds: option?.prep_seconds ?? 0 };
      }),
    };
  });
  return workSeconds(work);
}

/** the first estimate of an order being placed (submit): the queue ahead of it now, its work, the store's k and stations */
export async function estimateForNew(db: Queryable, short: string, o: { orderId: string; work: number; scheduledFor: Date | null }, at: Date): Promise<Date> {
  const p = await storeParams(db, short);
  const queue = await storeQueue(db, short, at);
  return new Date(estimateNew({ orderId: o.orderId, work: o.work, scheduledFor: o.scheduledFor ? o.scheduledFor.getTime() : null }, queue, p, at.getTime()));
}

export interface RecomputeResult {
  /** order id → new estimate, for every open order recomputed */
  estimates: Map<string, Date>;
  /** orders that got an `eta` event */
  moved: string[];
}

/**
 * New estimates for the store's open console-driven orders (clock-driven ones keep their estimate: it is what moves
 * their status); `eta` events for those that moved ≥ ETA_EVENT_MIN_CHANGE_S, except `quiet` (the order whose own
 * `status` event carries its estimate).
 */
export async function recomputeStoreEta(tx: Queryable, short: string, at: Date, opts: { quiet?: string; actor?: string } = {}): Promise<RecomputeResult> {
  const p = await storeParams(tx, short);
  const queue = await storeQueue(tx, short, at);
  const next = estimateAll(queue, p, at.getTime());
  const estimates = new Map<string, Date>();
  const moved: string[] = [];
  for (const o of queue) {
    if (!consoleDriven(o.row)) continue;
    const t = next.get(o.orderId)!;
    estimates.set(o.orderId, new Date(t));
    const before = new Date(o.row.ready_estimate_at).getTime();
    if (t === before) continue;
    await tx.query('update orders set ready_estimate_at = $2 where order_id = $1', [o.orderId, new Date(t)]);
    if (o.orderId === opts.quiet || Math.abs(t - before) < ETA_EVENT_MIN_CHANGE_S * 1000) continue;
    const data: v.InferOutput<typeof EtaEventData> = { orderId: o.orderId, readyEstimateAt: new Date(t).toISOString() };
    await appendStoreEvent(tx, { short, orderId: o.orderId, kind: 'eta', data, actor: opts.actor ?? 'system' });
    moved.push(o.orderId);
  }
  return { estimates, moved };
}

/** 4.3: on `ready` of a started order with recorded work, k moves by α towards the observed speed (the profile row is locked) */
export async function learnFromReady(tx: Queryable, short: string, o: { startedAt: Date | null; readyAt: Date; work: number | null }): Promise<number | null> {
  if (!o.startedAt || !o.work) return null;
  await tx.query('insert into store_prep_profiles (short_number) values ($1) on conflict do nothing', [short]);
  const row = (await tx.query<{ k_factor: number }>('select k_factor from store_prep_profiles where short_number = $1 for update', [short])).rows[0]!;
  const k = learnK(Number(row.k_factor), { startedAt: o.startedAt.getTime(), readyAt: o.readyAt.getTime(), work: o.work });
  if (k === null) return null;
  await tx.query('update store_prep_profiles set k_factor = $2, samples = samples + 1, updated_at = $3 where short_number = $1', [short, k, o.readyAt]);
  return k;
}
