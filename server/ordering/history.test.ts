process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { item, memberWithCard, op, optionSku, priceInput, sku, submitInput } from './test-helpers.ts';
import { decodeCursor, encodeCursor, paymentLabel } from './history.ts';

/**
 * Order history, receipt and reorder check (docs/home.md 3.5) through the GraphQL operations, on PGlite and
 * PostgreSQL: newest first, keyset pages with no repeat and no gap when orders share a placed_at, another member's
 * order answers 404 ORDER_NOT_FOUND like an unknown one, guests 401, the receipt's sums, reorder availability.
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
const PIKE = '10001'; // no nitro, doughnuts sold out
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');
const NITRO = () => sku('Nitro Cold Brew', 'grande');

type C = ReturnType<typeof testClient>;
type Gql = { status: number; json: { data?: Record<string, any> | null; errors?: Array<{ extensions: { code: string; status: number; field?: string } }> } }; // eslint-disable-line @typescript-eslint/no-explicit-any

const ITEMS = 'items { name sizeName quantity price discount options { name quantity price } }';
const ORDER = `orderId placedAt store { storeNumber name timeZone } pickupOption ${ITEMS} total currency payment starsEarned status`;
const DOCS = {
  orderHistory: `query OrderHistory($input: OrderHistoryInput!) { orderHistory(input: $input) { nextCursor orders { ${ORDER} } } }`,
  orderReceipt: `query OrderReceipt($input: OrderReceiptInput!) { orderReceipt(input: $input) { ${ORDER} subtotal discount offers tax taxIncluded taxIncludedNote tip tenders { label amount } starsSpent } }`,
  reorderCheck: `query ReorderCheck($input: ReorderCheckInput!) { reorderCheck(input: $input) { storeNumber unavailable { name reason } items { quantity product { productNumber formCode name imageURL availability } size { sku sizeCode name } childItems { commerce { sku } optionProductNumber name sizeCode quantity } } } }`,
};
async function q(c: C, name: keyof typeof DOCS, input: unknown) {
  const r = (await c.post('/apiproxy/v1/graphql', { query: DOCS[name], variables: { input } })) as Gql;
  return { data: r.json.data?.[name], error: r.json.errors?.[0]?.extensions, status: r.status };
}

async function place(c: C, cardId: string, items = [item(LATTE())], store = ALL_DAY, tip = 0) {
  const p = await op(c, 'price-order', priceInput(store, items));
  expect(p.json.errors, JSON.stringify(p.json.errors)).toBeUndefined();
  const s = await op(c, 'submit-order', submitInput(p.data.orderId, store, { tender: 'SVC', id: cardId, amount: p.data.summary.price + tip }, { tipAmount: tip }));
  expect(s.json.errors, JSON.stringify(s.json.errors)).toBeUndefined();
  return s.data.order as { orderId: string; total: number; subtotal: number; tax: number; discount: number; tipAmount: number; starsEarned: number };
}

describe('history cursor and payment label', () => {
  it('round-trips the cursor and refuses a forged one with 400 naming cursor', () => {
    const at = new Date('2026-11-24T19:00:00.000Z');
    expect(decodeCursor(encodeCursor(at, 'ord_abcdefghij12'))).toEqual({ at, orderId: 'ord_abcdefghij12' });
    for (const bad of [Buffer.from('yesterday|ord_abcdefghij12').toString('base64url'), Buffer.from('2026-11-24T19:00:00.000Z|x').toString('base64url'), 'AAAAAAAAAA']) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ status: 400, code: 'BAD_REQUEST', extras: { field: 'cursor' } }));
    }
  });
  it('labels each tender', () => {
    expect(paymentLabel({ tender: 'SVC', card_number: '7777000000000001', pm_type: null, pm_last_four: null })).toBe('Harbor Card •••• 0001');
    expect(paymentLabel({ tender: 'CREDIT_CARD', card_number: null, pm_type: 'visa', pm_last_four: '4242' })).toBe('Visa •••• 4242');
    expect(paymentLabel({ tender: 'CREDIT_CARD', card_number: null, pm_type: 'amex', pm_last_four: '0005' })).toBe('American Express •••• 0005');
    expect(paymentLabel({ tender: 'PAYPAL', card_number: null, pm_type: 'paypal', pm_last_four: '' })).toBe('PayPal');
    expect(paymentLabel({ tender: 'GUEST_CARD', card_number: null, pm_type: null, pm_last_four: null })).toBe('Card');
  });
});

forEachDb('ordering: history', ({ db }) => {
  it('lists the member’s orders newest first in keyset pages: no repeat, no gap with equal placed_at; cancelled shows as such', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 207); // $100
    const placed: string[] = [];
    setNow(new Date(NOON.getTime() - 3600_000)); // an hour ago: picked up by now
    placed.push((await place(c, card.cardId)).orderId);
    // 10003 has staff, so its orders are console-driven (docs/order-status.md 1): this one is made clock-driven, as
    // at a store without staff, so the clock has picked it up by now
    await db().query(`update orders set driven_by = 'clock', status_set_at = null where order_id = $1`, [placed[0]]);
    setNow(NOON); // the rest share one placed_at: only the order id breaks the tie
    for (let i = 0; i < 11; i++) placed.push((await place(c, card.cardId)).orderId);
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const r = await q(c, 'orderHistory', cursor ? { limit: 5, cursor } : { limit: 5 });
      expect(r.error).toBeUndefined();
      sizes.push(r.data.orders.length);
      seen.push(...r.data.orders.map((o: { orderId: string }) => o.orderId));
      cursor = r.data.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([5, 5, 2]);
    expect(new Set(seen).size).toBe(12);
    expect([...seen].sort()).toEqual([...placed].sort());
    // newest first: the hour-old order is last, the equal ones by order id descending
    expect(seen[11]).toBe(placed[0]);
    expect(seen.slice(0, 11)).toEqual([...placed.slice(1)].sort().reverse());

    const first = await q(c, 'orderHistory', {});
    expect(first.data.orders).toHaveLength(10); // default page size
    // the newest by the tie-break (largest order id among the equal ones): always on the first page; order ids are
    // random, so placed[1] is on the second page in one run of eleven
    const newest = [...placed.slice(1)].sort().reverse()[0];
    expect(first.data.orders[0].orderId).toBe(newest);
    const o = first.data.orders.find((x: { orderId: string }) => x.orderId === newest);
    expect(o).toMatchObject({
      store: { storeNumber: expect.stringMatching(/^10003/), timeZone: expect.any(String) },
      pickupOption: '16',
      payment: 'Harbor Card •••• 0207',
      status: 'placed',
      currency: 'USD',
      items: [{ name: 'Caffè Latte', sizeName: 'Grande', quantity: 1, options: [] }],
    });
    expect(o.starsEarned).toBeGreaterThan(0);
    const old = (await q(c, 'orderHistory', { limit: 20 })).data.orders.at(-1);
    expect(old.status).toBe('picked_up');

    await db().query(`update orders set status = 'cancelled', status_set_at = $2, cancelled_at = $2 where order_id = $1`, [placed[2], NOON]);
    const after = (await q(c, 'orderHistory', { limit: 20 })).data.orders;
    expect(after.find((x: { orderId: string }) => x.orderId === placed[2]).status).toBe('cancelled');
    // a cancelled row without a set time (statusAt, server/ordering/orders.ts) is cancelled too, not clock-driven
    await db().query(`update orders set status = 'cancelled', status_set_at = null where order_id = $1`, [placed[3]]);
    const later = (await q(c, 'orderHistory', { limit: 20 })).data.orders;
    expect(later.find((x: { orderId: string }) => x.orderId === placed[3]).status).toBe('cancelled');
  }, 180_000); // 24 calls placing 12 orders: slow on a loaded PGlite

  it('a new order placed while paging does not shift the later pages', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 208);
    for (let i = 0; i < 3; i++) {
      setNow(new Date(NOON.getTime() + i * 60_000));
      await place(c, card.cardId);
    }
    const p1 = await q(c, 'orderHistory', { limit: 2 });
    setNow(new Date(NOON.getTime() + 10 * 60_000));
    const newer = await place(c, card.cardId);
    const p2 = await q(c, 'orderHistory', { limit: 2, cursor: p1.data.nextCursor });
    expect(p2.data.orders).toHaveLength(1);
    expect(p2.data.nextCursor).toBeNull();
    expect(p2.data.orders[0].orderId).not.toBe(newer.orderId);
    expect((await q(c, 'orderHistory', { limit: 1 })).data.orders[0].orderId).toBe(newer.orderId);
    setNow(NOON);
  });

  it('refuses guests (401) and bad input (400 naming the field), and answers nothing of another member', async () => {
    const guest = testClient(appFor(db()));
    expect((await q(guest, 'orderHistory', {})).error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect((await q(guest, 'orderReceipt', { orderId: 'ord_abcdefghij12' })).error).toMatchObject({ status: 401 });

    const a = testClient(appFor(db()));
    const cardA = await memberWithCard(a, 209);
    const mine = await place(a, cardA.cardId);
    for (const [input, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 21 }, 'limit'],
      [{ cursor: 'not a cursor!' }, 'cursor'],
      [{ cursor: Buffer.from('x|y').toString('base64url') }, 'cursor'],
    ] as const) {
      expect((await q(a, 'orderHistory', input)).error, JSON.stringify(input)).toMatchObject({ code: 'BAD_REQUEST', status: 400, field });
    }
    expect((await q(a, 'orderReceipt', { orderId: 'nope' })).error).toMatchObject({ code: 'BAD_REQUEST', field: 'orderId' });
    expect((await q(a, 'reorderCheck', { orderId: mine.orderId, storeNumber: 'x' })).error).toMatchObject({ code: 'BAD_REQUEST', field: 'storeNumber' });
    expect((await q(a, 'reorderCheck', { orderId: mine.orderId, storeNumber: '99999' })).error).toMatchObject({ code: 'STORE_NOT_FOUND', status: 404 });

    const b = testClient(appFor(db()));
    await memberWithCard(b, 210);
    expect((await q(b, 'orderHistory', {})).data).toEqual({ orders: [], nextCursor: null });
    const theirs = await q(b, 'orderReceipt', { orderId: mine.orderId });
    const unknown = await q(b, 'orderReceipt', { orderId: 'ord_doesnotexist00' });
    expect(theirs.error).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    expect(theirs.error).toEqual(unknown.error);
    expect((await q(b, 'reorderCheck', { orderId: mine.orderId, storeNumber: ALL_DAY })).error).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    expect(theirs.data ?? null).toBeNull();
  });

  it('the receipt: lines with charged options, subtotal - discount + tax + tip = total, tender, Stars; CA tax included', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 205);
    const oat = { commerce: { sku: optionSku(404) }, quantity: 1 };
    const o = await place(c, card.cardId, [item(LATTE(), 2, [oat]), item(NITRO())], ALL_DAY, 100);
    const r = (await q(c, 'orderReceipt', { orderId: o.orderId })).data;
    expect(r.orderId).toBe(o.orderId);
    expect(r.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Caffè Latte', 2],
      ['Nitro Cold Brew', 1],
    ]);
    expect(r.items[0].options).toEqual([{ name: expect.stringMatching(/oat/i), quantity: 1, price: expect.any(Number) }]);
    expect(r.subtotal - r.discount + r.tax + r.tip).toBe(r.total);
    expect(r).toMatchObject({ subtotal: o.subtotal, tax: o.tax, tip: 100, total: o.total, starsEarned: o.starsEarned, starsSpent: 0, offers: [], taxIncluded: false, taxIncludedNote: null, status: 'placed' });
    expect(r.tenders).toEqual([{ label: 'Harbor Card •••• 0205', amount: o.total }]);
    expect(r.items.reduce((s: number, i: { price: number }) => s + i.price, 0)).toBe(r.subtotal);

    // a California store's prices include the tax: the receipt says so, and the sums still hold
    const caOrder = await place(c, card.cardId, [item(LATTE())], '14267');
    const ca = (await q(c, 'orderReceipt', { orderId: caOrder.orderId })).data;
    expect([ca.taxIncluded, ca.taxIncludedNote]).toEqual([true, 'CA prices of taxable food and beverage include sales tax.']);
    expect(ca.subtotal - ca.discount + ca.tip).toBe(ca.total);
    expect(ca.tax).toBeGreaterThan(0);
  });

  it('reorder check: available items as cart items, the others named with their reason', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 213);
    const extraShot = { commerce: { sku: optionSku(501) }, quantity: 3 };
    const o = await place(c, card.cardId, [item(LATTE(), 2, [extraShot]), item(NITRO())]);
    const here = (await q(c, 'reorderCheck', { orderId: o.orderId, storeNumber: ALL_DAY })).data;
    expect(here.unavailable).toEqual([]);
    expect(here.items).toHaveLength(2);
    expect(here.items[0]).toMatchObject({ quantity: 2, product: { name: 'Caffè Latte', formCode: 'hot', availability: 'Available' }, size: { sku: LATTE(), sizeCode: 'grande', name: 'Grande' }, childItems: [{ commerce: { sku: optionSku(501) }, optionProductNumber: 501, quantity: 3 }] });
    const pike = (await q(c, 'reorderCheck', { orderId: o.orderId, storeNumber: PIKE })).data;
    expect(pike.storeNumber).toMatch(/^10001/);
    expect(pike.items.map((i: { product: { name: string } }) => i.product.name)).toEqual(['Caffè Latte']);
    expect(pike.unavailable).toEqual([{ name: 'Nitro Cold Brew', reason: 'NotAvailableHere' }]);
  });
});
