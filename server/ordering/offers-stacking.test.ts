process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { cards } from '../cards/test-helpers.ts';
import { item, memberWithCard, op, sku, submitInput } from './test-helpers.ts';

/**
 * Issue 31: stacked offers must never make a total negative. WELCOME50 then BIRTHDAY on one grande latte answered
 * 500 (150% of the line discounted: the second discount was not capped at what was left of the line). Each
 * discount is now capped at what is left of its line. Both orders of the offers, through pricing and submit.
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));
const ALL_DAY = '10003';

forEachDb('ordering: stacked offers on one drink', ({ db }) => {
  for (const [codes, cardIndex] of [
    [['WELCOME50', 'BIRTHDAY'], 16],
    [['BIRTHDAY', 'WELCOME50'], 17],
  ] as const) {
    it(`${codes.join(' then ')} on one grande latte: no 5xx, the line discounted to exactly $0, total $0, placed with nothing charged`, async () => {
      const c = testClient(appFor(db()));
      const card = await memberWithCard(c, cardIndex);
      const priced = await op(c, 'price-order', { storeNumber: ALL_DAY, order: { cart: { items: [item(sku('Caffè Latte', 'grande', 'hot'))], offers: codes.map((code) => ({ code })) } } });
      expect(priced.status).toBeLessThan(500);
      expect(priced.json.errors, JSON.stringify(priced.json.errors)).toBeUndefined();
      const q = priced.data as { orderId: string; summary: { price: number; subtotal: number; discount: number; tax: number }; cart: { items: Array<{ unitPrice: number; discount: number }>; offers: Array<{ code: string; hasBeenApplied: boolean }> } };
      const unit = q.cart.items[0]!.unitPrice;
      expect(unit).toBeGreaterThan(0);
      expect(q.cart.items[0]!.discount).toBe(unit);
      expect(q.summary).toMatchObject({ subtotal: unit, discount: unit, tax: 0, price: 0 });
      // WELCOME50 first: half, then BIRTHDAY takes the other half; BIRTHDAY first: the whole drink, WELCOME50 finds nothing left
      const applied = Object.fromEntries(q.cart.offers.map((o) => [o.code, o.hasBeenApplied]));
      expect(applied).toEqual(codes[0] === 'WELCOME50' ? { WELCOME50: true, BIRTHDAY: true } : { BIRTHDAY: true, WELCOME50: false });

      const before = (await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount;
      const placed = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: 0 }));
      expect(placed.status).toBeLessThan(500);
      expect(placed.json.errors, JSON.stringify(placed.json.errors)).toBeUndefined();
      expect(placed.data.order).toMatchObject({ total: 0, discount: unit, subtotal: unit });
      expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(before);
      // only the offers that took something are spent
      const redeemed = await db().query<{ code: string }>('select code from offer_redemptions where order_id = $1 order by code', [q.orderId]);
      expect(redeemed.rows.map((r) => r.code)).toEqual(codes[0] === 'WELCOME50' ? ['BIRTHDAY', 'WELCOME50'] : ['BIRTHDAY']);
    });
  }
});
