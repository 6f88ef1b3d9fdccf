import { ETA_K_ALPHA, ETA_K_MAX, ETA_K_MIN } from '../../contracts/order-status.ts';

/**
 * The ETA model (docs/order-status.md section 4), pure: no database, no clock. `eta-store.ts` applies it to a store's
 * open orders (recomputeStoreEta), submit uses `estimateNew` for a new order, and scripts/simulate-eta.ts runs it on
 * a simulated morning.
 *
 *   W(o) = Σ lines [ prep(size) + Σ options units-above-default × prep(option) ] × (1 + 0.5·(quantity − 1))
 *   R(x) = k·W(x) when placed; max(k·W(x) − (now − started), 0.15·k·W(x)) when preparing
 *   ETA(o placed, due)     = now + Σ_{x ahead of o, due} R(x) / stations + k·W(o) + 30 s
 *   ETA(o preparing)       = now + R(o)
 *   ETA(o scheduled, slot) = max(slot, the as-soon-as-possible ETA as if due now)
 * and k, the store's speed against the seeded times, learns from every recorded start → ready (`learnK`).
 */

/** seconds added to a placed order's estimate: the hand-off (name called, lid, bag) */
export const HANDOFF_SECONDS = 30;
/** a preparing order is never counted as less than this share of its work (a started drink is not done yet) */
export const MIN_REMAINING_SHARE = 0.15;
/** a second identical item costs half of the first */
export const EXTRA_ITEM_SHARE = 0.5;
/** the work of an order whose work was not recorded at submit (orders placed before migration 084) */
export const DEFAULT_WORK_SECONDS = 120;
/** store defaults when it has no store_prep_profiles row */
export const DEFAULT_STATIONS = 2;
export const DEFAULT_K = 1;

const SIZE_FACTORS: Record<string, number> = { short: 0.9, tall: 1, grande: 1, venti: 1.15, trenta: 1.25 };
export const sizeFactor = (sizeCode: string): number => SIZE_FACTORS[sizeCode] ?? 1;

export interface WorkLine {
  /** menu_products.prep_seconds */
  prepSeconds: number;
  sizeCode: string;
  quantity: number;
  /** options with units above their default, each with its per-unit seconds */
  options: Array<{ unitsAboveDefault: number; prepSeconds: number }>;
}

/** W(o): the order's work in seconds at the seeded times (k = 1) */
export function workSeconds(lines: readonly WorkLine[]): number {
  let w = 0;
  for (const l of lines) {
    const one = l.prepSeconds * sizeFactor(l.sizeCode) + l.options.reduce((s, o) => s + Math.max(0, o.unitsAboveDefault) * o.prepSeconds, 0);
    w += one * (1 + EXTRA_ITEM_SHARE * (Math.max(1, l.quantity) - 1));
  }
  return Math.round(w);
}

export interface StoreParams {
  stations: number;
  k: number;
}

/** an open order as the model sees it (times in epoch milliseconds) */
export interface QueuedOrder {
  orderId: string;
  placedAt: number;
  scheduledFor: number | null;
  status: 'placed' | 'preparing';
  startedAt: number | null;
  work: number;
}

/** R(x): the seconds of work left on an open order */
export function remainingSeconds(x: QueuedOrder, p: StoreParams, now: number): number {
  const full = p.k * x.work;
  if (x.status === 'placed') return full;
  const elapsed = x.startedAt === null ? 0 : Math.max(0, (now - x.startedAt) / 1000);
  return Math.max(full - elapsed, MIN_REMAINING_SHARE * full);
}

/** due: as soon as possible, or scheduled and its work should have started (slot − k·W ≤ now); a started order is due */
export function isDue(x: QueuedOrder, p: StoreParams, now: number): boolean {
  if (x.status === 'preparing' || x.scheduledFor === null) return true;
  return x.scheduledFor - p.k * x.work * 1000 <= now;
}

/** first in, first out: placed earlier, then the order id */
const ahead = (x: QueuedOrder, o: QueuedOrder) => x.placedAt < o.placedAt || (x.placedAt === o.placedAt && x.orderId < o.orderId);

/** the estimate of one order against the queue (o may or may not be in it); epoch milliseconds */
export function estimate(o: QueuedOrder, queue: readonly QueuedOrder[], p: StoreParams, now: number): number {
  if (o.status === 'preparing') return now + remainingSeconds(o, p, now) * 1000;
  const stations = Math.max(1, p.stations);
  let before = 0;
  for (const x of queue) {
    if (x.orderId === o.orderId || !ahead(x, o) || !isDue(x, p, now)) continue;
    before += remainingSeconds(x, p, now);
  }
  const asap = now + (before / stations + p.k * o.work + HANDOFF_SECONDS) * 1000;
  return o.scheduledFor === null ? asap : Math.max(o.scheduledFor, asap);
}

/** every open order's estimate (epoch milliseconds, whole seconds) */
export function estimateAll(queue: readonly QueuedOrder[], p: StoreParams, now: number): Map<string, number> {
  return new Map(queue.map((o) => [o.orderId, Math.round(estimate(o, queue, p, now) / 1000) * 1000]));
}

/** the estimate of a new order placed now (it is last in the queue) */
export function estimateNew(o: Omit<QueuedOrder, 'status' | 'startedAt' | 'placedAt'>, queue: readonly QueuedOrder[], p: StoreParams, now: number): number {
  const last = queue.reduce((m, x) => Math.max(m, x.placedAt), now);
  return Math.round(estimate({ ...o, status: 'placed', startedAt: null, placedAt: last + 1 }, queue, p, now) / 1000) * 1000;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The correction by what the console records (4.3): r = (ready − started) / W clamped to [0.3, 4];
 * k ← clamp((1 − α)·k + α·r, 0.5, 3). Null when there is nothing to learn from (no start, no work).
 */
export function learnK(k: number, o: { startedAt: number | null; readyAt: number; work: number }): number | null {
  if (o.startedAt === null || o.work <= 0 || o.readyAt <= o.startedAt) return null;
  const r = clamp((o.readyAt - o.startedAt) / 1000 / o.work, 0.3, 4);
  return clamp((1 - ETA_K_ALPHA) * k + ETA_K_ALPHA * r, ETA_K_MIN, ETA_K_MAX);
}

/** the whole minute a customer is shown ('Ready around 8:14'): rounded up */
export const displayMinute = (ms: number): number => Math.ceil(ms / 60_000) * 60_000;
