process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDERING_LIMITS, OrderingMessages } from '../../contracts/ordering.ts';
import type { Db } from '../db/db.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { cards, createMember, gql, saveCard, tokenize } from '../cards/test-helpers.ts';
import { item, memberWithCard, newKey, op, priceInput, sku, submitInput } from './test-helpers.ts';

const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');
const DRIP = () => sku('Pike Place Roast', 'tall');

type C = ReturnType<typeof testClient>;
async function quote(c: C, items = [item(LATTE())], store = ALL_DAY, guest = false) {
  const r = await op(c, guest ? 'price-order-guest' : 'price-order', priceInput(store, items));
  expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
  return r.data as { orderId: string; summary: { price: number }; isTipEnabled: boolean };
}
const ledgerSum = async (db: () => Db) =>
  (await db().query<{ card_id: string }>(`select c.card_id from stored_value_cards c left join (select card_id, sum(amount_cents) s from card_ledger group by card_id) l on l.card_id = c.card_id where coalesce(l.s, 0) <> c.balance_cents`)).rows;

forEachDb('ordering: submit', ({ db }) => {
  it('pays with the stored-value card: one transaction debits the card, records the order and lines, awards 2 Stars per dollar, emails a confirmation', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 207); // $100
    const q = await quote(c, [item(LATTE(), 2), item(DRIP())]);
    const tip = 100;
    const r = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price + tip }, { tipAmount: tip }));
    expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
    const o = r.data.order;
    expect(o.orderId).toBe(q.orderId);
    expect(o.status).toBe('placed');
    expect(o.total).toBe(q.summary.price + tip);
    expect(o.tipAmount).toBe(tip);
    expect(o.items).toHaveLength(2);
    expect(o.starsEarned).toBe(Math.floor(q.summary.price / 100) * 2);
    expect(o.orderToken).toMatch(/^ot_/);
    expect(r.data.card.balance).toBe(10000 - q.summary.price - tip);
    expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(10000 - q.summary.price - tip);
    const lines = await db().query('select * from order_lines where order_id = $1', [q.orderId]);
    expect(lines.rows).toHaveLength(2);
    const stars = await db().query<{ delta: number; kind: string }>(`select delta, kind from stars_ledger where order_id = $1`, [q.orderId]);
    expect(stars.rows).toEqual([{ delta: o.starsEarned, kind: 'earn' }]);
    const mail = await db().query<{ kind: string; link: string }>(`select kind, link from outbox where kind = 'order-placed' and body like $1`, [`%${q.orderId.slice(-8)}%`]);
    expect(mail.rows).toHaveLength(1);
    // issue 30: a member's email leads to the order's tracker (no token: the member signs in)
    expect(mail.rows[0]!.link).toBe(`/menu/order/${q.orderId}`);
    // the order is the owner's: status, previous orders, pickup time
    const status = await op(c, 'get-order', { orderId: q.orderId });
    expect(status.data.order.status).toBe('placed');
    const prev = await op(c, 'get-previous-orders', { locale: 'en-US', storeNumber: ALL_DAY, limit: 10 });
    expect(prev.data.previousOrders[0].orderId).toBe(q.orderId);
    expect(prev.data.previousOrders[0].orderType).toBe('141');
    expect(prev.data.previousOrders[0].expressOrder).toEqual({ orderToken: null }); // only the token's hash is kept
    // the store's name and time zone and the status now (issue 30: the list names its store and reads the store's time)
    expect(prev.data.previousOrders[0]).toMatchObject({ storeName: o.storeName, status: 'placed', timeZone: expect.stringMatching(/^[A-Z][A-Za-z_]+\/[A-Za-z_]+/) });
    const pickup = await c.get(`/apiproxy/v1/ordering/pickup-time/${q.orderId}/${ALL_DAY}`);
    expect(pickup.status).toBe(200);
    expect(pickup.json.orderTime).toBe(NOON.toISOString());
    expect(pickup.json.wait.label).toMatch(/^[0-9]+-[0-9]+ mins$/);
    // nobody else sees it: another member, a guest without the token; a guest with the token does
    const other = testClient(appFor(db()));
    await createMember(other);
    expect((await op(other, 'get-order', { orderId: q.orderId })).code).toBe('ORDER_NOT_FOUND');
    expect((await other.get(`/apiproxy/v1/ordering/pickup-time/${q.orderId}/${ALL_DAY}`)).status).toBe(404);
    expect((await op(other, 'get-previous-orders', {})).data.previousOrders).toEqual([]);
    const anon = testClient(appFor(db()));
    expect((await op(anon, 'get-order', { orderId: q.orderId })).code).toBe('ORDER_NOT_FOUND');
    expect((await op(anon, 'get-order', { orderId: q.orderId, orderToken: o.orderToken })).data.order.orderId).toBe(q.orderId);
    expect((await anon.get(`/apiproxy/v1/ordering/pickup-time/${q.orderId}/${ALL_DAY}`, { headers: { 'x-order-token': o.orderToken } })).status).toBe(200);
    // another member cannot submit this member's quote
    const q2 = await quote(c);
    const stolen = await op(other, 'submit-order', submitInput(q2.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q2.summary.price }));
    expect(stolen.code).toBe('ORDER_NOT_FOUND');
    expect(await ledgerSum(db)).toEqual([]);
  });

  it('idempotent: a replay answers the first order with 121063 and charges once; the same key with other parameters is refused; two parallel submits place one order', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 208); // $50
    const q = await quote(c);
    const input = submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price });
    const [a, b] = await Promise.all([op(c, 'submit-order', input), op(c, 'submit-order', input)]);
    expect([a.json.errors, b.json.errors]).toEqual([undefined, undefined]);
    expect([a.data.order.orderId, b.data.order.orderId]).toEqual([q.orderId, q.orderId]);
    expect([a.data.duplicate?.code, b.data.duplicate?.code].filter(Boolean)).toEqual(['121063']);
    const again = await op(c, 'submit-order', input);
    expect(again.data.duplicate).toEqual({ code: '121063', message: 'We already received your request, thanks!' });
    const charges = await db().query<{ n: number }>(`select count(*)::int n from card_ledger where card_id = $1 and kind = 'charge'`, [card.cardId]);
    expect(charges.rows[0]!.n).toBe(1);
    expect((await db().query('select 1 from orders where order_id = $1', [q.orderId])).rows).toHaveLength(1);
    const reused = await op(c, 'submit-order', { ...input, tipAmount: 50, tenders: [{ ...input.tenders[0], amount: q.summary.price + 50 }] });
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // the same quote with two different keys, in parallel: one order, one charge, the other ORDER_ALREADY_PLACED
    const q3 = await quote(c);
    const k = (key: string) => ({ ...submitInput(q3.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q3.summary.price }), idempotencyKey: key });
    const both = await Promise.all([op(c, 'submit-order', k(newKey('p1'))), op(c, 'submit-order', k(newKey('p2')))]);
    expect(both.map((x) => x.code ?? 'ok').sort()).toEqual(['ORDER_ALREADY_PLACED', 'ok']);
    const charges3 = await db().query<{ n: number }>(`select count(*)::int n from card_ledger where card_id = $1 and kind = 'charge'`, [card.cardId]);
    expect(charges3.rows[0]!.n).toBe(2);
  });

  it('refuses stale pricing: an expired quote, another store, another amount', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 209);
    const q = await quote(c);
    const wrongAmount = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price - 1 }));
    expect([wrongAmount.code, wrongAmount.ext?.message]).toEqual(['STALE_PRICING', OrderingMessages.stalePricing]);
    expect((await op(c, 'submit-order', submitInput(q.orderId, '10001', { tender: 'SVC', id: card.cardId, amount: q.summary.price }))).code).toBe('STALE_PRICING');
    setNow(new Date(NOON.getTime() + 301_000));
    try {
      const late = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
      expect([late.code, late.ext?.status]).toEqual(['STALE_PRICING', 409]);
    } finally {
      setNow(NOON);
    }
    expect((await db().query('select 1 from orders where order_id = $1', [q.orderId])).rows).toHaveLength(0);
    expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(4000);
  });

  it("short balance: INSUFFICIENT_BALANCE with the reload options; 'Reload & place order' reloads and pays in one transaction", async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 212 - 2); // 210: $30
    const q = await quote(c, [item(LATTE(), 6)]); // about $31
    expect(q.summary.price).toBeGreaterThan(3000);
    const short = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    expect(short.code).toBe('INSUFFICIENT_BALANCE');
    expect(short.ext?.message).toBe('Insufficient balance for order');
    expect(short.ext?.balance).toBe(3000);
    expect(short.ext?.reloadOptions).toEqual([1000, 1500, 2500, 5000, 7500, 10000]);
    const method = await saveCard(c);
    const bad = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }, { reload: { paymentMethodId: method.paymentMethodId, amount: 300 } }));
    expect(bad.code).toBe('121036');
    const ok = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }, { reload: { paymentMethodId: method.paymentMethodId, amount: 1000 } }));
    expect(ok.json.errors, JSON.stringify(ok.json.errors)).toBeUndefined();
    expect(ok.data.card).toMatchObject({ reloaded: 1000, balance: 4000 - q.summary.price });
    const kinds = await db().query<{ kind: string }>('select kind from card_ledger where card_id = $1 order by id', [card.cardId]);
    expect(kinds.rows.map((r) => r.kind).slice(-2)).toEqual(['reload', 'charge']);
    expect(await ledgerSum(db)).toEqual([]);
  });

  it('auto reload fires inside the order transaction when the balance falls under the trigger', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 211); // $25
    const method = await saveCard(c);
    expect((await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, amount: 2500, triggerAmount: 1500, paymentMethodId: method.paymentMethodId })).json.errors).toBeUndefined();
    const q = await quote(c, [item(LATTE(), 3)]);
    const r = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    expect(r.data.card.autoReloaded).toBe(2500);
    expect(r.data.card.balance).toBe(2500 - q.summary.price + 2500);
  });

  it('tips only with the stored-value card; credit card and PayPal pay through the processor; stores that take only stored-value cards', async () => {
    const c = testClient(appFor(db()));
    await memberWithCard(c, 13);
    const method = await saveCard(c);
    const q = await quote(c);
    const tip = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: q.summary.price + 100 }, { tipAmount: 100 }));
    expect([tip.code, tip.ext?.message]).toEqual(['TIP_NOT_ALLOWED', 'Tipping is not yet available for this payment type']);
    const paid = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: q.summary.price }));
    expect(paid.json.errors).toBeUndefined();
    expect(paid.data.order.starsEarned).toBe(Math.floor(q.summary.price / 100));
    const charge = await db().query<{ amount_cents: number }>(`select amount_cents from sandbox_charges where idempotency_key like $1`, [`order-${q.orderId}:%`]);
    expect(charge.rows).toEqual([{ amount_cents: q.summary.price }]);
    const svcOnly = await quote(c, [item(LATTE())], '10002');
    const refused = await op(c, 'submit-order', submitInput(svcOnly.orderId, '10002', { tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: svcOnly.summary.price }));
    expect([refused.code, refused.ext?.message]).toEqual(['SVC_ONLY_STORE', 'This store only accepts Harbor Cards as payment to order ahead']);
    const declined = await saveCard(c, '4000000000000341');
    const q4 = await quote(c);
    expect((await op(c, 'submit-order', submitInput(q4.orderId, ALL_DAY, { tender: 'CREDIT_CARD', id: declined.paymentMethodId, amount: q4.summary.price }))).code).toBe('121048');
    expect((await db().query('select 1 from orders where order_id = $1', [q4.orderId])).rows).toHaveLength(0);
  });

  it('guests order with a single-use card at a store with guest ordering and keep the order token', async () => {
    const g = testClient(appFor(db()));
    const q = await quote(g, [item(LATTE())], ALL_DAY, true);
    const t = await tokenize(g, '4242424242424242', { singleUse: true });
    const address = await g.post('/apiproxy/v1/graphql', {
      query: 'mutation A($walletTarget: String!, $input: AddressInput!) { addSingleUseBillingAddress(walletTarget: $walletTarget, input: $input) { addressToken } }',
      variables: { walletTarget: 'order', input: { type: 'Billing', firstName: 'Robin', lastName: 'Park', addressLine1: '1 Main St', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA', country: 'US' } },
    });
    expect(address.json.errors, JSON.stringify(address.json.errors)).toBeUndefined();
    const guest = { email: 'guest.order@example.com', firstName: 'Robin', guestEmailMarketingOptIn: true, addressToken: address.json.data.addSingleUseBillingAddress.addressToken as string };
    const badAddress = await op(g, 'submit-order-guest', { ...submitInput(q.orderId, ALL_DAY, { tender: 'GUEST_CARD', id: t.json.token, amount: q.summary.price }), guest: { ...guest, addressToken: 'adt_nope' } });
    expect(badAddress.ext?.field).toBe('guest.addressToken');
    const r = await op(g, 'submit-order-guest', { ...submitInput(q.orderId, ALL_DAY, { tender: 'GUEST_CARD', id: t.json.token, amount: q.summary.price }), guest });
    expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
    expect(r.data.order.guest).toBe(true);
    expect(r.data.order.starsEarned).toBe(0);
    const row = await db().query<{ guest_marketing_opt_in: boolean; user_id: string | null }>('select guest_marketing_opt_in, user_id from orders where order_id = $1', [q.orderId]);
    expect(row.rows[0]).toEqual({ guest_marketing_opt_in: true, user_id: null });
    expect((await op(g, 'get-order', { orderId: q.orderId, orderToken: r.data.order.orderToken })).data.order.status).toBe('placed');
    // the token is single-use: a second order with it is refused
    const q2 = await quote(g, [item(LATTE())], ALL_DAY, true);
    const again = await op(g, 'submit-order-guest', { ...submitInput(q2.orderId, ALL_DAY, { tender: 'GUEST_CARD', id: t.json.token, amount: q2.summary.price }), guest });
    expect(again.code).toBe('PAYMENT_TOKEN_EXPIRED');
    // a guest cannot submit a member's quote, nor pay a member order with SVC
    const m = testClient(appFor(db()));
    await createMember(m);
    const mq = await quote(m);
    const t2 = await tokenize(g, '4242424242424242', { singleUse: true });
    expect((await op(g, 'submit-order-guest', { ...submitInput(mq.orderId, ALL_DAY, { tender: 'GUEST_CARD', id: t2.json.token, amount: mq.summary.price }), guest })).code).toBe('ORDER_NOT_FOUND');
    expect((await op(g, 'submit-order-guest', { ...submitInput(q2.orderId, ALL_DAY, { tender: 'SVC', id: 'card_x', amount: q2.summary.price }), guest })).ext?.field).toBe('tenders.0.tender');
  });

  it('scheduled ordering: slots up to one hour ahead; a past slot is 110000, a slot outside the window TIME_UNAVAILABLE', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 14);
    const slots = await op(c, 'get-store-time-slots', { storeNumber: ALL_DAY });
    const list = slots.data.timeSlots as Array<{ slotStart: string; label: string; available: boolean }>;
    expect(list.length).toBeGreaterThan(3);
    expect(new Date(list.at(-1)!.slotStart).getTime()).toBeLessThanOrEqual(NOON.getTime() + 3600_000);
    expect(list[0]!.label).toBe('11:10 AM - 11:20 AM');
    const q = await quote(c, [item(DRIP())]);
    const past = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }, { scheduledOrdering: { slotStart: new Date(NOON.getTime() - 600_000).toISOString() } }));
    expect([past.code, past.ext?.message]).toEqual(['110000', 'That pickup time is no longer available. Choose another time.']);
    const far = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }, { scheduledOrdering: { slotStart: new Date(NOON.getTime() + 3 * 3600_000).toISOString() } }));
    expect([far.code, far.ext?.message]).toEqual(['TIME_UNAVAILABLE', 'That pickup time is not available at this store.']);
    const ok = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }, { scheduledOrdering: { slotStart: list[2]!.slotStart } }));
    expect(ok.json.errors).toBeUndefined();
    expect(ok.data.order.scheduledFor).toBe(list[2]!.slotStart);
    expect(ok.data.order.readyEstimateAt).toBe(list[2]!.slotStart);
    // a full slot is no longer offered and refused with 110000
    await db().query('update time_slot_bookings set booked = $2 where short_number = $1', [ALL_DAY, ORDERING_LIMITS.timeSlotCapacity]);
    const after = (await op(c, 'get-store-time-slots', { storeNumber: ALL_DAY })).data.timeSlots.find((s: { slotStart: string }) => s.slotStart === list[2]!.slotStart);
    expect(after.available).toBe(false);
    const q2 = await quote(c, [item(DRIP())]);
    expect((await op(c, 'submit-order', submitInput(q2.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q2.summary.price }, { scheduledOrdering: { slotStart: list[2]!.slotStart } }))).code).toBe('110000');
  });

  it('STAR_REWARD spends Stars when the order is placed; a second use of the same Stars is stale', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 15);
    const me = (await db().query<{ id: string }>(`select id from users order by created_at desc limit 1`)).rows[0]!.id;
    await db().query(`insert into stars_balances (user_id, balance) values ($1, 220) on conflict (user_id) do update set balance = 220`, [me]);
    const price = async () => (await op(c, 'price-order', { storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE()), item(DRIP())], offers: [{ code: 'STARS200' }] } } })).data;
    const a = await price();
    const b = await price();
    const ra = await op(c, 'submit-order', submitInput(a.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: a.summary.price }));
    expect(ra.json.errors, JSON.stringify(ra.json.errors)).toBeUndefined();
    expect(ra.data.order.starsSpent).toBe(200);
    const rb = await op(c, 'submit-order', submitInput(b.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: b.summary.price }));
    expect(rb.code).toBe('STALE_PRICING');
    const bal = await db().query<{ balance: number }>('select balance from stars_balances where user_id = $1', [me]);
    expect(bal.rows[0]!.balance).toBe(20 + ra.data.order.starsEarned);
  });
});

forEachDb('ordering: 100 concurrent orders against one card', ({ db }) => {
  it('never takes the card below $0; every successful order is one charge; the ledger adds up', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 207); // $100
    const quotes = [];
    for (let i = 0; i < 100; i++) quotes.push(await quote(c, [item(DRIP())]));
    const results = await Promise.all(quotes.map((q) => op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }))));
    for (const r of results) {
      expect(r.status).toBeLessThan(500);
      if (r.json.errors) expect(r.code).toBe('INSUFFICIENT_BALANCE');
    }
    const ok = results.filter((r) => !r.json.errors);
    const each = quotes[0]!.summary.price;
    expect(ok.length).toBe(Math.floor(10000 / each));
    const balance = (await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount;
    expect(balance).toBe(10000 - ok.length * each);
    expect(balance).toBeGreaterThanOrEqual(0);
    const orders = await db().query<{ n: number }>('select count(*)::int n from orders where card_id = $1', [card.cardId]);
    expect(orders.rows[0]!.n).toBe(ok.length);
    expect(await ledgerSum(db)).toEqual([]);
  });
});

forEachDb('ordering: status, previous orders, favorites, curbside', ({ db }) => {
  it('status runs placed → preparing → ready → picked up by time at a store without staff, or by the barista (dev board, loopback only)', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 16);
    // a store without staff: clock-driven (10003's staff rows are put back below)
    const staff = (await db().query(`delete from staff_members where short_number = $1 returning user_id, short_number, role`, [ALL_DAY])).rows as Array<{ user_id: string; short_number: string; role: string }>;
    const clock = await quote(c, [item(DRIP())]);
    let r;
    try {
      r = await op(c, 'submit-order', submitInput(clock.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: clock.summary.price }));
    } finally {
      for (const s of staff) await db().query('insert into staff_members (user_id, short_number, role) values ($1, $2, $3)', [s.user_id, s.short_number, s.role]);
    }
    expect(staff.length).toBeGreaterThan(0);
    const ready = new Date(r.data.order.readyEstimateAt).getTime();
    const at = async (t: number, orderId = clock.orderId) => {
      setNow(new Date(t));
      try {
        return (await op(c, 'get-order', { orderId })).data.order.status;
      } finally {
        setNow(NOON);
      }
    };
    expect(await at(NOON.getTime() + 30_000)).toBe('placed');
    expect(await at(ready - 1000)).toBe('preparing');
    expect(await at(ready + 1000)).toBe('ready');
    expect(await at(ready + 31 * 60_000)).toBe('picked_up');
    // a store with staff: console-driven, 'placed' until the barista moves it, whatever the time
    const q = await quote(c, [item(DRIP())]);
    const placed = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    expect(placed.json.errors).toBeUndefined();
    expect((await db().query('select driven_by from orders where order_id = $1', [q.orderId])).rows).toEqual([{ driven_by: 'console' }]);
    expect((await db().query('select driven_by from orders where order_id = $1', [clock.orderId])).rows).toEqual([{ driven_by: 'clock' }]);
    expect(await at(ready + 1000, q.orderId)).toBe('placed');
    expect(await at(ready + 31 * 60_000, q.orderId)).toBe('placed');
    const page = await c.get('/dev/orders');
    expect([page.status, page.text.includes('<title>Dev order board</title>')]).toEqual([200, true]);
    const board = await c.get(`/apiproxy/v1/dev/orders?storeNumber=${ALL_DAY}`);
    expect(board.json.orders.map((o: { orderId: string }) => o.orderId)).toContain(q.orderId);
    expect((await c.post(`/apiproxy/v1/dev/orders/${q.orderId}/advance`)).json.status).toBe('preparing');
    expect((await c.post(`/apiproxy/v1/dev/orders/${q.orderId}/advance`)).json.status).toBe('ready');
    expect((await op(c, 'get-order', { orderId: q.orderId })).data.order.status).toBe('ready');
    // from another machine the board does not exist
    expect((await c.get('/apiproxy/v1/dev/orders', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    const est = await op(c, 'pre-order-pickup-estimate', { storeNumber: '10006' });
    expect(est.data.options.map((o: { code: string }) => o.code)).toEqual(['16', 'DT', 'CX']);
    expect(est.data.options[0].wait.label).toMatch(/^[0-9]+-[0-9]+ mins$|^20\+ mins$/);
  });

  it('previous orders: newest first, at most 10, items the store does not sell make the order a regular (not express) one', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 17);
    for (let i = 0; i < 11; i++) {
      setNow(new Date(NOON.getTime() + i * 1000)); // one order a second: newest first is well defined
      const q = await quote(c, [item(i === 10 ? sku('Nitro Cold Brew') : DRIP())]);
      expect((await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }))).json.errors).toBeUndefined();
    }
    setNow(NOON);
    const all = await op(c, 'get-previous-orders', { locale: 'en-US', limit: 10 });
    expect(all.data.previousOrders).toHaveLength(10);
    const atPike = await op(c, 'get-previous-orders', { locale: 'en-US', storeNumber: '10001', limit: 10 });
    const nitro = atPike.data.previousOrders[0];
    expect(nitro.basket.items[0].product.availability).toBe('NotAvailableHere');
    expect([nitro.orderType, nitro.expressOrder]).toEqual(['140', null]);
    expect(atPike.data.previousOrders[1].orderType).toBe('141');
    expect((await op(testClient(appFor(db())), 'get-previous-orders', {})).code).toBe('UNAUTHORIZED');
  });

  it("favorites: add, already a favorite, delete, and 561007 at the maximum; another member's favorite is not found", async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const fav = { commerce: { sku: LATTE() }, quantity: 1, childItems: [{ commerce: { sku: 'opt-404' }, quantity: 1 }] };
    const a = await op(c, 'add-favorite-product', { locale: 'en-US', item: fav });
    expect(a.data.alreadyFavorite).toBe(false);
    expect((await op(c, 'add-favorite-product', { locale: 'en-US', item: fav })).data.alreadyFavorite).toBe(true);
    const list = await op(c, 'get-favorite-products', { locale: 'en-US', storeNumber: ALL_DAY });
    expect(list.data.ids).toEqual([a.data.favoriteProduct.id]);
    expect(list.data.favoriteProducts[0].product.sizes.find((s: { sizeCode: string }) => s.sizeCode === 'grande').price).toBe(465);
    const other = testClient(appFor(db()));
    await createMember(other);
    expect((await op(other, 'delete-favorite-product', { favoriteProductId: a.data.favoriteProduct.id })).code).toBe('FAVORITE_NOT_FOUND');
    expect((await op(other, 'get-favorite-products', {})).data.favoriteProducts).toEqual([]);
    expect((await op(c, 'delete-favorite-product', { favoriteProductId: a.data.favoriteProduct.id })).data.favoriteProductId).toBe(a.data.favoriteProduct.id);
    for (let shots = 1; shots <= 12; shots++) for (const size of ['tall', 'grande', 'venti']) {
      if ((shots - 1) * 3 + ['tall', 'grande', 'venti'].indexOf(size) >= 30) break;
      const r = await op(c, 'add-favorite-product', { item: { commerce: { sku: sku('Caffè Latte', size, 'hot') }, childItems: [{ commerce: { sku: 'opt-501' }, quantity: shots }] } });
      expect(r.json.errors).toBeUndefined();
    }
    const max = await op(c, 'add-favorite-product', { item: { commerce: { sku: DRIP() } } });
    expect([max.code, max.ext?.message]).toEqual(['561007', "Sorry, you've reached the maximum number of favorite items"]);
    expect((await op(c, 'add-favorite-product', { item: { commerce: { sku: 'nope-hot-tall' } } })).code).toBe('ITEMS_NOT_FOUND');
  });

  it('35 parallel favorite adds keep the maximum of 30', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const adds = [];
    for (let shots = 1; shots <= 12; shots++) for (const size of ['tall', 'grande', 'venti']) adds.push({ item: { commerce: { sku: sku('Caffè Latte', size, 'hot') }, childItems: [{ commerce: { sku: 'opt-501' }, quantity: shots }] } });
    const results = await Promise.all(adds.slice(0, 35).map((a) => op(c, 'add-favorite-product', a)));
    expect(results.filter((r) => r.code === '561007')).toHaveLength(5);
    expect((await op(c, 'get-favorite-products', {})).data.ids).toHaveLength(30);
  });

  it('curbside check-in reaches the order: stall 1..stallQuantity, closed and unavailable curbside, unknown tokens', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 18);
    const q = (await op(c, 'price-order', { storeNumber: '10006', order: { cart: { items: [item(DRIP())] }, fulfillment: { collectionType: 'CX' } } })).data;
    const r = await op(c, 'submit-order', submitInput(q.orderId, '10006', { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    const token = r.data.order.orderToken;
    const anyone = testClient(appFor(db()));
    const arrive = (stallNumber: unknown, storeNumber = '10006', orderToken = token) =>
      op(anyone, 'create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber, orderToken, displayName: 'Casey', stallNumber } });
    const bad = await arrive(7);
    expect([bad.code, bad.ext?.message, bad.ext?.field]).toEqual(['STALL_INVALID', 'Select your parking spot', 'customerArrivalInput.stallNumber']);
    expect((await arrive(0)).code).toBe('STALL_INVALID');
    expect((await arrive(null)).code).toBe('STALL_INVALID');
    expect((await arrive(2, '10006', 'ot_' + 'x'.repeat(32))).code).toBe('ORDER_NOT_FOUND');
    const ok = await arrive(6);
    expect(ok.json.errors).toBeUndefined();
    expect(ok.data).toMatchObject({ orderId: q.orderId, stallNumber: 6 });
    const order = await op(c, 'get-order', { orderId: q.orderId });
    expect(order.data.order.arrival).toMatchObject({ stallNumber: 6, pickUpOption: 'CX', displayName: 'Casey' });
    // the store's curbside closed / not offered
    const q8 = (await op(c, 'price-order', priceInput('10008', [item(DRIP())]))).data;
    const r8 = await op(c, 'submit-order', submitInput(q8.orderId, '10008', { tender: 'SVC', id: card.cardId, amount: q8.summary.price }));
    const closed = await arrive(1, '10008', r8.data.order.orderToken);
    expect([closed.code, closed.ext?.message]).toEqual(['CURBSIDE_CLOSED', 'Curbside pickup is closed right now.']);
    const unavailable = await arrive(1, '10003', r8.data.order.orderToken);
    expect(unavailable.code).toBe('ORDER_NOT_FOUND'); // the token is for another store's order
    const q3 = await quote(c, [item(DRIP())]);
    const r3 = await op(c, 'submit-order', submitInput(q3.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q3.summary.price }));
    const na = await arrive(1, ALL_DAY, r3.data.order.orderToken);
    expect([na.code, na.ext?.message]).toEqual(['CURBSIDE_UNAVAILABLE', 'Curbside is not available right now. Head to the entryway or drive-thru to pick up your order. See you soon!']);
    // arriving in store needs no stall
    expect((await op(anyone, 'create-customer-arrival', { customerArrivalInput: { pickUpOption: '16', storeNumber: ALL_DAY, orderToken: r3.data.order.orderToken, displayName: 'Casey' } })).json.errors).toBeUndefined();
  });
});

forEachDb('ordering: malformed submit and account input', ({ db }) => {
  it('400 naming the field, never a 5xx; no order and no money moved', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 22); // $5.00
    const q = await quote(c, [item(DRIP())]);
    const base = submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price });
    const cases: Array<[string, unknown, string]> = [
      ['submit-order', { ...base, tenders: [] }, 'tenders'],
      ['submit-order', { ...base, tenders: undefined }, 'tenders'],
      ['submit-order', { ...base, orderId: 'x' }, 'orderId'],
      ['submit-order', { ...base, idempotencyKey: 'short' }, 'idempotencyKey'],
      ['submit-order', { ...base, tipAmount: -1 }, 'tipAmount'],
      ['submit-order', { ...base, tipAmount: 1.5 }, 'tipAmount'],
      ['submit-order', { ...base, tenders: [{ tender: 'CASH', id: 'x', amount: 1 }] }, 'tenders.0.tender'],
      ['submit-order', { ...base, scheduledOrdering: { slotStart: 'tomorrow' } }, 'scheduledOrdering.slotStart'],
      ['submit-order', { ...base, reload: { paymentMethodId: 'pm_x', amount: 1000 }, tenders: [{ tender: 'CREDIT_CARD', id: 'pm_x', amount: q.summary.price }] }, 'reload'],
      ['create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber: '10006', orderToken: 'nope', displayName: 'A', stallNumber: 1 } }, 'customerArrivalInput.orderToken'],
      ['create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber: '10006', orderToken: 'ot_' + 'a'.repeat(30), displayName: ' ', stallNumber: 1 } }, 'customerArrivalInput.displayName'],
      ['add-favorite-product', { item: {} }, 'item.commerce'],
      ['get-previous-orders', { limit: 11 }, 'limit'],
      ['get-order', { orderId: 'ord_short' }, 'orderId'],
    ];
    for (const [name, input, field] of cases) {
      const r = await op(c, name as 'submit-order', input);
      expect(r.status, name + JSON.stringify(input)).toBeLessThan(500);
      expect([r.code, r.ext?.field], name + JSON.stringify(input)).toEqual(['BAD_REQUEST', field]);
    }
    const noTender = await op(c, 'submit-order', { ...base, tenders: [] });
    expect(noTender.ext?.message).toBe('tenders: no payment method selected');
    expect((await db().query('select 1 from orders where order_id = $1', [q.orderId])).rows).toHaveLength(0);
    expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(500);
  });
});
