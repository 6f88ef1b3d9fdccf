process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Db } from '../db/db.ts';
import { anotherProcess, appFor, forEachDb, testClient, until } from '../test/db.ts';
import { createMember, saveCard } from '../cards/test-helpers.ts';
import { item, op, priceInput, sku, submitInput } from './test-helpers.ts';
import { EventsPoll, StoreEvent, TrackerResponse } from '../../contracts/order-status.ts';
import { hubFor, type StreamHub } from './stream.ts';
import { appendStoreEvent } from './events.ts';
import { transitionOrder } from './status.ts';
import { openSseStream } from '../test/sse.ts';

/**
 * docs/order-status.md 3.4 and 6 ("survives reload, dropped connection, server restart"; "an update crossing
 * processes"): the order stream on both databases: a status change made through the dev board (transitionOrder)
 * reaches an open stream; Last-Event-ID (header or ?lastEventId=) replays the missed events in order, once; more
 * than the replay maximum behind answers reset; heartbeats while idle; the per-order, per-IP and process limits;
 * a client disconnect and the shutdown's endAll remove the subscriber; a wrong token and another member's order are
 * 404. PostgreSQL: an event written through one pool (another process) reaches a subscriber of another app on its
 * own pool through LISTEN/NOTIFY.
 */
type App = ReturnType<typeof appFor>;
type C = ReturnType<typeof testClient>;
const STORE = '10003';

/** the order stream's frames, with its events parsed by the contract */
function openStream(app: App, path: string, headers: Record<string, string> = {}) {
  const s = openSseStream(app, path, headers);
  return { ...s, parsed: () => s.events().filter((f) => f.event !== 'reset').map((f) => v.parse(StoreEvent, JSON.parse(f.data!))) };
}

async function placeOrder(c: C) {
  const method = await saveCard(c);
  const quote = await op(c, 'price-order', priceInput(STORE, [item(sku('Pike Place Roast', 'tall'))]));
  expect(quote.json.errors, JSON.stringify(quote.json.errors)).toBeUndefined();
  const placed = await op(c, 'submit-order', submitInput(quote.data.orderId, STORE, { tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: quote.data.summary.price }));
  expect(placed.json.errors, JSON.stringify(placed.json.errors)).toBeUndefined();
  return { orderId: quote.data.orderId as string, orderToken: placed.data.order.orderToken as string };
}

forEachDb('order status stream', ({ db: getDb, backend }) => {
  let db: Db;
  let app: App;
  let c: C;
  let hub: StreamHub;
  let order: { orderId: string; orderToken: string };
  const eventsPath = () => `/apiproxy/v1/ordering/orders/${order.orderId}/events`;
  const advance = async (id = order.orderId) => (await c.post(`/apiproxy/v1/dev/orders/${id}/advance`)).json.status as string;

  beforeAll(async () => {
    db = getDb();
    hub = hubFor(db, { heartbeatMs: 100, maxPerOrder: 3, maxPerIp: 5, maxPerProcess: 50, replayMax: 5, sweepMs: 60_000 });
    app = appFor(db);
    c = testClient(app);
    await createMember(c);
    order = await placeOrder(c);
  });
  afterAll(async () => {
    await hub.stop();
  });

  it('a status change through the dev board reaches the open stream; the snapshot names where to resume', async () => {
    const snap0 = await c.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`);
    expect(snap0.status).toBe(200);
    const t0 = v.parse(TrackerResponse, snap0.json);
    expect([t0.status, t0.lastEventId, t0.storeNumber.startsWith(STORE)]).toEqual(['placed', 0, true]);

    const s = openStream(app, eventsPath(), { 'x-order-token': order.orderToken, 'x-forwarded-for': '203.0.113.1' });
    const res = await s.ready;
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'text/event-stream; charset=utf-8', 'no-store']); // the API's middleware sets no-store on every /apiproxy answer;
    expect(await until(() => s.frames.length > 0)).toBe(true);
    expect(s.frames[0]!.retry).toBe(2000);
    expect(await advance()).toBe('preparing');
    expect(await until(() => s.events().length === 1)).toBe(true);
    const [e] = s.parsed();
    expect(e).toMatchObject({ kind: 'status', orderId: order.orderId, status: 'preparing' });
    expect(s.events()[0]!.event).toBe('status');
    s.close();

    const snap = v.parse(TrackerResponse, (await c.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`)).json);
    expect([snap.status, snap.lastEventId, snap.drivenBy]).toEqual(['preparing', e!.id, 'console']);
  });

  it('Last-Event-ID replays the missed events in order, once; ?lastEventId= works as the header; the poll answers the same', async () => {
    const first = v.parse(TrackerResponse, (await c.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`)).json).lastEventId;
    expect(await advance()).toBe('ready');
    expect(await advance()).toBe('picked_up');
    const s = openStream(app, eventsPath(), { 'x-order-token': order.orderToken, 'last-event-id': String(first), 'x-forwarded-for': '203.0.113.2' });
    await s.ready;
    expect(await until(() => s.events().length >= 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(s.parsed().map((e) => e.kind === 'status' && e.status)).toEqual(['ready', 'picked_up']);
    const ids = s.parsed().map((e) => e.id);
    expect(ids[0]! > first && ids[1]! > ids[0]!).toBe(true);
    s.close();

    const q = openStream(app, `${eventsPath()}?lastEventId=${ids[0]}`, { 'x-order-token': order.orderToken, 'x-forwarded-for': '203.0.113.2' });
    await q.ready;
    expect(await until(() => q.events().length >= 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(q.parsed().map((e) => e.id)).toEqual([ids[1]]);
    q.close();

    const poll = await c.get(`/apiproxy/v1/ordering/orders/${order.orderId}/events.json?after=${first}`, { headers: { 'x-order-token': order.orderToken } });
    const p = v.parse(EventsPoll, poll.json);
    expect([p.events.map((e) => e.id), p.lastEventId, p.reset]).toEqual([ids, ids[1], false]);
    // a picked-up order does not move again: the board leaves it
    expect(await advance()).toBe('picked_up');
  });

  it('more than the replay maximum behind answers reset with the current id (stream and poll)', async () => {
    const o = await placeOrder(c);
    const short = STORE;
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = await db.transaction((tx) => appendStoreEvent(tx, { short, orderId: o.orderId, kind: 'eta', data: { orderId: o.orderId, readyEstimateAt: new Date().toISOString() }, actor: 'system' }));
    }
    const s = openStream(app, `/apiproxy/v1/ordering/orders/${o.orderId}/events`, { 'x-order-token': o.orderToken, 'x-forwarded-for': '203.0.113.3' });
    await s.ready;
    expect(await until(() => s.events().length >= 1)).toBe(true);
    expect([s.events()[0]!.event, s.events()[0]!.id, JSON.parse(s.events()[0]!.data!)]).toEqual(['reset', last, { lastEventId: last }]);
    s.close();
    const p = v.parse(EventsPoll, (await c.get(`/apiproxy/v1/ordering/orders/${o.orderId}/events.json?after=0`, { headers: { 'x-order-token': o.orderToken } })).json);
    expect([p.events.length, p.lastEventId, p.reset]).toEqual([0, last, true]);
  });

  it('heartbeats arrive while idle', async () => {
    const s = openStream(app, eventsPath(), { 'x-order-token': order.orderToken, 'x-forwarded-for': '203.0.113.4' });
    await s.ready;
    expect(await until(() => s.frames.filter((f) => f.comment === 'hb').length >= 2, 3000)).toBe(true);
    s.close();
  });

  it('the 4th stream of one order is 429, the 6th from one IP is 429, past the process maximum 503; a disconnect frees its place', async () => {
    const o2 = await placeOrder(c);
    const h = (ip: string, token = order.orderToken) => ({ 'x-order-token': token, 'x-forwarded-for': ip });
    expect(await until(() => hub.size === 0)).toBe(true);
    const open = [0, 1, 2].map(() => openStream(app, eventsPath(), h('198.51.100.7')));
    await Promise.all(open.map((s) => s.ready));
    expect(open.map((s) => s.status())).toEqual([200, 200, 200]);
    const fourth = await openStream(app, eventsPath(), h('198.51.100.8')).ready;
    expect([fourth.status, (await fourth.json()).code, fourth.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '5']);
    const more = [0, 1].map(() => openStream(app, `/apiproxy/v1/ordering/orders/${o2.orderId}/events`, h('198.51.100.7', o2.orderToken)));
    await Promise.all(more.map((s) => s.ready));
    expect(more.map((s) => s.status())).toEqual([200, 200]);
    const sixth = await openStream(app, `/apiproxy/v1/ordering/orders/${o2.orderId}/events`, h('198.51.100.7', o2.orderToken)).ready;
    expect([sixth.status, (await sixth.json()).code]).toEqual([429, 'RATE_LIMITED']);
    expect(hub.size).toBe(5);
    // a client disconnect removes the subscriber
    open[0]!.close();
    expect(await until(() => hub.size === 4)).toBe(true);
    const again = openStream(app, eventsPath(), h('198.51.100.9'));
    await again.ready;
    expect(again.status()).toBe(200);
    for (const s of [...open, ...more, again]) s.close();
    expect(await until(() => hub.size === 0)).toBe(true);
    // the process maximum (a separate hub with maxPerProcess 1 on the same database)
    const small = new (hub.constructor as typeof StreamHub)(db, { maxPerProcess: 1, maxPerIp: 0, maxPerOrder: 0 });
    await small.subscribe({ kind: 'stock', short: STORE }, 0, { write: () => 0, close: () => undefined }, 'x');
    expect(() => small.admit({ kind: 'stock', short: STORE }, 'y')).toThrow(expect.objectContaining({ status: 503, code: 'STREAMS_FULL' }));
    await small.stop();
  });

  it('the hub ends every stream at shutdown with a final comment', async () => {
    const other = new (hub.constructor as typeof StreamHub)(db, {});
    const frames: string[] = [];
    let closed = 0;
    const dec = new TextDecoder();
    for (let i = 0; i < 3; i++) await other.subscribe({ kind: 'order', short: STORE, orderId: order.orderId }, 0, { write: (b) => (frames.push(dec.decode(b)), 0), close: () => void closed++ }, `10.0.0.${i}`);
    expect(other.size).toBe(3);
    await other.stop();
    expect([other.size, closed, frames.filter((f) => f === ': bye\n\n').length]).toEqual([0, 3, 3]);
    // a stopped hub admits no one
    expect(() => other.admit({ kind: 'stock', short: STORE }, 'z')).toThrow(expect.objectContaining({ status: 503 }));
  });

  it('a consumer past its buffer is closed', async () => {
    const small = new (hub.constructor as typeof StreamHub)(db, { bufferBytes: 10 });
    let closed = false;
    await small.subscribe({ kind: 'order', short: STORE, orderId: order.orderId }, 0, { write: () => 11, close: () => void (closed = true) }, 'q');
    expect([closed, small.size]).toEqual([true, 0]);
    await small.stop();
  });

  it('a wrong token, no token and another member are 404; a bad id or token shape is 400; the stock stream of an unknown store 404', async () => {
    const stranger = testClient(app);
    await createMember(stranger);
    const wrong = 'ot_' + 'A'.repeat(32);
    for (const r of [
      await openStream(app, eventsPath(), { 'x-order-token': wrong }).ready,
      await openStream(app, eventsPath()).ready,
    ])
      expect([r.status, (await r.json()).code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await stranger.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`)).status).toBe(404);
    expect((await stranger.get(`/apiproxy/v1/ordering/orders/${order.orderId}/events.json`)).status).toBe(404);
    expect((await c.get('/apiproxy/v1/ordering/orders/nope/tracker')).status).toBe(400);
    expect((await c.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`, { headers: { 'x-order-token': 'bad' } })).status).toBe(400);
    expect((await c.get(`/apiproxy/v1/ordering/orders/${order.orderId}/events.json?after=x`)).status).toBe(400);
    expect((await openStream(app, eventsPath(), { 'last-event-id': 'abc', 'x-order-token': order.orderToken }).ready).status).toBe(400);
    expect((await openStream(app, '/apiproxy/v1/ordering/stores/99999/stock-events').ready).status).toBe(404);
  });

  it('a stock event reaches the store stock stream (and not an order stream)', async () => {
    const s = openStream(app, `/apiproxy/v1/ordering/stores/${STORE}/stock-events`, { 'x-forwarded-for': '203.0.113.9' });
    await s.ready;
    expect(await until(() => s.frames.length > 0)).toBe(true);
    const id = await db.transaction((tx) => appendStoreEvent(tx, { short: STORE, orderId: null, kind: 'stock', data: { productNumber: 1, availability: 'SoldOut' }, actor: 'system' }));
    expect(await until(() => s.events().length === 1)).toBe(true);
    expect(s.parsed()).toEqual([{ id, kind: 'stock', productNumber: 1, availability: 'SoldOut' }]);
    s.close();
  });

  if (backend === 'postgres') {
    it('PostgreSQL: a status change through one process reaches a subscriber of another process (LISTEN/NOTIFY)', async () => {
      const o = await placeOrder(c);
      const db2 = await anotherProcess(db, 3);
      const app2 = appFor(db2);
      const hub2 = hubFor(db2, {});
      try {
        const s = openStream(app2, `/apiproxy/v1/ordering/orders/${o.orderId}/events`, { 'x-order-token': o.orderToken, 'x-forwarded-for': '203.0.113.10' });
        await s.ready;
        expect(await until(() => s.frames.length > 0)).toBe(true);
        // the change through process 1 (its own pool)
        expect(await advance(o.orderId)).toBe('preparing');
        expect(await until(() => s.events().length === 1)).toBe(true);
        expect(s.parsed()[0]).toMatchObject({ kind: 'status', orderId: o.orderId, status: 'preparing' });
        s.close();
      } finally {
        await hub2.stop();
        await db2.close();
      }
    });

    it('PostgreSQL: 10 parallel Starts of one order move it once and write one event', async () => {
      const o = await placeOrder(c);
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => transitionOrder(db, { orderId: o.orderId, short: STORE, action: 'start', expected: 'placed', actor: 'dev' })));
      expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(9).fill('ORDER_STATUS_CONFLICT'));
      const n = await db.query<{ n: number }>(`select count(*)::int as n from store_events where order_id = $1 and kind = 'status'`, [o.orderId]);
      expect(n.rows[0]!.n).toBe(1);
    });
  }
});
