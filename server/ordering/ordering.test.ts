process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderingMessages, PricingCodes, actionForPricingCode } from '../../contracts/ordering.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { createMember, saveCard, tokenize } from '../cards/test-helpers.ts';
import { fullDocument, item, memberWithCard, op, optionSku, priceInput, productNo, sku, submitInput, newKey } from './test-helpers.ts';

/** 11:00 AM on a Tuesday in Seattle: the Seattle fixture stores are open (docs/ordering.md "Fixture stores") */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003'; // 24 hours, READY, guest ordering, WA tax 10.25% exclusive, company operated
const PIKE = '10001'; // no nitro, doughnuts sold out
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');
const CROISSANT = () => sku('Butter Croissant', 'each');

forEachDb('ordering: menu and product', ({ db }) => {
  it('national menu: at least 120 products in menus, categories and subcategories, with local art', async () => {
    const c = testClient(appFor(db()));
    const r = await op(c, 'get-menu', {});
    expect(r.status).toBe(200);
    const m = r.data;
    expect(m.national).toBe(true);
    const tiles = m.menus.flatMap((x: any) => x.categories.flatMap((k: any) => [...k.products, ...k.subcategories.flatMap((s: any) => s.products)])); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(tiles.length).toBeGreaterThanOrEqual(120);
    expect(m.menus.map((x: { path: string }) => x.path)).toEqual(['drinks', 'food', 'at-home-coffee']);
    // a category with products has no subcategories here (refreshers), others only subcategories (hot coffees)
    const drinks = m.menus[0].categories;
    expect(drinks.find((k: { path: string }) => k.path === 'refreshers').products.length).toBeGreaterThan(0);
    expect(drinks.find((k: { path: string }) => k.path === 'hot-coffees').products).toEqual([]);
    expect(tiles.every((t: { imageURL: string }) => /^\/images\/menu\/p-[0-9]+\.svg$/.test(t.imageURL))).toBe(true);
    const art = await c.get(tiles[0].imageURL);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toContain('image/svg+xml');
    expect(art.text).toContain('<svg');
    expect((await c.get('/images/menu/p-99999999.svg')).status).toBe(404);
  });

  it("a store's menu marks what it does not sell; failing and empty menus; unknown stores", async () => {
    const c = testClient(appFor(db()));
    const r = await op(c, 'get-menu', { storeNumber: `${PIKE}-10101` });
    const tiles = r.data.menus.flatMap((x: any) => x.categories.flatMap((k: any) => [...k.products, ...k.subcategories.flatMap((s: any) => s.products)])); // eslint-disable-line @typescript-eslint/no-explicit-any
    const byName = (n: string) => tiles.find((t: { name: string }) => t.name === n);
    expect(byName('Nitro Cold Brew').availability).toBe('NotAvailableHere');
    expect(byName('Glazed Doughnut').availability).toBe('SoldOut');
    expect(byName('Pumpkin Spice Latte').availability).toBe('NotOrderable');
    expect(byName('Cold Brew').availability).toBe('Available');
    expect(byName('Cold Brew').priceFrom).toBeGreaterThan(0);
    expect(r.data.menuAvailable).toBe(true);
    expect((await op(c, 'get-menu', { storeNumber: '10004' })).data.menuAvailable).toBe(false); // NOT_READY: 'Menu not available for this store.'
    const fixtures = await db().query<{ short_number: string; menu_state: string }>('select short_number, menu_state from store_order_settings where menu_state is not null');
    const failing = fixtures.rows.find((f) => f.menu_state === 'failing')!.short_number;
    const empty = fixtures.rows.find((f) => f.menu_state === 'empty')!.short_number;
    const f = await op(c, 'get-menu', { storeNumber: failing });
    expect(f.code).toBe('MENU_LOAD_ERROR');
    expect(f.ext?.status).toBe(500);
    expect(f.ext?.message).toBe('Could not load menus for this store. Showing national menu.');
    const e = await op(c, 'get-menu', { storeNumber: empty });
    expect([e.code, e.ext?.status]).toEqual(['EMPTY_MENU', 404]);
    expect((await op(c, 'get-menu', { storeNumber: '99999' })).code).toBe('STORE_NOT_FOUND');
    const bad = await op(c, 'get-menu', { storeNumber: 'x' });
    expect([bad.code, bad.ext?.field]).toEqual(['BAD_REQUEST', 'storeNumber']);
  });

  it('REST product: products[0] with productOptions, sizes with store prices, nutrition and allergens per size; Accept-Language', async () => {
    const c = testClient(appFor(db()));
    const n = productNo('Caffè Latte');
    const r = await c.get(`/apiproxy/v1/ordering/${n}?storeNumber=${ALL_DAY}`, { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(r.status).toBe(200);
    const p = r.json.products[0];
    expect(p.locale).toBe('fr-CA');
    expect(p.forms.map((f: { formCode: string }) => f.formCode)).toEqual(['hot', 'iced']);
    expect(p.sizes.map((s: { sizeCode: string }) => s.sizeCode)).toEqual(['short', 'tall', 'grande', 'venti']);
    const grande = p.sizes.find((s: { sizeCode: string }) => s.sizeCode === 'grande');
    expect(grande.price).toBe(465); // $4.45 × 1.05 (WA tier), to 5 cents
    expect(grande.nutrition.calories).toBe(190);
    expect(grande.allergens).toEqual(['Milk']);
    expect(p.sizes[3].nutrition.calories).toBeGreaterThan(grande.nutrition.calories);
    const names = p.productOptions.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Milk', 'Espresso & Shot Options', 'Flavors', 'Toppings', 'Sweeteners']));
    const shots = p.productOptions.find((g: { id: string }) => g.id === 'espresso').products.find((o: { optionProductNumber: number }) => o.optionProductNumber === 501);
    expect(shots.attributes.unitOfMeasure).toBe('shot');
    expect(shots.defaultQuantity.grande).toBe(2);
    expect(p.maximumModifierAmount).toBe(12);
    expect((await c.get(`/apiproxy/v1/ordering/${n}?formCode=iced`)).json.products[0].sizes[0].sizeCode).toBe('tall');
    expect((await c.get('/apiproxy/v1/ordering/81')).status).toBe(404); // hidden
    expect((await c.get('/apiproxy/v1/ordering/12345')).json.code).toBe('PRODUCT_NOT_FOUND');
    const bad = await c.get(`/apiproxy/v1/ordering/${n}?storeNumber=abc`);
    expect([bad.status, bad.json.field]).toEqual([400, 'storeNumber']);
    expect((await c.get('/apiproxy/v1/ordering/latte')).status).toBe(400);
    const viaGql = await op(c, 'get-product', { productNumber: n, formCode: 'iced', storeNumber: ALL_DAY });
    expect(viaGql.data.products[0].formCode).toBe('iced');
    // similar items: the same category, sold at the store, not the product itself
    const similar = await op(c, 'similar-items', { productNumber: productNo('Nitro Cold Brew'), storeNumber: PIKE });
    const similarNames = similar.data.products.map((t: { name: string }) => t.name);
    expect(similarNames.length).toBeGreaterThan(0);
    expect(similarNames).not.toContain('Nitro Cold Brew');
    expect(similarNames).not.toContain('Vanilla Sweet Cream Nitro Cold Brew');
    expect(similar.data.products.every((t: { availability: string }) => t.availability === 'Available')).toBe(true);
  });
});

forEachDb('ordering: pricing', ({ db }) => {
  it('prices on the server: store prices, options above the defaults, WA tax added, a stored quote with orderId and expiresAt', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const extraShot = { commerce: { sku: optionSku(501) }, quantity: 3 }; // default 2 at grande: one extra
    const oat = { commerce: { sku: optionSku(404) }, quantity: 1 };
    const r = await op(c, 'price-order', priceInput(ALL_DAY, [item(LATTE(), 2, [extraShot, oat]), item(CROISSANT())], { order: { cart: { items: [item(LATTE(), 2, [extraShot, oat]), item(CROISSANT())], offers: [] }, fulfillment: { collectionType: '16' } } }));
    expect(r.json.errors).toBeUndefined();
    const p = r.data;
    const latte = p.cart.items[0];
    expect(latte.unitPrice).toBe(465 + 105 + 75); // size + one shot ($1.00 × 1.05) + oatmilk ($0.70 × 1.05 → 0.75)
    expect(latte.totalPrice).toBe(2 * 645);
    expect(p.summary.subtotal).toBe(1290 + 360);
    expect(p.summary.tax).toBe(Math.round(1290 * 0.1025) + Math.round(360 * 0.1025));
    expect(p.summary.price).toBe(p.summary.subtotal + p.summary.tax);
    expect(p.summary.taxIncluded).toBe(false);
    expect(p.orderId).toMatch(/^ord_/);
    expect(p.transaction.orderId).toBe(p.orderId);
    expect(new Date(p.expiresAt).getTime()).toBe(NOON.getTime() + 300_000);
    expect(p.isTipEnabled).toBe(true);
    expect(p.starsToEarn).toEqual({ svc: Math.floor(p.summary.price / 100) * 2, other: Math.floor(p.summary.price / 100) });
    const q = await db().query<{ total_cents: number; user_id: string }>('select total_cents, user_id from order_quotes where order_id = $1', [p.orderId]);
    expect(q.rows[0]!.total_cents).toBe(p.summary.price);
  });

  it('California: prices include tax and the CA note applies', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    // a California store open at 11:00 AM Pacific
    const candidates = (await db().query<{ short_number: string }>(`select short_number from stores where country_code = 'US' and address->>'countrySubdivisionCode' = 'CA' and mobile_ordering->>'availability' = 'READY' and short_number not in (select short_number from store_order_settings) order by short_number limit 10`)).rows;
    expect(candidates.length).toBeGreaterThan(0);
    let r: Awaited<ReturnType<typeof op>> | undefined;
    for (const s of candidates) {
      r = await op(c, 'price-order', priceInput(s.short_number, [item(LATTE())]));
      if (r.code !== 'STORE_CLOSED') break;
    }
    if (!r) throw new Error('no California store');
    expect(r.json.errors).toBeUndefined();
    expect(r.data.store.taxIncludedNote).toBe(true);
    expect(r.data.summary.taxIncluded).toBe(true);
    expect(r.data.summary.price).toBe(r.data.summary.subtotal);
    expect(r.data.summary.tax).toBe(r.data.summary.subtotal - Math.round(r.data.summary.subtotal / 1.0875));
    expect(OrderingMessages.caTaxNote).toBe('CA prices of taxable food and beverage include sales tax.');
  });

  it('every pricing code of spec 8 is reached, with its action', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const guest = testClient(appFor(db()));
    const fixture = async (code: string) => (await db().query<{ short_number: string }>('select short_number from store_order_settings where pricing_code = $1', [code])).rows[0]!.short_number;
    const reached: Record<string, string | undefined> = {};
    const messages: Record<string, string> = {};
    const price = async (store: string, items: unknown[], offers: unknown[] = [], client = c, name: 'price-order' | 'price-order-guest' = 'price-order') => {
      const r = await op(client, name, { storeNumber: store, order: { cart: { items, offers }, fulfillment: {} } });
      expect(r.status).toBeLessThan(500);
      if (r.code) messages[r.code] = r.ext?.message as string;
      return r;
    };
    for (const code of ['MISSING_COUNTRY', 'HIGH_VOLUME_STORE', 'MOP_UNAVAILABLE', 'UNEXPECTED_ERROR']) reached[code] = (await price(await fixture(code), [item(LATTE())])).code;
    reached.STORE_NOT_FOUND = (await price('99999', [item(LATTE())])).code;
    reached.STORE_UNAVAILABLE = (await price('10007', [item(LATTE())])).code;
    reached.STORE_NOT_AVAILABLE = (await price('10004', [item(LATTE())])).code;
    reached.MOP_NOT_ACCEPTED = (await price('10005', [item(LATTE())], [], guest, 'price-order-guest')).code;
    // a Canadian store open at 2-3 PM local time
    for (const s of (await db().query<{ short_number: string }>(`select short_number from stores where country_code = 'CA' and mobile_ordering->>'availability' = 'READY' order by short_number limit 10`)).rows) {
      reached.WRONG_STORE_REGION = (await price(s.short_number, [item(LATTE())])).code;
      if (reached.WRONG_STORE_REGION !== 'STORE_CLOSED') break;
    }
    reached.ITEMS_NOT_FOUND = (await price(ALL_DAY, [item('2001-hot-gigantic')])).code;
    reached.ITEMS_UNAVAILABLE = (await price(PIKE, [item(sku('Nitro Cold Brew'))])).code;
    reached.CHOOSE_DIFFERENT_ITEM = (await price(ALL_DAY, [item(sku('Pumpkin Spice Latte'))])).code;
    const limit = await price(ALL_DAY, [item(LATTE(), 1, [{ commerce: { sku: optionSku(301) }, quantity: 7 }, { commerce: { sku: optionSku(302) }, quantity: 6 }])]);
    reached.ADD_IN_LIMIT = limit.code;
    expect(limit.ext?.message).toBe('You can add up to 12 customizations to one item.');
    reached.REWARD_NOT_APPLIED = (await price(ALL_DAY, [item(LATTE())], [{ code: 'FOUNDERS' }])).code;
    setNow(new Date('2026-11-24T11:00:00Z')); // 3:00 AM in Seattle
    try {
      reached.STORE_CLOSED = (await price(PIKE, [item(LATTE())])).code;
    } finally {
      setNow(NOON);
    }
    for (const code of Object.values(PricingCodes)) expect(reached[code], code).toBe(code);
    // the text each code carries (the checkout shows it with the code's action; src/views/ordering/CheckoutView.test.tsx)
    expect(messages).toEqual({
      MISSING_COUNTRY: 'We could not work out the tax for this store.',
      UNEXPECTED_ERROR: 'Something went wrong. Please try again.',
      ITEMS_NOT_FOUND: 'Some items in your order could not be found.',
      ITEMS_UNAVAILABLE: 'Some items in your order are not available at this store.',
      STORE_NOT_FOUND: "Whoops! We couldn't find that store.",
      HIGH_VOLUME_STORE: 'This store is very busy right now. Choose another store.',
      STORE_UNAVAILABLE: 'This store is not taking mobile orders right now.',
      STORE_NOT_AVAILABLE: 'This store is not taking mobile orders right now.',
      WRONG_STORE_REGION: 'This store is in a different region from your account. Choose another store.',
      MOP_UNAVAILABLE: 'This store is not taking mobile orders right now.',
      STORE_CLOSED: 'This store is closed right now.',
      MOP_NOT_ACCEPTED: 'This store does not take guest orders.',
      CHOOSE_DIFFERENT_ITEM: 'This item can no longer be ordered. Choose a different item.',
      ADD_IN_LIMIT: 'You can add up to 12 customizations to one item.',
      REWARD_NOT_APPLIED: 'offer not applied: This offer is not available to your account.',
    });
    expect(actionForPricingCode('STORE_CLOSED')).toBe('choose-store');
    expect(actionForPricingCode('ADD_IN_LIMIT')).toBe('server-message');
    expect(Object.fromEntries(Object.values(PricingCodes).map((code) => [code, actionForPricingCode(code)]))).toEqual({
      MISSING_COUNTRY: 'got-it', UNEXPECTED_ERROR: 'got-it', ITEMS_NOT_FOUND: 'got-it', ITEMS_UNAVAILABLE: 'got-it',
      STORE_NOT_FOUND: 'choose-store', HIGH_VOLUME_STORE: 'choose-store', STORE_UNAVAILABLE: 'choose-store', STORE_NOT_AVAILABLE: 'choose-store',
      WRONG_STORE_REGION: 'choose-store', MOP_UNAVAILABLE: 'choose-store', STORE_CLOSED: 'choose-store', MOP_NOT_ACCEPTED: 'choose-store',
      CHOOSE_DIFFERENT_ITEM: 'menu', ADD_IN_LIMIT: 'server-message', REWARD_NOT_APPLIED: 'offer-not-applied',
    });
    expect(actionForPricingCode('SOMETHING_ELSE')).toBe('try-again');
  });

  it('offers: STAR_REWARD frees the best eligible item, an offer without an eligible item comes back not applied; guests get no offers', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const me = await db().query<{ id: string }>(`select id from users order by created_at desc limit 1`);
    await db().query(`insert into stars_balances (user_id, balance) values ($1, 250) on conflict (user_id) do update set balance = 250`, [me.rows[0]!.id]);
    const offers = await op(c, 'get-offers', {});
    expect(offers.data.stars).toBe(250);
    expect(offers.data.offers.map((o: { code: string }) => o.code)).toEqual(expect.arrayContaining(['STARS100', 'STARS200', 'WELCOME50', 'BIRTHDAY']));
    expect(offers.data.offers.map((o: { code: string }) => o.code)).not.toContain('STARS300');
    const r = await op(c, 'price-order', { storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE()), item(CROISSANT())], offers: [{ code: 'STARS200' }] } } });
    expect(r.json.errors).toBeUndefined();
    expect(r.data.cart.offers[0]).toMatchObject({ code: 'STARS200', type: 'STAR_REWARD', stars: 200, hasBeenApplied: true });
    expect(r.data.summary.discount).toBe(r.data.cart.items[0].unitPrice);
    const none = await op(c, 'price-order', { storeNumber: ALL_DAY, order: { cart: { items: [item(CROISSANT())], offers: [{ code: 'WELCOME50' }] } } });
    expect(none.data.cart.offers[0].hasBeenApplied).toBe(false);
    expect(none.data.summary.discount).toBe(0);
    const tooMany = await op(c, 'price-order', { storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE())], offers: [{ code: 'STARS300' }] } } });
    expect(tooMany.code).toBe('REWARD_NOT_APPLIED');
    const guest = testClient(appFor(db()));
    expect((await op(guest, 'price-order-guest', { storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE())], offers: [{ code: 'STARS100' }] } } })).code).toBe('REWARD_NOT_APPLIED');
    expect((await op(guest, 'price-order', priceInput(ALL_DAY, [item(LATTE())]))).code).toBe('UNAUTHORIZED');
  });

  it('malformed pricing input: 400 naming the field, never a 5xx', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const cases: Array<[unknown, string]> = [
      [{}, 'storeNumber'],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [] } } }, 'order.cart.items'],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [{ commerce: { sku: LATTE() }, quantity: 0 }] } } }, 'order.cart.items.0.quantity'],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [{ commerce: { sku: 'a b' }, quantity: 1 }] } } }, 'order.cart.items.0.commerce.sku'],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE(), 31)] } } }, 'order.cart.items.0.quantity'],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE())] }, fulfillment: { collectionType: 'XX' } } }, 'order.fulfillment.collectionType'],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [item(LATTE(), 1, [{ commerce: { sku: optionSku(301) }, quantity: -1 }])] } } }, 'order.cart.items.0.childItems.0.quantity'],
      ['nope', ''],
      [{ storeNumber: ALL_DAY, order: { cart: { items: [item('x\u0000y')] } } }, 'order.cart.items.0.commerce.sku'],
    ];
    for (const [input, field] of cases) {
      const r = await op(c, 'price-order', input);
      expect(r.status, JSON.stringify(input)).toBeLessThan(500);
      expect(r.code, JSON.stringify(input)).toBe('BAD_REQUEST');
      if (field) expect(String(r.ext?.field).replace(/^variables\.input\./, '')).toBe(field);
    }
    // a price-order mutation without the CSRF header is refused
    const noCsrf = await c.post('/apiproxy/v1/graphql', { query: fullDocument('price-order'), variables: { input: priceInput(ALL_DAY, [item(LATTE())]) } }, { csrf: false });
    expect(noCsrf.status).toBe(403);
  });
});

describe('contract helpers', () => {
  it('reload amounts: configured amounts covering the shortfall, else the exact shortfall', async () => {
    const { reloadAmountOptions, waitLabel, visiblePreviousOrders, tipAllowed } = await import('../../contracts/ordering.ts');
    expect(reloadAmountOptions(1250, 200, 500, [1000, 1500, 2500])).toEqual([1000, 1500, 2500]);
    expect(reloadAmountOptions(1250, 0, 0, [1000, 1500])).toEqual([1500]);
    expect(reloadAmountOptions(9000, 0, 0, [1000, 5000])).toEqual([9000]);
    expect(reloadAmountOptions(500, 0, 600, [1000])).toEqual([]);
    expect(waitLabel(5, 10)).toBe('5-10 mins');
    expect(waitLabel(18, 23)).toBe('20+ mins');
    expect(tipAllowed(true, 100, 'SVC')).toBe(true);
    expect(tipAllowed(true, 100, 'CREDIT_CARD')).toBe(false);
    expect(tipAllowed(true, 0, 'SVC')).toBe(false);
    const it = (productNumber: number | null, availability = 'Available') => ({ product: { productNumber, formCode: 'hot', name: 'x', imageURL: '', availability: availability as 'Available' }, size: { sku: 's', sizeCode: 'tall', name: 'Tall' }, childItems: [], quantity: 1 });
    const orders = visiblePreviousOrders([{ basket: { items: [it(81), it(null), it(2001)] } }, { basket: { items: [it(81)] } }, { basket: { items: [it(2002, 'NotOrderable')] } }]);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.basket.items.map((i) => i.product.productNumber)).toEqual([2001]);
  });
});

export { saveCard, tokenize, memberWithCard, submitInput, newKey };
