process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { createMember } from '../cards/test-helpers.ts';
import { item, memberWithCard, op, priceInput, productNo, sku, submitInput } from './test-helpers.ts';

/**
 * Issue 10 (ordering), the product page's follow-ups: favorites keep their options (number, name, level) and the
 * form; previous orders keep option levels; the seeded espresso drinks' defaults; pricing-rules and
 * pricing-by-store-number (docs/ordering.md).
 */

const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
type Opt = { optionProductNumber: number; defaultQuantity: Record<string, number>; defaultSizeCode: string | null };
type GqlOpt = Omit<Opt, 'defaultQuantity'> & { defaultQuantity: Array<{ sizeCode: string; quantity: number }> };
type Group = { id: string; products: GqlOpt[]; children: Array<{ products: GqlOpt[] }> };
/** every option of a GraphQL product answer, its default quantities keyed by size code as REST answers them */
const optionsOf = (p: { productOptions: Group[] }): Opt[] =>
  p.productOptions.flatMap((g) => [...g.products, ...g.children.flatMap((c) => c.products)]).map((o) => ({ ...o, defaultQuantity: Object.fromEntries(o.defaultQuantity.map((q) => [q.sizeCode, q.quantity])) }));

forEachDb('ordering: product options, favorites with options, pricing rules', ({ db }) => {
  it('seeded espresso defaults: a hot latte has 2% milk, 2 shots at venti, no whipped cream, no ice; the iced form has ice and 3 shots at venti', async () => {
    const c = testClient(appFor(db()));
    const latte = productNo('Caffè Latte');
    const hot = (await op(c, 'get-product', { productNumber: latte, formCode: 'hot', storeNumber: ALL_DAY })).data.products[0];
    const opts = new Map(optionsOf(hot).map((o) => [o.optionProductNumber, o]));
    expect(opts.get(401)!.defaultQuantity).toEqual({ short: 1, tall: 1, grande: 1, venti: 1 }); // 2% milk
    expect(opts.get(402)!.defaultQuantity.grande).toBe(0);
    expect(opts.get(501)!.defaultQuantity).toEqual({ short: 1, tall: 1, grande: 2, venti: 2 });
    expect([opts.get(601)!.defaultQuantity.grande, opts.get(601)!.defaultSizeCode]).toEqual([0, 'medium']); // whipped cream offered, not included
    expect(opts.get(602)!.defaultQuantity.grande).toBe(0);
    expect(opts.has(901)).toBe(false); // no ice on a hot drink
    expect(opts.has(603)).toBe(false); // no cold foam either
    const iced = (await op(c, 'get-product', { productNumber: latte, formCode: 'iced', storeNumber: ALL_DAY })).data.products[0];
    const io = new Map(optionsOf(iced).map((o) => [o.optionProductNumber, o]));
    expect(io.get(501)!.defaultQuantity).toEqual({ tall: 1, grande: 2, venti: 3 });
    expect([io.get(901)!.defaultQuantity, io.get(901)!.defaultSizeCode]).toEqual([{ tall: 1, grande: 1, venti: 1 }, 'medium']);
    expect(io.get(603)!.defaultQuantity.grande).toBe(0);

    const defaults = async (name: string, form?: string) => {
      const p = (await op(c, 'get-product', { productNumber: productNo(name), ...(form ? { formCode: form } : {}) })).data.products[0];
      return Object.fromEntries(optionsOf(p).filter((o) => (o.defaultQuantity.grande ?? 0) > 0).map((o) => [o.optionProductNumber, o.defaultSizeCode ? `${o.defaultQuantity.grande}${o.defaultSizeCode}` : o.defaultQuantity.grande]));
    };
    expect(await defaults('Caffè Latte')).toEqual({ 401: 1, 501: 2 });
    expect(await defaults('Caffè Mocha')).toEqual({ 401: 1, 501: 2, 311: 4, 601: '1medium' });
    expect(await defaults('Caramel Macchiato')).toEqual({ 401: 1, 501: 2, 301: 3, 602: '1medium' });
    expect(await defaults('Flat White')).toEqual({ 402: 1, 501: 3 }); // whole milk, ristretto shots
    expect(await defaults('Oatmilk Honey Latte')).toEqual({ 404: 1, 501: 2 });
    expect(await defaults('Honey Almondmilk Flat White')).toEqual({ 405: 1, 501: 3 });
    expect(await defaults('Caffè Americano')).toEqual({ 501: 3 });
    expect(await defaults('Blonde Vanilla Latte')).toEqual({ 401: 1, 502: 2, 301: 4 });
    expect(await defaults('Iced Caffè Americano')).toEqual({ 501: 3, 901: '1medium' });
    expect(await defaults('Iced Chocolate Almondmilk Shaken Espresso')).toEqual({ 405: 1, 501: 3, 311: 4, 901: '1medium' }); // no whipped cream
    expect(await defaults('Iced Caffè Mocha')).toEqual({ 401: 1, 501: 2, 311: 4, 601: '1medium', 901: '1medium' });
    expect(await defaults('Butter Croissant')).toEqual({}); // warming offered, not by default
  });

  it('pricing follows the form: an iced venti latte includes 3 shots, a hot venti 2; ice on a hot latte is not an option', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const price = async (s: string, children: Array<{ commerce: { sku: string }; quantity: number }>) => {
      const r = await op(c, 'price-order', priceInput(ALL_DAY, [item(s, 1, children)]));
      return r.data ? r.data.cart.items[0].unitPrice : r.code;
    };
    const icedVenti = sku('Caffè Latte', 'venti', 'iced');
    const hotVenti = sku('Caffè Latte', 'venti', 'hot');
    expect(await price(icedVenti, [{ commerce: { sku: 'opt-501' }, quantity: 3 }])).toBe(await price(icedVenti, []));
    expect(await price(hotVenti, [{ commerce: { sku: 'opt-501' }, quantity: 3 }])).toBeGreaterThan(await price(hotVenti, []));
    expect(await price(hotVenti, [{ commerce: { sku: 'opt-901-medium' }, quantity: 1 }])).toBe('ITEMS_NOT_FOUND');
    expect(typeof (await price(icedVenti, [{ commerce: { sku: 'opt-901-light' }, quantity: 1 }]))).toBe('number');
  });

  it('a favorite keeps its options with number, name and level, and its form: hot and iced are two favorites', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const children = [
      { commerce: { sku: 'opt-404' }, quantity: 1 },
      { commerce: { sku: 'opt-501' }, quantity: 3 },
      { commerce: { sku: 'opt-601-medium' }, quantity: 1 },
    ];
    const hot = await op(c, 'add-favorite-product', { locale: 'en-US', item: { commerce: { sku: sku('Caffè Latte', 'grande', 'hot') }, childItems: children } });
    expect(hot.json.errors).toBeUndefined();
    expect(hot.data.favoriteProduct.itemKey).toBe(`${productNo('Caffè Latte')}/hot|grande|opt-404x1|opt-501x3|opt-601-mediumx1`);
    const iced = await op(c, 'add-favorite-product', { locale: 'en-US', item: { commerce: { sku: sku('Caffè Latte', 'grande', 'iced') }, childItems: children } });
    expect(iced.data.alreadyFavorite).toBe(false);
    const list = await op(c, 'get-favorite-products', { locale: 'en-US', storeNumber: ALL_DAY });
    expect(list.data.favoriteProducts).toHaveLength(2);
    const h = list.data.favoriteProducts.find((f: { product: { formCode: string } }) => f.product.formCode === 'hot');
    expect(h.item.childItems).toEqual([
      { commerce: { sku: 'opt-404' }, optionProductNumber: 404, name: 'Oatmilk', sizeCode: null, quantity: 1 },
      { commerce: { sku: 'opt-501' }, optionProductNumber: 501, name: 'Espresso Shots', sizeCode: null, quantity: 3 },
      { commerce: { sku: 'opt-601-medium' }, optionProductNumber: 601, name: 'Whipped Cream', sizeCode: 'medium', quantity: 1 },
    ]);
    // ice is not an option of the hot form
    const bad = await op(c, 'add-favorite-product', { item: { commerce: { sku: sku('Caffè Latte', 'grande', 'hot') }, childItems: [{ commerce: { sku: 'opt-901-medium' }, quantity: 1 }] } });
    expect([bad.code, bad.ext?.skus]).toEqual(['ITEMS_NOT_FOUND', ['opt-901-medium']]);
  });

  it('migration 022 gives favorites saved with the old key their form', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const a = await op(c, 'add-favorite-product', { item: { commerce: { sku: sku('Pike Place Roast', 'tall') } } });
    const n = productNo('Pike Place Roast');
    await db().query('update favorite_products set item_key = $2 where id = $1', [a.data.favoriteProduct.id, `${n}|tall`]);
    await db().query(await readFile(new URL('../db/migrations/022_favorite_item_keys.sql', import.meta.url), 'utf8'));
    const key = (await db().query<{ item_key: string }>('select item_key from favorite_products where id = $1', [a.data.favoriteProduct.id])).rows[0]!.item_key;
    expect(key).toBe(`${n}/hot|tall`);
    expect((await op(c, 'add-favorite-product', { item: { commerce: { sku: sku('Pike Place Roast', 'tall') } } })).data.alreadyFavorite).toBe(true);
  });

  it('previous orders keep each option level, so a reorder rebuilds the same item', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 18);
    const children = [
      { commerce: { sku: 'opt-501' }, quantity: 3 },
      { commerce: { sku: 'opt-602-extra' }, quantity: 1 },
    ];
    const q = await op(c, 'price-order', priceInput(ALL_DAY, [item(sku('Caffè Mocha'), 1, children)]));
    expect(q.json.errors).toBeUndefined();
    const s = await op(c, 'submit-order', submitInput(q.data.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.data.summary.price }));
    expect(s.json.errors).toBeUndefined();
    const prev = await op(c, 'get-previous-orders', { locale: 'en-US', storeNumber: ALL_DAY });
    const line = prev.data.previousOrders[0].basket.items[0];
    expect(line.childItems).toEqual([
      { commerce: { sku: 'opt-501' }, optionProductNumber: 501, name: 'Espresso Shots', sizeCode: null, quantity: 3 },
      { commerce: { sku: 'opt-602-extra' }, optionProductNumber: 602, name: 'Caramel Drizzle', sizeCode: 'extra', quantity: 1 },
    ]);
  });

  it('pricing-rules: limits, whether this caller can order here, tenders, tipping, tax display; validated input', async () => {
    const c = testClient(appFor(db()));
    const guest = await op(c, 'pricing-rules', { storeNumber: ALL_DAY, guest: true });
    expect(guest.data).toMatchObject({ storeNumber: '10003-10103', guest: true, maximumItemAmount: 30, maximumModifierAmount: 12, canOrder: true, refusalCode: null, guestOrdering: true, tenders: ['GUEST_CARD'], currency: 'USD', taxIncluded: false, quoteTtlSeconds: 300, staleAfterSeconds: 300 });
    expect(guest.data.tipping).toEqual({ enabled: false, tender: 'SVC', maximumTipCents: 5000 });
    const noGuests = await op(c, 'pricing-rules', { storeNumber: '10005', guest: true });
    expect([noGuests.data.canOrder, noGuests.data.refusalCode, noGuests.data.guestOrdering]).toEqual([false, 'MOP_NOT_ACCEPTED', false]);
    expect((await op(c, 'pricing-rules', { storeNumber: '10007' })).data.refusalCode).toBe('STORE_UNAVAILABLE');
    // not signed in: guest rules whatever `guest` says
    expect((await op(c, 'pricing-rules', { storeNumber: ALL_DAY, guest: false })).data.tenders).toEqual(['GUEST_CARD']);
    await createMember(c);
    const member = await op(c, 'pricing-rules', { storeNumber: ALL_DAY });
    expect([member.data.guest, member.data.tenders, member.data.tipping.enabled, member.data.canOrder]).toEqual([false, ['SVC', 'CREDIT_CARD', 'PAYPAL'], true, true]);
    expect((await op(c, 'pricing-rules', { storeNumber: '10002' })).data.tenders).toEqual(['SVC']); // stored-value cards only
    const ca = await op(c, 'pricing-rules', { storeNumber: '14267', guest: true });
    expect([ca.data.taxIncluded, ca.data.taxIncludedNote]).toEqual([true, true]);
    const national = await op(c, 'pricing-rules', {});
    expect([national.data.storeNumber, national.data.canOrder, national.data.maximumItemAmount]).toEqual([null, false, 30]);
    expect((await op(c, 'pricing-rules', { storeNumber: '99999' })).code).toBe('STORE_NOT_FOUND');
    const bad = await op(c, 'pricing-rules', { storeNumber: 'x' });
    expect([bad.status, bad.code, bad.ext?.field]).toEqual([200, 'BAD_REQUEST', 'storeNumber']);
    expect((await op(c, 'pricing-rules', { guest: 'yes' })).ext?.field).toBe('guest');
  });

  it("pricing-by-store-number: the store's prices (tier, overrides), availability and options; skus filter; validated input", async () => {
    const c = testClient(appFor(db()));
    const all = await op(c, 'pricing-by-store-number', { storeNumber: ALL_DAY });
    expect(all.json.errors).toBeUndefined();
    const price = (s: string) => all.data.prices.find((p: { sku: string }) => p.sku === s);
    expect(price(sku('Pike Place Roast', 'grande')).price).toBe(345); // the store's override
    expect(price(sku('Caffè Latte', 'grande', 'hot'))).toEqual({ sku: sku('Caffè Latte', 'grande', 'hot'), productNumber: productNo('Caffè Latte'), formCode: 'hot', sizeCode: 'grande', price: 465, availability: 'Available' });
    expect(all.data.prices.some((p: { productNumber: number }) => p.productNumber === 81)).toBe(false); // the hidden bag fee
    expect(all.data.options.find((o: { optionProductNumber: number }) => o.optionProductNumber === 501).unitPrice).toBe(105); // $1.00 × 1.05
    expect([all.data.currency, all.data.staleAfterSeconds]).toEqual(['USD', 300]);
    const pike = await op(c, 'pricing-by-store-number', { storeNumber: '10001', skus: [sku('Nitro Cold Brew'), sku('Caffè Latte', 'tall', 'hot')] });
    expect(pike.data.prices.map((p: { availability: string }) => p.availability)).toEqual(['NotAvailableHere', 'Available']);
    const unknown = await op(c, 'pricing-by-store-number', { storeNumber: ALL_DAY, skus: ['nope-hot-tall'] });
    expect([unknown.code, unknown.ext?.skus]).toEqual(['ITEMS_NOT_FOUND', ['nope-hot-tall']]);
    expect((await op(c, 'pricing-by-store-number', { storeNumber: '99999' })).code).toBe('STORE_NOT_FOUND');
    expect((await op(c, 'pricing-by-store-number', {})).ext?.field).toBe('storeNumber');
    const many = await op(c, 'pricing-by-store-number', { storeNumber: ALL_DAY, skus: Array.from({ length: 101 }, (_, i) => `x-${i}`) });
    expect([many.code, many.ext?.message]).toEqual(['BAD_REQUEST', 'skus: at most 100 skus']);
  });
});
