process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser, signIn } from '../test/accounts.ts';
import { setNow } from '../clock.ts';
import { DEMO_PASSWORD } from '../db/seed/users.ts';
import { seedStaffIfEmpty } from '../db/seed/seed.ts';
import { purgeExpiredAuthData } from '../auth/cleanup.ts';
import { item, memberWithCard, op, priceInput, productNo, sku, submitInput } from './test-helpers.ts';
import { OrderStatusMessages } from '../../contracts/order-status-messages.ts';

const ALL_DAY = '10003';
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');


async function place(c: C, cardId: string, store = ALL_DAY, items = [item(LATTE())]) {
  const p = await op(c, 'price-order', priceInput(store, items));
  expect(p.json.errors, JSON.stringify(p.json.errors)).toBeUndefined();
  const s = await op(c, 'submit-order', submitInput(p.data.orderId, store, { tender: 'SVC', id: cardId, amount: p.data.summary.price }));
  expect(s.json.errors, JSON.stringify(s.json.errors)).toBeUndefined();
  return s.data.order as { orderId: string; total: number; starsEarned: number };
}
const act = (c: C, store: string, orderId: string, action: string, expectedStatus: string, extra: Record<string, unknown> = {}) =>
  c.post(`/apiproxy/v1/store/${store}/orders/${orderId}/${action}`, { expectedStatus, ...extra });

/**
 * The barista console (issue 29, docs/order-status.md 3.5–3.7) on PGlite and PostgreSQL: seeded staff, the staff
 * role on the session, the guard (401 signed out, 403 STAFF_ONLY for customers and other stores' staff).
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

type C = ReturnType<typeof testClient>;
export async function staffClient(app: ReturnType<typeof appFor>, email: string): Promise<C> {
  const c = testClient(app);
  const r = await signIn(c, email, DEMO_PASSWORD);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return c;
}

forEachDb('ordering: staff', ({ db }) => {
  it('seeds a barista per Seattle fixture store and a lead on 10003 and 10006; the session lists the staff stores, a customer none', async () => {
    const rows = (await db().query<{ email: string; short_number: string; role: string }>(
      'select u.email, s.short_number, s.role from staff_members s join users u on u.id = s.user_id order by u.email, s.short_number',
    )).rows;
    expect(rows.map((r) => `${r.email} ${r.short_number} ${r.role}`)).toEqual([
      ...['10001', '10002', '10003', '10004', '10005', '10006', '10007', '10008'].map((s) => `barista.${s}@example.com ${s} barista`),
      'lead.10003@example.com 10003 lead',
      'lead.10003@example.com 10006 lead',
    ]);
    const app = appFor(db());
    const lead = await staffClient(app, 'lead.10003@example.com');
    expect((await lead.get('/apiproxy/v1/session')).json).toMatchObject({ signedIn: true, user: { firstName: 'Lead' }, staffStores: ['10003', '10006'] });
    const barista = await staffClient(app, 'barista.10001@example.com');
    expect((await barista.get('/apiproxy/v1/session')).json.staffStores).toEqual(['10001']);
    const member = testClient(app);
    await createUser(member);
    expect((await member.get('/apiproxy/v1/session')).json.staffStores).toEqual([]);
    expect((await testClient(app).get('/apiproxy/v1/session')).json).toEqual({ signedIn: false, user: null, mfaVerifiedAt: null, staffStores: [] });
  });

  it('seedStaffIfEmpty: nothing in production or when staff exist; tops up a database seeded before the console', async () => {
    expect(await seedStaffIfEmpty(db(), { APP_ENV: 'production' })).toBe(0);
    expect(await seedStaffIfEmpty(db(), {})).toBe(0); // rows exist
    await db().query('delete from staff_members');
    expect(await seedStaffIfEmpty(db(), { APP_ENV: 'production' })).toBe(0);
    expect((await db().query('select 1 from staff_members')).rows).toHaveLength(0);
    expect(await seedStaffIfEmpty(db(), {})).toBe(10); // the users exist already: only the rows come back
    expect((await db().query(`select count(*)::int as n from users where email like 'barista.%@example.com' or email = 'lead.10003@example.com'`)).rows[0]).toEqual({ n: 9 });
  });
});

forEachDb('ordering: console', ({ db, backend }) => {
  it('signed out 401, a customer 403 STAFF_ONLY, another store\'s barista 403, unknown store 404, the store\'s barista 200: queue, every action, stock', async () => {
    const app = appFor(db());
    const member = testClient(app);
    const card = await memberWithCard(member, 207);
    const order = await place(member, card.cardId);
    const other = await staffClient(app, 'barista.10001@example.com');
    const calls = (c: C) => [
      c.get(`/apiproxy/v1/store/${ALL_DAY}/orders`),
      ...['start', 'ready', 'hand-off', 'cancel'].map((a) => act(c, ALL_DAY, order.orderId, a, 'placed')),
      c.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${productNo('Glazed Doughnut')}`, { soldOut: true }),
    ];
    for (const r of await Promise.all(calls(testClient(app)))) expect([r.status, r.json.code]).toEqual([401, 'UNAUTHORIZED']);
    for (const c of [member, other]) {
      for (const r of await Promise.all(calls(c))) expect([r.status, r.json]).toEqual([403, { code: 'STAFF_ONLY', message: OrderStatusMessages.staffOnly }]);
    }
    expect((await db().query('select status from orders where order_id = $1', [order.orderId])).rows[0]).toEqual({ status: 'placed' });
    const barista = await staffClient(app, 'barista.10003@example.com');
    expect((await barista.get('/apiproxy/v1/store/99999/orders')).json.code).toBe('STORE_NOT_FOUND');
    expect((await barista.get('/apiproxy/v1/store/not-a-store/orders')).status).toBe(400);
    const q = await barista.get('/apiproxy/v1/store/10003-10103/orders');
    expect(q.status).toBe(200);
    expect(q.json).toMatchObject({ storeNumber: '10003-10103', storeName: expect.any(String), timeZone: expect.any(String), lastEventId: expect.any(Number) });
    const cardOf = q.json.orders.find((o: { orderId: string }) => o.orderId === order.orderId);
    expect(cardOf).toEqual({
      orderId: order.orderId,
      shortId: order.orderId.slice(-6),
      name: 'Casey',
      pickupOption: '16',
      scheduledFor: null,
      placedAt: NOON.toISOString(),
      status: 'placed',
      readyEstimateAt: expect.any(String),
      items: [{ name: 'Caffè Latte', sizeName: 'Grande', quantity: 1, customisations: [] }],
      arrival: null,
      total: order.total,
      currency: 'USD',
      tender: 'SVC',
    });
    expect(JSON.stringify(q.json)).not.toMatch(/@example\.com|ot_|7777/); // no email, token or card number
    expect(q.json.stock.find((s: { name: string }) => s.name === 'Caffè Latte')).toMatchObject({ soldOut: false, categoryName: expect.any(String) });
    // the lead of 10003 and 10006 is staff of both; not of 10001
    const lead = await staffClient(app, 'lead.10003@example.com');
    expect((await lead.get('/apiproxy/v1/store/10006/orders')).status).toBe(200);
    expect((await lead.get('/apiproxy/v1/store/10001/orders')).status).toBe(403);
    // the role is read at each request: a removed row answers 403 at once
    await db().query(`delete from staff_members where short_number = '10006' and user_id = (select id from users where email = 'lead.10003@example.com')`);
    expect((await lead.get('/apiproxy/v1/store/10006/orders')).json.code).toBe('STAFF_ONLY');
  });

  it('start, ready, hand off move the order once each; a stale expectedStatus is 409 ORDER_STATUS_CONFLICT with the card; another store\'s order 404; bad input 400', async () => {
    const app = appFor(db());
    const member = testClient(app);
    const card = await memberWithCard(member, 208);
    const order = await place(member, card.cardId, ALL_DAY, [item(LATTE(), 2)]);
    const barista = await staffClient(app, 'barista.10003@example.com');
    const start = await act(barista, ALL_DAY, order.orderId, 'start', 'placed');
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    expect(start.json.order).toMatchObject({ orderId: order.orderId, status: 'preparing', items: [{ name: 'Caffè Latte', quantity: 2 }] });
    const again = await act(barista, ALL_DAY, order.orderId, 'start', 'placed');
    expect([again.status, again.json.code, again.json.message, again.json.order.status]).toEqual([409, 'ORDER_STATUS_CONFLICT', OrderStatusMessages.conflict, 'preparing']);
    expect((await act(barista, ALL_DAY, order.orderId, 'hand-off', 'preparing')).json.code).toBe('ORDER_STATUS_CONFLICT'); // not allowed from preparing
    expect((await act(barista, ALL_DAY, order.orderId, 'ready', 'preparing')).json.order.status).toBe('ready');
    expect((await act(barista, ALL_DAY, order.orderId, 'hand-off', 'ready')).json.order.status).toBe('picked_up');
    expect((await act(barista, ALL_DAY, order.orderId, 'cancel', 'picked_up', { reason: 'other' })).json.code).toBe('ORDER_STATUS_CONFLICT');
    expect((await db().query('select status from orders where order_id = $1', [order.orderId])).rows[0]).toEqual({ status: 'picked_up' });
    // each move is one `status` event on the store's stream, by this barista (what the customer's tracker reads)
    const moves = await db().query<{ status: string; who: boolean }>(`select payload->>'status' as status, actor is not null as who from store_events where order_id = $1 and kind = 'status' order by id`, [order.orderId]);
    expect(moves.rows).toEqual([{ status: 'preparing', who: true }, { status: 'ready', who: true }, { status: 'picked_up', who: true }]);
    // still listed for the last hour
    expect((await barista.get(`/apiproxy/v1/store/${ALL_DAY}/orders`)).json.orders.find((o: { orderId: string }) => o.orderId === order.orderId).status).toBe('picked_up');

    const pike = await place(member, card.cardId, '10001');
    const cross = await act(barista, ALL_DAY, pike.orderId, 'start', 'placed');
    expect([cross.status, cross.json.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await act(barista, ALL_DAY, 'ord_doesnotexist00', 'start', 'placed')).json.code).toBe('ORDER_NOT_FOUND');
    for (const [path, body] of [
      [`orders/${pike.orderId}/brew`, { expectedStatus: 'placed' }],
      [`orders/not-an-id/start`, { expectedStatus: 'placed' }],
      [`orders/${pike.orderId}/start`, { expectedStatus: 'brewing' }],
      [`orders/${pike.orderId}/start`, {}],
      [`orders/${pike.orderId}/cancel`, { expectedStatus: 'placed', reason: 'x'.repeat(201) }],
      // a cancel names one of the fixed reasons
      [`orders/${pike.orderId}/cancel`, { expectedStatus: 'placed' }],
      [`orders/${pike.orderId}/cancel`, { expectedStatus: 'placed', reason: 'out of milk' }],
    ] as const) {
      const r = await barista.post(`/apiproxy/v1/store/${ALL_DAY}/${path}`, body);
      expect([path, r.status, r.json.code]).toEqual([path, 400, 'BAD_REQUEST']);
    }
    const csrf = await barista.post(`/apiproxy/v1/store/${ALL_DAY}/orders/${order.orderId}/start`, { expectedStatus: 'placed' }, { csrf: false });
    expect(csrf.status).toBe(403);
  });

  it('submit writes the placed event with the console card: the store stream carries it after the queue\'s lastEventId; the order is console-driven and stays placed', async () => {
    const app = appFor(db());
    const barista = await staffClient(app, 'barista.10003@example.com');
    const before = (await barista.get(`/apiproxy/v1/store/${ALL_DAY}/orders`)).json as { lastEventId: number };
    const member = testClient(app);
    const card = await memberWithCard(member, 211);
    const order = await place(member, card.cardId, ALL_DAY, [item(LATTE(), 2)]);
    const poll = (await barista.get(`/apiproxy/v1/store/${ALL_DAY}/events.json?after=${before.lastEventId}`)).json as { events: Array<{ id: number; kind: string; order?: { orderId: string; status: string; items: Array<{ name: string; quantity: number }> } }> };
    const placed = poll.events.filter((e) => e.kind === 'placed' && e.order?.orderId === order.orderId);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.order).toMatchObject({ orderId: order.orderId, status: 'placed', shortId: order.orderId.slice(-6), items: [{ name: 'Caffè Latte', quantity: 2 }] });
    expect(placed[0]!.id).toBeGreaterThan(before.lastEventId);
    // the tracker: console-driven (the live feed, no clock), still placed an hour later
    setNow(new Date(NOON.getTime() + 3600_000));
    try {
      const t = (await member.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`)).json as { status: string; drivenBy: string; lastEventId: number };
      // the tracker resumes after the kinds its stream carries: the console's placed card is not one
      expect([t.status, t.drivenBy, t.lastEventId]).toEqual(['placed', 'console', 0]);
    } finally {
      setNow(NOON);
    }
    // the customer's order stream never carries the console card
    const mine = (await member.get(`/apiproxy/v1/ordering/orders/${order.orderId}/events.json?after=0`)).json as { events: Array<{ kind: string }> };
    expect(mine.events.map((e) => e.kind)).not.toContain('placed');
    // the store's stream is staff only: a customer 403, another store's barista 403, signed out 401
    expect((await member.get(`/apiproxy/v1/store/${ALL_DAY}/events.json`)).status).toBe(403);
    expect((await member.get(`/apiproxy/v1/store/${ALL_DAY}/events`)).status).toBe(403);
    expect((await (await staffClient(app, 'barista.10001@example.com')).get(`/apiproxy/v1/store/${ALL_DAY}/events.json`)).status).toBe(403);
    expect((await testClient(app).get(`/apiproxy/v1/store/${ALL_DAY}/events.json`)).status).toBe(401);
  });

  it('a curbside check-in writes the arrival event: the store stream and the order stream carry the stall; a refused check-in writes none', async () => {
    const app = appFor(db());
    const CURBSIDE = '10006';
    const lead = await staffClient(app, 'barista.10006@example.com');
    const before = (await lead.get(`/apiproxy/v1/store/${CURBSIDE}/orders`)).json as { lastEventId: number };
    const member = testClient(app);
    const card = await memberWithCard(member, 198); // $45, a card no other test of this file registers
    const q = (await op(member, 'price-order', { storeNumber: CURBSIDE, order: { cart: { items: [item(LATTE())] }, fulfillment: { collectionType: 'CX' } } })).data;
    const s = await op(member, 'submit-order', submitInput(q.orderId, CURBSIDE, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    expect(s.json.errors, JSON.stringify(s.json.errors)).toBeUndefined();
    const arrive = (stallNumber: number) =>
      op(testClient(app), 'create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber: CURBSIDE, orderToken: s.data.order.orderToken, displayName: 'Casey', stallNumber } });
    expect((await arrive(99)).code).toBe('STALL_INVALID');
    expect((await arrive(2)).json.errors).toBeUndefined();
    type Ev = { id: number; kind: string; orderId?: string; stallNumber?: number | null; displayName?: string };
    const storeAnswer = await lead.get(`/apiproxy/v1/store/${CURBSIDE}/events.json?after=${before.lastEventId}`);
    expect(storeAnswer.status, JSON.stringify(storeAnswer.json)).toBe(200);
    const store = (storeAnswer.json as { events: Ev[] }).events;
    const arrivals = store.filter((e) => e.kind === 'arrival');
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0]).toMatchObject({ orderId: q.orderId, stallNumber: 2, displayName: 'Casey' });
    // after the placed card: one lock order, ids in commit order
    expect(arrivals[0]!.id).toBeGreaterThan(store.find((e) => e.kind === 'placed')!.id);
    const mine = ((await member.get(`/apiproxy/v1/ordering/orders/${q.orderId}/events.json?after=0`)).json as { events: Ev[] }).events;
    expect(mine.filter((e) => e.kind === 'arrival').map((e) => e.stallNumber)).toEqual([2]);
    // the console's queue shows it too
    const queue = (await lead.get(`/apiproxy/v1/store/${CURBSIDE}/orders`)).json as { orders: Array<{ orderId: string; arrival: { stallNumber: number } | null }> };
    expect(queue.orders.find((o) => o.orderId === q.orderId)?.arrival?.stallNumber).toBe(2);
    // retention: the cleanup deletes events older than STORE_EVENTS_KEEP_DAYS (2), keeps the newer ones
    await db().query(`update store_events set created_at = now() - interval '2 days 1 minute' where order_id = $1 and kind = 'arrival'`, [q.orderId]);
    await db().query(`update store_events set created_at = now() - interval '1 day 23 hours' where order_id = $1 and kind = 'placed'`, [q.orderId]);
    await purgeExpiredAuthData(db());
    const left = await db().query<{ kind: string }>(`select kind from store_events where order_id = $1 order by id`, [q.orderId]);
    expect(left.rows.map((r) => r.kind)).toEqual(['placed']);
  });

  it("a member checks in by orderId with the owner's session (the tracker's I'm here names its order); anyone else, a wrong pair or neither is refused", async () => {
    const app = appFor(db());
    const CURBSIDE = '10006';
    const lead = await staffClient(app, 'barista.10006@example.com');
    const member = testClient(app);
    const card = await memberWithCard(member, 197);
    const placeCurbside = async () => {
      const q = (await op(member, 'price-order', { storeNumber: CURBSIDE, order: { cart: { items: [item(LATTE())] }, fulfillment: { collectionType: 'CX' } } })).data;
      const s = await op(member, 'submit-order', submitInput(q.orderId, CURBSIDE, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
      expect(s.json.errors, JSON.stringify(s.json.errors)).toBeUndefined();
      return { orderId: q.orderId as string, orderToken: s.data.order.orderToken as string };
    };
    const first = await placeCurbside();
    const second = await placeCurbside(); // the most recent order: the check-in must not fall on it
    const arrive = (c: C, ids: { orderId?: string; orderToken?: string }, stallNumber = 3) =>
      op(c, 'create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber: CURBSIDE, displayName: 'Casey', stallNumber, ...ids } });
    const other = testClient(app);
    await memberWithCard(other, 196);
    expect((await arrive(other, { orderId: first.orderId })).code).toBe('ORDER_NOT_FOUND'); // another member
    expect((await arrive(testClient(app), { orderId: first.orderId })).code).toBe('ORDER_NOT_FOUND'); // signed out
    expect((await arrive(member, { orderId: first.orderId, orderToken: second.orderToken })).code).toBe('ORDER_NOT_FOUND'); // a token of another order
    expect((await arrive(member, {})).code).toBe('BAD_REQUEST');
    const ok = await arrive(member, { orderId: first.orderId });
    expect(ok.json.errors, JSON.stringify(ok.json.errors)).toBeUndefined();
    const stallOf = async (orderId: string) => (await db().query<{ s: number | null }>('select arrival_stall as s from orders where order_id = $1', [orderId])).rows[0]!.s;
    expect([await stallOf(first.orderId), await stallOf(second.orderId)]).toEqual([3, null]);
    // the console's queue shows the arrival on that order's card
    const queue = (await lead.get(`/apiproxy/v1/store/${CURBSIDE}/orders`)).json as { orders: Array<{ orderId: string; arrival: { stallNumber: number } | null }> };
    expect(queue.orders.find((o) => o.orderId === first.orderId)?.arrival?.stallNumber).toBe(3);
    expect(queue.orders.find((o) => o.orderId === second.orderId)?.arrival).toBeNull();
    // a guest's token with its own orderId works as before
    expect((await arrive(testClient(app), { orderId: second.orderId, orderToken: second.orderToken }, 1)).json.errors).toBeUndefined();
  });

  it('cancel refunds the stored-value card through the money core and takes the Stars back; a second cancel is 409', async () => {
    const app = appFor(db());
    const member = testClient(app);
    const card = await memberWithCard(member, 209);
    const balance = async () => (await db().query<{ b: number }>('select balance_cents as b from stored_value_cards where card_id = $1', [card.cardId])).rows[0]!.b;
    const stars = async () => (await db().query<{ balance: number }>('select balance from stars_balances where user_id = (select user_id from orders where order_id = $1)', [order.orderId])).rows[0]?.balance ?? 0;
    const before = await balance();
    const order = await place(member, card.cardId);
    expect(await balance()).toBe(before - order.total);
    const starsBefore = await stars();
    expect(order.starsEarned).toBeGreaterThan(0);
    const barista = await staffClient(app, 'barista.10003@example.com');
    await act(barista, ALL_DAY, order.orderId, 'start', 'placed');
    const r = await act(barista, ALL_DAY, order.orderId, 'cancel', 'preparing', { reason: 'out_of_stock' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.order.status).toBe('cancelled');
    expect(await balance()).toBe(before);
    expect(await stars()).toBe(Math.max(0, starsBefore - order.starsEarned));
    expect((await db().query('select cancel_reason from orders where order_id = $1', [order.orderId])).rows[0]).toEqual({ cancel_reason: 'out_of_stock' });
    // the reason reaches the customer: in the status event (a live tracker) and in the tracker's snapshot
    const ev = await db().query<{ reason: string }>(`select payload->>'cancelReason' as reason from store_events where order_id = $1 and kind = 'status' order by id desc limit 1`, [order.orderId]);
    expect(ev.rows).toEqual([{ reason: 'out_of_stock' }]);
    const snap = await member.get(`/apiproxy/v1/ordering/orders/${order.orderId}/tracker`);
    expect([snap.json.status, snap.json.cancelReason]).toEqual(['cancelled', 'out_of_stock']);
    const again = await act(barista, ALL_DAY, order.orderId, 'cancel', 'preparing', { reason: 'other' });
    expect([again.status, again.json.code, again.json.order.status]).toEqual([409, 'ORDER_STATUS_CONFLICT', 'cancelled']);
    expect(await balance()).toBe(before);
  });

  it.runIf(backend === 'postgres')('PostgreSQL: two tablets start one order at once: one 200, one 409; 10 parallel cancels: one refund', async () => {
    const app = appFor(db());
    const member = testClient(app);
    const card = await memberWithCard(member, 210);
    const balance = async () => (await db().query<{ b: number }>('select balance_cents as b from stored_value_cards where card_id = $1', [card.cardId])).rows[0]!.b;
    const order = await place(member, card.cardId);
    const [a, b] = await Promise.all([staffClient(app, 'barista.10003@example.com'), staffClient(app, 'lead.10003@example.com')]);
    const starts = await Promise.all([act(a, ALL_DAY, order.orderId, 'start', 'placed'), act(b, ALL_DAY, order.orderId, 'start', 'placed')]);
    expect(starts.map((r) => r.status).sort()).toEqual([200, 409]);
    const afterPaid = await balance();
    const cancels = await Promise.all(Array.from({ length: 10 }, (_, i) => act(i % 2 ? a : b, ALL_DAY, order.orderId, 'cancel', 'preparing', { reason: 'store_closing' })));
    expect(cancels.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await balance()).toBe(afterPaid + order.total);
    expect((await db().query(`select count(*)::int as n from card_ledger where idempotency_key = $1`, [`refund-${order.orderId}`])).rows[0]).toEqual({ n: 1 });
  });
});

forEachDb('ordering: sold-out switch', ({ db }) => {
  it('the switch makes price-order answer ITEMS_UNAVAILABLE with the sku and back; never touches NotAvailableHere (409); unknown product 404; idempotent', async () => {
    const app = appFor(db());
    const member = testClient(app);
    await memberWithCard(member, 207);
    const barista = await staffClient(app, 'barista.10003@example.com');
    const latte = productNo('Caffè Latte');
    const on = await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: true });
    expect([on.status, on.json]).toEqual([200, { productNumber: latte, soldOut: true, eventId: expect.any(Number) }]);
    expect((await db().query(`select reason, changed_by is not null as who from store_product_exclusions where short_number = $1 and product_number = $2`, [ALL_DAY, latte])).rows).toEqual([{ reason: 'SoldOut', who: true }]);
    const priced = await op(member, 'price-order', priceInput(ALL_DAY, [item(LATTE())]));
    expect([priced.code, priced.ext?.skus, priced.ext?.soldOut]).toEqual(['ITEMS_UNAVAILABLE', [LATTE()], [LATTE()]]); // issue 30: sold out, told apart from not sold here
    expect((await barista.get(`/apiproxy/v1/store/${ALL_DAY}/orders`)).json.stock.find((s: { productNumber: number }) => s.productNumber === latte).soldOut).toBe(true);
    const stockEvents = async () => (await db().query<{ kind: string; order_id: null; payload: { productNumber: number; availability: string }; who: boolean }>(`select kind, order_id, payload, actor is not null as who from store_events where short_number = $1 and kind = 'stock' order by id`, [ALL_DAY])).rows;
    expect(await stockEvents()).toEqual([{ kind: 'stock', order_id: null, payload: { productNumber: latte, availability: 'SoldOut' }, who: true }]);
    // the answer names the event it wrote (the console's switch shows the saved position until its feed has it)
    expect(on.json.eventId).toBe(Number((await db().query<{ id: string }>(`select max(id) as id from store_events where short_number = $1 and kind = 'stock'`, [ALL_DAY])).rows[0]!.id));
    expect((await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: true })).json.eventId).toBe(0); // again: nothing changes, no event
    expect(await stockEvents()).toHaveLength(1);
    const off = await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: false });
    expect(off.json).toEqual({ productNumber: latte, soldOut: false, eventId: on.json.eventId + 1 });
    expect((await op(member, 'price-order', priceInput(ALL_DAY, [item(LATTE())]))).json.errors).toBeUndefined();
    expect((await stockEvents()).map((e) => e.payload.availability)).toEqual(['SoldOut', 'Available']);

    const pike = await staffClient(app, 'barista.10001@example.com');
    const nitro = await pike.put(`/apiproxy/v1/store/10001/stock/${productNo('Nitro Cold Brew')}`, { soldOut: false });
    expect([nitro.status, nitro.json.code]).toEqual([409, 'PRODUCT_NOT_SOLD_HERE']);
    expect((await db().query(`select reason from store_product_exclusions where short_number = '10001' and product_number = $1`, [productNo('Nitro Cold Brew')])).rows).toEqual([{ reason: 'NotAvailableHere' }]);
    // the seeded sold-out doughnut at 10001 can be switched back on
    expect((await pike.put(`/apiproxy/v1/store/10001/stock/${productNo('Glazed Doughnut')}`, { soldOut: false })).json).toMatchObject({ productNumber: productNo('Glazed Doughnut'), soldOut: false });
    expect((await pike.put('/apiproxy/v1/store/10001/stock/999999', { soldOut: true })).json.code).toBe('PRODUCT_NOT_FOUND');
    expect((await pike.put('/apiproxy/v1/store/10001/stock/abc', { soldOut: true })).status).toBe(400);
    expect((await pike.put(`/apiproxy/v1/store/10001/stock/${latte}`, { soldOut: 'yes' })).status).toBe(400);
  });
});
