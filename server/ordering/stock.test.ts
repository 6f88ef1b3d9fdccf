process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import type { Queryable } from '../db/db.ts';
import { signIn } from '../test/accounts.ts';
import { setNow } from '../clock.ts';
import { DEMO_PASSWORD } from '../db/seed/users.ts';
import { OrderingMessages } from '../../contracts/ordering.ts';
import { item, memberWithCard, op, priceInput, productNo, sku, submitInput } from './test-helpers.ts';

/**
 * The stock-aware menu's server rules (issue 29, docs/order-status.md 3.8), on PGlite and PostgreSQL: a sold-out
 * switch that lands between pricing and submit makes submit answer 422 ITEMS_UNAVAILABLE with the skus (spec 1
 * section 8: 'Some items in your order are not available at this store.', 'got it'), not STALE_PRICING; the switch's
 * event reaches the store's stock poll (the menu's fallback of the stock stream).
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');

forEachDb('ordering: stock at submit', ({ db }) => {
  it('a switch between pricing and submit: submit answers ITEMS_UNAVAILABLE with the sold-out sku and places nothing; switched back it places', async () => {
    const app = appFor(db());
    const member = testClient(app);
    const card = await memberWithCard(member, 211);
    const barista = testClient(app);
    expect((await signIn(barista, 'barista.10003@example.com', DEMO_PASSWORD)).status).toBe(200);
    const latte = productNo('Caffè Latte');

    const priced = await op(member, 'price-order', priceInput(ALL_DAY, [item(LATTE())]));
    expect(priced.json.errors).toBeUndefined();
    expect((await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: true })).status).toBe(200);
    const refused = await op(member, 'submit-order', submitInput(priced.data.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: priced.data.summary.price }));
    expect([refused.code, refused.ext?.skus, refused.ext?.status, refused.ext?.message]).toEqual(['ITEMS_UNAVAILABLE', [LATTE()], 422, OrderingMessages.itemsUnavailable]);
    expect((await db().query('select 1 from orders where order_id = $1', [priced.data.orderId])).rows).toHaveLength(0);

    // the stock poll (the stream's fallback) carries the switch
    const poll = await member.get(`/apiproxy/v1/ordering/stores/${ALL_DAY}/stock-events.json?after=0`);
    expect(poll.status).toBe(200);
    expect(poll.json.events.map((e: { kind: string; productNumber: number; availability: string }) => [e.kind, e.productNumber, e.availability])).toEqual([['stock', latte, 'SoldOut']]);

    expect((await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: false })).status).toBe(200);
    const again = await op(member, 'price-order', priceInput(ALL_DAY, [item(LATTE())]));
    const placed = await op(member, 'submit-order', submitInput(again.data.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: again.data.summary.price }));
    expect(placed.json.errors, JSON.stringify(placed.json.errors)).toBeUndefined();
  });

  it("the switch's and submit's transactions read no menu table: the menu comes from the process's cache (server/ordering/catalog.ts `catalog`)", async () => {
    // every statement run on a transaction's handle while the switch and two submits run
    const inTx: string[] = [];
    const d = db();
    const transaction = d.transaction;
    const original = transaction.bind(d);
    d.transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
      original<T>((tx) =>
        fn({
          query<R>(sql: string, params?: unknown[]) {
            inTx.push(sql);
            return tx.query<R>(sql, params);
          },
        }),
      );
    try {
      const app = appFor(d);
      const member = testClient(app);
      const card = await memberWithCard(member, 210);
      const barista = testClient(app);
      expect((await signIn(barista, 'barista.10003@example.com', DEMO_PASSWORD)).status).toBe(200);
      const latte = productNo('Caffè Latte');
      const priced = await op(member, 'price-order', priceInput(ALL_DAY, [item(LATTE())]));
      inTx.length = 0;
      expect((await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: true })).status).toBe(200);
      const refused = await op(member, 'submit-order', submitInput(priced.data.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: priced.data.summary.price }));
      expect(refused.code).toBe('ITEMS_UNAVAILABLE');
      expect((await barista.put(`/apiproxy/v1/store/${ALL_DAY}/stock/${latte}`, { soldOut: false })).status).toBe(200);
      const again = await op(member, 'price-order', priceInput(ALL_DAY, [item(LATTE())]));
      const placed = await op(member, 'submit-order', submitInput(again.data.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: again.data.summary.price }));
      expect(placed.json.errors, JSON.stringify(placed.json.errors)).toBeUndefined();
      // the store's own rows are read on the transactions (after the locks); no whole menu table is (the catalog's
      // loads: `select ... from menu_products order by ...`, `select * from tax_rates`)
      expect(inTx.filter((q) => /from store_product_exclusions where/.test(q)).length).toBeGreaterThanOrEqual(4);
      expect(inTx.filter((q) => /^select .* from (menu_[a-z_]+|tax_rates)(\s+order by .*)?$/s.test(q.trim()))).toEqual([]);
    } finally {
      d.transaction = transaction;
    }
  });
});
