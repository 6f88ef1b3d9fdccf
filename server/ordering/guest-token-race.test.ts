process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { tokenize } from '../cards/test-helpers.ts';
import { item, op, priceInput, sku, submitInput } from './test-helpers.ts';

/**
 * Issue 25 (High): one single-use guest card token paid for many orders when submitOrderGuest calls on different
 * orders ran in parallel (the sandbox read the token without a lock and marked it used unconditionally). The
 * token is now claimed first by a conditional update that must change one row: exactly one order is placed
 * and charged, the others get PAYMENT_TOKEN_EXPIRED. Runs on PostgreSQL, where the race showed (PGlite runs one
 * transaction at a time).
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
const N = 10;

forEachDb('ordering: one single-use guest token, parallel orders', ({ db }) => {
  it(`${N} parallel guest submits on ${N} orders with one token: one order placed and charged, the rest PAYMENT_TOKEN_EXPIRED`, async () => {
    const g = testClient(appFor(db()));
    const quotes: Array<{ orderId: string; summary: { price: number } }> = [];
    for (let i = 0; i < N; i++) {
      const r = await op(g, 'price-order-guest', priceInput(ALL_DAY, [item(sku('Caffè Latte', 'grande', 'hot'))]));
      expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
      quotes.push(r.data);
    }
    const t = await tokenize(g, '4242424242424242', { singleUse: true });
    expect(t.status).toBe(200);
    const guest = { email: 'race.guest@example.com', firstName: 'Robin', guestEmailMarketingOptIn: false };
    const results = await Promise.all(
      quotes.map((q) => op(g, 'submit-order-guest', { ...submitInput(q.orderId, ALL_DAY, { tender: 'GUEST_CARD', id: t.json.token, amount: q.summary.price }), guest })),
    );
    for (const r of results) expect(r.status).toBeLessThan(500);
    const codes = results.map((r) => r.code ?? 'ok').sort();
    expect(codes).toEqual([...Array<string>(N - 1).fill('PAYMENT_TOKEN_EXPIRED'), 'ok']);
    const charges = await db().query<{ n: number }>(`select count(*)::int n from sandbox_charges where token = $1 and outcome = 'succeeded'`, [t.json.token]);
    expect(charges.rows[0]!.n).toBe(1);
    const orders = await db().query<{ n: number }>('select count(*)::int n from orders where order_id = any($1::text[])', [quotes.map((q) => q.orderId)]);
    expect(orders.rows[0]!.n).toBe(1);
  });
});
