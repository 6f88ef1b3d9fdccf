/**
 * `npm run sim:eta` (docs/order-status.md 4.4): a simulated busy morning at one store, to show how far the ETA model
 * (server/ordering/eta.ts) is from the ready times the console would record, beside today's rule (the storeWait
 * estimate: 4 minutes + one per two orders in the last hour's queue, fixed at submit).
 *
 * Pure and deterministic (mulberry32 from the seed's prng.ts, seed 29): no server, no database. 06:30–10:30:
 * Poisson arrivals whose rate rises from 0.35 a minute to PEAK_PER_MINUTE (0.9) at 08:00 and falls after; 15 % scheduled 20–50 minutes
 * ahead; baskets from the seeded menu (server/db/seed/menu.ts products, prep seconds of prep-times.ts; 1–4 items,
 * drinks 75 %, 30 % customised); the true time of an item = its seeded time × the store's speed (1.25, unknown to the
 * model, which starts at k = 1) × lognormal noise (σ = 0.25, mean 1); two baristas take due orders first in, first
 * out; the simulated console records start and ready, which teaches k (learnK) and recomputes every open order's
 * estimate (estimateAll), as recomputeStoreEta does on each transition.
 *
 * Prints, for the estimate at placement and the last estimate before ready (today's rule never changes after
 * submit): orders, mean absolute error, median, p90 and bias (estimate − ready, mean) in minutes, and k every 20
 * ready orders. `--json` prints the result object; `--seed N`, `--minutes N`, `--peak N` change the run.
 */
import { fileURLToPath } from 'node:url';
import { mulberry32, type Rng } from '../server/db/seed/prng.ts';
import { buildMenuRows } from '../server/db/seed/menu.ts';
import { OPTION_PREP_SECONDS_BY_GROUP, PREP_SECONDS_BY_KIND } from '../server/db/seed/prep-times.ts';
import type { Kind } from '../server/db/seed/menu-data.ts';
import { estimateAll, estimateNew, learnK, workSeconds, type QueuedOrder, type WorkLine } from '../server/ordering/eta.ts';

/**
 * The design's 1.6 orders a minute at 08:00 (docs/order-status.md 4.4) overloads two baristas with these baskets
 * (an average order is some 2½ minutes of true work): the queue grows past an hour (`--peak 1.6` shows it). 0.9 a
 * minute keeps the store busy (waits of 10–25 minutes at the peak) and drains by 10:30.
 */
export const PEAK_PER_MINUTE = 0.9;
const BASE_PER_MINUTE = 0.35;
const STORE_SPEED = 1.25;
const SIGMA = 0.25;
const BARISTAS = 2;
const SCHEDULED_SHARE = 0.15;

const DRINK_KINDS: Kind[] = ['brewed', 'shot', 'espresso', 'iced-espresso', 'cold-brew', 'hot-tea', 'tea-latte', 'iced-tea', 'refresher', 'blended', 'hot-chocolate'];
const FOOD_KINDS: Kind[] = ['bakery', 'breakfast', 'lunch', 'snack', 'cold-drink'];
const SIZES_BY_KIND: Record<string, string[]> = { hot: ['short', 'tall', 'grande', 'venti'], iced: ['tall', 'grande', 'venti', 'trenta'] };
const CUSTOM_GROUPS = ['espresso', 'syrups', 'sauces', 'toppings'];

export interface ErrorStats {
  count: number;
  mae: number;
  median: number;
  p90: number;
  bias: number;
}
export interface SimResult {
  seed: number;
  minutes: number;
  orders: number;
  storeSpeed: number;
  finalK: number;
  kTrajectory: number[];
  meanWaitMinutes: number;
  model: { placement: ErrorStats; last: ErrorStats };
  today: { placement: ErrorStats };
}

/** arrivals per minute at minute m after 06:30: a ramp to the peak at 08:00 (m = 90), then down to 40 % of it at 10:30 */
export function arrivalRate(m: number, peak = PEAK_PER_MINUTE): number {
  if (m <= 90) return BASE_PER_MINUTE + (peak - BASE_PER_MINUTE) * (m / 90);
  return Math.max(BASE_PER_MINUTE, peak - (peak * 0.6 * (m - 90)) / 150);
}

function lognormal(rng: Rng): number {
  const z = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Math.exp(SIGMA * z - (SIGMA * SIGMA) / 2);
}

interface SimOrder extends QueuedOrder {
  trueSeconds: number;
  readyAt: number | null;
  firstEstimate: number;
  lastEstimate: number;
  todayEstimate: number;
}

function stats(errorsMs: number[]): ErrorStats {
  const mins = errorsMs.map((e) => e / 60_000);
  const abs = mins.map(Math.abs).sort((a, b) => a - b);
  const q = (p: number) => abs[Math.min(abs.length - 1, Math.floor(p * abs.length))] ?? 0;
  const r = (x: number) => Math.round(x * 100) / 100;
  return { count: mins.length, mae: r(abs.reduce((s, x) => s + x, 0) / (abs.length || 1)), median: r(q(0.5)), p90: r(q(0.9)), bias: r(mins.reduce((s, x) => s + x, 0) / (mins.length || 1)) };
}

export function simulateMorning(opts: { seed?: number; minutes?: number; peak?: number } = {}): SimResult {
  const seed = opts.seed ?? 29;
  const minutes = opts.minutes ?? 240;
  const rng = mulberry32(seed);
  const menu = buildMenuRows();
  const productsOf = (kinds: Kind[]) => menu.products.filter((p) => p.orderable && !p.hidden && kinds.includes(menu.kinds.get(p.product_number)!));
  const drinks = productsOf(DRINK_KINDS);
  const food = productsOf(FOOD_KINDS);

  // arrivals: a Poisson process by thinning, one candidate per second
  const start = Date.parse('2026-11-24T14:30:00Z'); // 06:30 in Seattle
  const orders: SimOrder[] = [];
  for (let t = 0; t < minutes * 60; t++) {
    if (!rng.chance(arrivalRate(t / 60, opts.peak) / 60)) continue;
    const at = start + t * 1000;
    const n = rng.weighted([[1, 50], [2, 30], [3, 14], [4, 6]] as const);
    const lines: WorkLine[] = [];
    let trueSeconds = 0;
    for (let i = 0; i < n; i++) {
      const p = rng.chance(0.75) ? rng.pick(drinks) : rng.pick(food);
      const kind = menu.kinds.get(p.product_number)!;
      const form = menu.forms.find((f) => f.product_number === p.product_number)!.form_code;
      const sizeCode = SIZES_BY_KIND[form] ? rng.pick(SIZES_BY_KIND[form]!) : 'each';
      const custom = DRINK_KINDS.includes(kind) && rng.chance(0.3);
      const line: WorkLine = {
        prepSeconds: p.prep_seconds ?? PREP_SECONDS_BY_KIND[kind],
        sizeCode,
        quantity: rng.chance(0.1) ? 2 : 1,
        options: custom ? [{ unitsAboveDefault: rng.int(1, 2), prepSeconds: OPTION_PREP_SECONDS_BY_GROUP[rng.pick(CUSTOM_GROUPS)]! }] : [],
      };
      lines.push(line);
      trueSeconds += workSeconds([line]) * STORE_SPEED * lognormal(rng);
    }
    const scheduled = rng.chance(SCHEDULED_SHARE) ? Math.ceil((at + rng.int(20, 50) * 60_000) / 300_000) * 300_000 : null;
    orders.push({ orderId: `o${String(orders.length).padStart(4, '0')}`, placedAt: at, scheduledFor: scheduled, status: 'placed', startedAt: null, work: workSeconds(lines), trueSeconds: Math.round(trueSeconds), readyAt: null, firstEstimate: 0, lastEstimate: 0, todayEstimate: 0 });
  }

  let k = 1;
  const kTrajectory: number[] = [1];
  const open: SimOrder[] = [];
  const finished: SimOrder[] = [];
  const baristas: Array<{ order: SimOrder | null; until: number }> = Array.from({ length: BARISTAS }, () => ({ order: null, until: 0 }));
  const params = () => ({ stations: BARISTAS, k });
  const recompute = (now: number) => {
    const next = estimateAll(open, params(), now);
    for (const o of open) o.lastEstimate = next.get(o.orderId)!;
  };
  let next = 0;
  for (let now = start; next < orders.length || open.length; now += 1000) {
    let changed = false;
    // ready: the console records it; k learns; the order leaves the queue
    for (const b of baristas) {
      if (!b.order || b.until > now) continue;
      const o = b.order;
      o.readyAt = now;
      k = learnK(k, { startedAt: o.startedAt, readyAt: now, work: o.work }) ?? k;
      open.splice(open.indexOf(o), 1);
      finished.push(o);
      if (finished.length % 20 === 0) kTrajectory.push(Math.round(k * 1000) / 1000);
      b.order = null;
      changed = true;
    }
    // placements: the model's first estimate (estimateNew) and today's rule
    while (next < orders.length && orders[next]!.placedAt <= now) {
      const o = orders[next++]!;
      o.firstEstimate = o.lastEstimate = estimateNew({ orderId: o.orderId, work: o.work, scheduledFor: o.scheduledFor }, open, params(), now);
      const queue = [...open, ...finished].filter((x) => x.todayEstimate > now && x.placedAt > now - 3600_000).length;
      o.todayEstimate = o.scheduledFor ?? now + (4 + Math.ceil(queue / 2)) * 60_000;
      open.push(o);
    }
    // free baristas take the first due order (a scheduled one when its work would end at its slot)
    for (const b of baristas) {
      if (b.order) continue;
      const o = open.find((x) => x.status === 'placed' && (x.scheduledFor === null || x.scheduledFor - x.trueSeconds * 1000 <= now));
      if (!o) break;
      o.status = 'preparing';
      o.startedAt = now;
      b.order = o;
      b.until = now + o.trueSeconds * 1000;
      changed = true;
    }
    if (changed) recompute(now);
  }

  const err = (pick: (o: SimOrder) => number) => finished.map((o) => pick(o) - o.readyAt!);
  return {
    seed,
    minutes,
    orders: finished.length,
    storeSpeed: STORE_SPEED,
    finalK: Math.round(k * 1000) / 1000,
    kTrajectory,
    meanWaitMinutes: Math.round((finished.reduce((s, o) => s + (o.readyAt! - (o.scheduledFor ?? o.placedAt)), 0) / finished.length / 60_000) * 100) / 100,
    model: { placement: stats(err((o) => o.firstEstimate)), last: stats(err((o) => o.lastEstimate)) },
    today: { placement: stats(err((o) => o.todayEstimate)) },
  };
}

function main() {
  const args = process.argv.slice(2);
  const num = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : undefined;
  };
  const r = simulateMorning({ seed: num('--seed'), minutes: num('--minutes'), peak: num('--peak') });
  if (args.includes('--json')) {
    console.log(JSON.stringify(r, null, 2));
    return;
  }
  const row = (name: string, s: ErrorStats) => `${name.padEnd(34)} ${String(s.count).padStart(6)} ${s.mae.toFixed(2).padStart(7)} ${s.median.toFixed(2).padStart(7)} ${s.p90.toFixed(2).padStart(7)} ${s.bias.toFixed(2).padStart(7)}`;
  console.log(`simulated morning: seed ${r.seed}, ${r.minutes} min of arrivals (peak ${opts().peak}/min at 08:00), ${BARISTAS} baristas, store speed ${r.storeSpeed} (model starts at k = 1)`);
  console.log(`orders ${r.orders}, mean wait (placement or slot → ready) ${r.meanWaitMinutes} min`);
  console.log(`${'estimate (minutes)'.padEnd(34)} ${'orders'.padStart(6)} ${'MAE'.padStart(7)} ${'median'.padStart(7)} ${'p90'.padStart(7)} ${'bias'.padStart(7)}`);
  console.log(row("today's rule (storeWait, at submit)", r.today.placement));
  console.log(row('ETA model at placement', r.model.placement));
  console.log(row('ETA model, last before ready', r.model.last));
  console.log(`k every 20 ready orders: ${r.kTrajectory.join(' → ')}`);
  function opts() {
    return { peak: num('--peak') ?? PEAK_PER_MINUTE };
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
