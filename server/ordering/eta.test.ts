process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { item, memberWithCard, op, priceInput, sku, submitInput } from './test-helpers.ts';
import { signIn } from '../test/accounts.ts';
import { DEMO_PASSWORD } from '../db/seed/users.ts';
import { estimate, estimateAll, estimateNew, isDue, learnK, remainingSeconds, workSeconds, type QueuedOrder } from './eta.ts';
import { simulateMorning } from '../../scripts/simulate-eta.ts';
import { fitPayload } from './submit.ts';
import type { ConsoleOrder } from '../../contracts/order-status.ts';

/**
 * The ETA model (docs/order-status.md section 4): the formula of 4.1 as expectation tables, the learning of 4.3,
 * the simulated morning of 4.4 (the new estimate beats today's rule), and on both databases: a console transition
 * gives the orders behind new estimates, writes their `eta` events and the tracker shows them.
 */
const T0 = Date.parse('2026-11-24T16:00:00Z');
const P = { stations: 2, k: 1 };
const o = (id: string, over: Partial<QueuedOrder> = {}): QueuedOrder => ({ orderId: id, placedAt: T0, scheduledFor: null, status: 'placed', startedAt: null, work: 100, ...over });
const s = (ms: number) => (ms - T0) / 1000; // seconds after T0

describe('W(o): work seconds', () => {
  it.each([
    ['one grande latte', [{ prepSeconds: 90, sizeCode: 'grande', quantity: 1, options: [] }], 90],
    ['a venti costs 1.15', [{ prepSeconds: 100, sizeCode: 'venti', quantity: 1, options: [] }], 115],
    ['a short costs 0.9', [{ prepSeconds: 90, sizeCode: 'short', quantity: 1, options: [] }], 81],
    ['a second identical item costs half', [{ prepSeconds: 90, sizeCode: 'grande', quantity: 2, options: [] }], 135],
    ['two extra shots at 10 s', [{ prepSeconds: 90, sizeCode: 'tall', quantity: 1, options: [{ unitsAboveDefault: 2, prepSeconds: 10 }] }], 110],
    ['fewer pumps than the default cost nothing', [{ prepSeconds: 90, sizeCode: 'tall', quantity: 1, options: [{ unitsAboveDefault: -2, prepSeconds: 3 }] }], 90],
    [
      'two lines add',
      [
        { prepSeconds: 30, sizeCode: 'tall', quantity: 1, options: [] },
        { prepSeconds: 150, sizeCode: 'grande', quantity: 1, options: [{ unitsAboveDefault: 1, prepSeconds: 8 }] },
      ],
      188,
    ],
  ])('%s', (_name, lines, expected) => {
    expect(workSeconds(lines)).toBe(expected);
  });
});

describe('4.1: estimates', () => {
  it.each([
    // name, order, queue, expected seconds after T0 (now = T0 + 60 s unless said)
    ['alone: k·W + 30 s', o('a', { work: 90 }), [], 60 + 90 + 30],
    ['behind two placed orders on two stations: their work / 2', o('c', { placedAt: T0 + 2 }), [o('a'), o('b', { placedAt: T0 + 1 })], 60 + 200 / 2 + 100 + 30],
    ['the same on one station', o('c', { placedAt: T0 + 2 }), [o('a'), o('b', { placedAt: T0 + 1 })], 60 + 200 + 100 + 30, { stations: 1, k: 1 }],
    ['k = 1.5 scales every work', o('b', { placedAt: T0 + 1 }), [o('a')], 60 + 150 / 2 + 150 + 30, { stations: 2, k: 1.5 }],
    ['an order placed later is not ahead', o('a'), [o('b', { placedAt: T0 + 1, work: 500 })], 60 + 100 + 30],
    ['equal placed times: the order id breaks the tie', o('b'), [o('a', { work: 200 })], 60 + 100 + 100 + 30],
    ['a preparing order ahead counts what is left', o('b', { placedAt: T0 + 1 }), [o('a', { status: 'preparing', startedAt: T0, work: 100 })], 60 + 40 / 2 + 100 + 30],
    ['… never less than 15 % of its work', o('b', { placedAt: T0 + 1 }), [o('a', { status: 'preparing', startedAt: T0 - 600_000, work: 100 })], 60 + 15 / 2 + 100 + 30],
    ['preparing: now + what is left', o('a', { status: 'preparing', startedAt: T0, work: 100 }), [], 60 + 40],
    ['a scheduled order ahead, not due yet, is not counted', o('b', { placedAt: T0 + 1 }), [o('a', { scheduledFor: T0 + 3600_000 })], 60 + 100 + 30],
    ['a scheduled order ahead and due is counted', o('b', { placedAt: T0 + 1 }), [o('a', { scheduledFor: T0 + 100_000 })], 60 + 100 / 2 + 100 + 30],
    ['scheduled: its slot when the queue is short', o('a', { scheduledFor: T0 + 1800_000 }), [], 1800],
    ['scheduled: later than its slot when the queue is long', o('b', { placedAt: T0 + 1, scheduledFor: T0 + 300_000 }), [o('a', { work: 1000 })], 60 + 1000 / 2 + 100 + 30],
  ] as Array<[string, QueuedOrder, QueuedOrder[], number, { stations: number; k: number }?]>)('%s', (_name, order, queue, expected, p = P) => {
    expect(s(estimate(order, [...queue, order], p, T0 + 60_000))).toBeCloseTo(expected, 6);
  });

  it('remaining work and due-ness', () => {
    expect(remainingSeconds(o('a'), { stations: 2, k: 2 }, T0)).toBe(200);
    expect(remainingSeconds(o('a', { status: 'preparing', startedAt: T0 }), P, T0 + 30_000)).toBe(70);
    // due when slot − k·W ≤ now: 100 s of work for a slot 100 s away
    expect(isDue(o('a', { scheduledFor: T0 + 100_000 }), P, T0 - 1)).toBe(false);
    expect(isDue(o('a', { scheduledFor: T0 + 100_000 }), P, T0)).toBe(true);
    expect(isDue(o('a', { scheduledFor: T0 + 100_000 }), { stations: 2, k: 0.5 }, T0)).toBe(false);
    expect(isDue(o('a', { scheduledFor: T0 + 100_000, status: 'preparing' }), P, T0)).toBe(true);
  });

  it('estimateAll gives every order its estimate in whole seconds; estimateNew puts the new order last', () => {
    const q = [o('a'), o('b', { placedAt: T0 + 1 })];
    const all = estimateAll(q, P, T0 + 500);
    expect([...all.keys()]).toEqual(['a', 'b']);
    expect(s(all.get('a')!)).toBe(131);
    expect(s(all.get('b')!)).toBe(181);
    expect(s(estimateNew({ orderId: '0', work: 100, scheduledFor: null }, q, P, T0))).toBe(100 + 100 + 30);
  });
});

describe('4.3: k learns from the recorded ready times', () => {
  it.each([
    ['ready in exactly W: moves towards 1', 2, 100, 100, 1.8],
    ['1.5 × slower: k 1 → 1.1', 1, 100, 150, 1.1],
    ['r is clamped to 4', 1, 100, 10_000, 1.6],
    ['r is clamped to 0.3', 1, 100, 1, 0.86],
    ['k stays ≥ 0.5', 0.5, 100, 1, 0.5],
    ['k stays ≤ 3', 3, 100, 10_000, 3],
  ])('%s', (_name, k, work, took, expected) => {
    expect(learnK(k, { startedAt: T0, readyAt: T0 + took * 1000, work })).toBeCloseTo(expected, 6);
  });
  it('nothing to learn without a start or work', () => {
    expect(learnK(1, { startedAt: null, readyAt: T0, work: 100 })).toBeNull();
    expect(learnK(1, { startedAt: T0, readyAt: T0 + 1000, work: 0 })).toBeNull();
  });
  it('converges on a store 1.25 × slower than the seeded times', () => {
    let k = 1;
    for (let i = 0; i < 30; i++) k = learnK(k, { startedAt: T0, readyAt: T0 + 125_000, work: 100 })!;
    expect(k).toBeCloseTo(1.25, 2);
  });
});

describe('4.4: the simulated busy morning', () => {
  it('k converges towards the store speed and the new estimate beats today’s rule at placement', () => {
    const r = simulateMorning({ seed: 29, minutes: 150 });
    expect(r.orders).toBeGreaterThan(80);
    expect(r.model.placement.mae).toBeLessThan(r.today.placement.mae);
    expect(r.model.last.mae).toBeLessThan(r.model.placement.mae);
    // k is a moving average of noisy ratios: after the first 40 orders it stays around the store's speed
    const later = r.kTrajectory.slice(2);
    expect(later.length).toBeGreaterThan(2);
    expect(Math.abs(later.reduce((a, b) => a + b, 0) / later.length - r.storeSpeed)).toBeLessThan(0.1);
  });
});

async function staffClient(app: ReturnType<typeof appFor>, email: string) {
  const c = testClient(app);
  const r = await signIn(c, email, DEMO_PASSWORD);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return c;
}

describe('the placed event', () => {
  it('fits the 4 KB payload check: a large basket loses its customisation lines, then its last items; a small one is unchanged', () => {
    const item = (i: number) => ({ name: `Caffè Latte ${i}`, sizeName: 'Grande', quantity: 1, customisations: ['Oatmilk', 'Extra shot', 'Vanilla Syrup ×3', 'Whipped Cream', 'Caramel Drizzle'] });
    const card = (n: number): ConsoleOrder => ({ orderId: 'ord_abcdefghijkl', shortId: 'ghijkl', name: 'Sam', pickupOption: '16', scheduledFor: null, placedAt: '2026-11-24T19:00:00.000Z', status: 'placed', readyEstimateAt: '2026-11-24T19:03:00.000Z', items: Array.from({ length: n }, (_, i) => item(i)), arrival: null, total: 9999, currency: 'USD', tender: 'SVC' });
    expect(fitPayload(card(2))).toEqual(card(2));
    const big = fitPayload(card(60));
    expect(JSON.stringify({ order: big }).length).toBeLessThanOrEqual(3800);
    expect(big.items[0]!.customisations).toEqual([]);
    expect(big.items.length).toBeGreaterThan(10);
  });
});

const NOON = new Date('2026-11-24T19:00:00Z');
const STORE = '10005'; // two stations (no store_prep_profiles row), members only, open at noon
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');

forEachDb('ordering: ETA on transitions', ({ db }) => {
  beforeAll(() => setNow(NOON));
  afterAll(() => setNow(null));

  it('a console Start moves the orders behind: new estimates, eta events on their streams, the tracker shows them; Ready teaches k', async () => {
    const app = appFor(db());
    const c = testClient(app);
    const card = await memberWithCard(c, 207);
    const placed: Array<{ orderId: string; readyEstimateAt: string }> = [];
    for (let i = 0; i < 3; i++) {
      setNow(new Date(NOON.getTime() + i * 1000)); // first in, first out: placed a second apart
      const p = await op(c, 'price-order', priceInput(STORE, [item(LATTE(), 3)]));
      expect(p.json.errors, JSON.stringify(p.json.errors)).toBeUndefined();
      const r = await op(c, 'submit-order', submitInput(p.data.orderId, STORE, { tender: 'SVC', id: card.cardId, amount: p.data.summary.price }));
      expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
      placed.push(r.data.order);
    }
    // each estimate at submit is the queue ahead on two stations: W = 90 × 2 = 180 s per order (three lattes)
    const at = placed.map((p, i) => (Date.parse(p.readyEstimateAt) - NOON.getTime()) / 1000 - i);
    expect(at).toEqual([180 + 30, 180 / 2 + 180 + 30, 360 / 2 + 180 + 30]);
    const rows = (await db().query<{ driven_by: string; work_seconds: number }>('select driven_by, work_seconds from orders where order_id = any($1::text[])', [placed.map((p) => p.orderId)])).rows;
    expect(rows).toEqual(placed.map(() => ({ driven_by: 'console', work_seconds: 180 })));

    // ten minutes later the barista starts the first: the two behind move (now + the queue ahead), and each gets an eta event
    const later = new Date(NOON.getTime() + 600_000);
    setNow(later);
    const barista = await staffClient(app, `barista.${STORE}@example.com`);
    const started = await barista.post(`/apiproxy/v1/store/${STORE}/orders/${placed[0]!.orderId}/start`, { expectedStatus: 'placed' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const events = async () =>
      (await db().query<{ order_id: string; kind: string; payload: { readyEstimateAt: string } }>(`select order_id, kind, payload from store_events where short_number = $1 and kind in ('eta', 'status') order by id`, [STORE])).rows;
    const e1 = await events();
    expect(e1.map((e) => [e.order_id, e.kind])).toEqual([
      [placed[1]!.orderId, 'eta'],
      [placed[2]!.orderId, 'eta'],
      [placed[0]!.orderId, 'status'],
    ]);
    const sec = (iso: string) => (Date.parse(iso) - later.getTime()) / 1000;
    expect(e1.map((e) => sec(e.payload.readyEstimateAt))).toEqual([180 / 2 + 180 + 30, (180 + 180) / 2 + 180 + 30, 180]);
    const tracker = await c.get(`/apiproxy/v1/ordering/orders/${placed[2]!.orderId}/tracker`);
    expect([tracker.json.status, tracker.json.readyEstimateAt, tracker.json.drivenBy]).toEqual(['placed', e1[1]!.payload.readyEstimateAt, 'console']);

    // ready four minutes after the start (240 s for 180 s of work): k 1 → 0.8 + 0.2 × 4/3, the order behind is estimated with it
    const readyAt = new Date(later.getTime() + 240_000);
    setNow(readyAt);
    expect((await barista.post(`/apiproxy/v1/store/${STORE}/orders/${placed[0]!.orderId}/ready`, { expectedStatus: 'preparing' })).status).toBe(200);
    const profile = (await db().query<{ k_factor: number; samples: number }>('select k_factor, samples from store_prep_profiles where short_number = $1', [STORE])).rows[0]!;
    const k = 0.8 + 0.2 * (240 / 180);
    expect([Number(profile.k_factor), profile.samples]).toEqual([expect.closeTo(k, 5), 1]);
    const behind = (await db().query<{ ready_estimate_at: Date }>('select ready_estimate_at from orders where order_id = $1', [placed[1]!.orderId])).rows[0]!;
    expect((new Date(behind.ready_estimate_at).getTime() - readyAt.getTime()) / 1000).toBe(Math.round(k * 180 + 30));
  });
});
