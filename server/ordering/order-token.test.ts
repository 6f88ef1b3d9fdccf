process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { tokenize } from '../cards/test-helpers.ts';
import { item, op, priceInput, sku, submitInput } from './test-helpers.ts';
import { ORDER_REPLAY_TOKENS } from './submit.ts';

/**
 * Issue 25 (Low, bearer secrets in clear): the order token was stored beside its hash. Only the hash is kept now:
 * the guest gets the token once, in the submit answer, and uses it for status, pickup time and curbside check-in;
 * neither the order row nor the stored answer of the idempotency key holds it; a replay of the submit issues
 * another token (the first one is kept nowhere in clear), and the first keeps working: the confirmation email holds
 * it (issue 30). At most ORDER_REPLAY_TOKENS replay tokens are kept per order.
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));
const STORE = '10006'; // guest ordering and curbside

forEachDb('ordering: the order token is kept only as a hash', ({ db }) => {
  it('the guest gets the token once and uses it; no table holds it in clear; a replay issues another token and the first (the email\'s) keeps working', async () => {
    const g = testClient(appFor(db()));
    const q = (await op(g, 'price-order-guest', priceInput(STORE, [item(sku('Caffè Latte', 'grande', 'hot'))]))).data as { orderId: string; summary: { price: number } };
    const t = await tokenize(g, '4242424242424242', { singleUse: true });
    const input = { ...submitInput(q.orderId, STORE, { tender: 'GUEST_CARD', id: t.json.token, amount: q.summary.price }), guest: { email: 'token.guest@example.com', firstName: 'Robin', guestEmailMarketingOptIn: false } };
    const r = await op(g, 'submit-order-guest', input);
    expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
    const token = r.data.order.orderToken as string;
    expect(token).toMatch(/^ot_/);

    // nowhere in clear: not in the order row, not in the stored answer of the key, not in any text column of orders
    const row = await db().query('select * from orders where order_id = $1', [q.orderId]);
    expect(JSON.stringify(row.rows[0])).not.toContain(token);
    const columns = await db().query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'orders'`);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('order_token');
    const stored = await db().query<{ response: unknown }>('select response from idempotency_keys where scope = $1', [`guest:${q.orderId}`]);
    expect(stored.rows).toHaveLength(1);
    expect(JSON.stringify(stored.rows[0]!.response)).not.toContain(token);
    // issue 30: the one copy outside the browser is the confirmation email's link to the tracker (the mail carries it
    // to the guest, as the submit answer does): a guest's email leads to the order, never to the sign-in prompt
    const mail = await db().query<{ link: string }>(`select link from outbox where kind = 'order-placed' and recipient = $1`, ['token.guest@example.com']);
    expect(mail.rows.map((m) => m.link)).toEqual([`/menu/order/${q.orderId}#token=${token}`]);

    // the guest uses it: status (the token is not sent back), pickup time, curbside check-in
    const status = await op(g, 'get-order', { orderId: q.orderId, orderToken: token });
    expect(status.data.order).toMatchObject({ orderId: q.orderId, orderToken: null });
    expect((await g.get(`/apiproxy/v1/ordering/pickup-time/${q.orderId}/${STORE}`, { headers: { 'x-order-token': token } })).status).toBe(200);

    // a replay of the same submit: the same order, a new token (kept only as a hash too); the first one, the email's,
    // still opens the order (issue 30: a lost answer must not break the confirmation email's link)
    const replay = await op(g, 'submit-order-guest', input);
    expect(replay.data.duplicate?.code).toBe('121063');
    const second = replay.data.order.orderToken as string;
    expect(second).toMatch(/^ot_/);
    expect(second).not.toBe(token);
    expect((await op(g, 'get-order', { orderId: q.orderId, orderToken: token })).data.order.orderId).toBe(q.orderId);
    expect((await op(g, 'get-order', { orderId: q.orderId, orderToken: second })).data.order.orderId).toBe(q.orderId);
    const replays = await db().query('select * from order_replay_tokens where order_id = $1', [q.orderId]);
    expect(replays.rows).toHaveLength(1);
    expect(JSON.stringify(replays.rows)).not.toContain(second);
    const arrival = await op(g, 'create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber: STORE, orderToken: second, displayName: 'Robin', stallNumber: 1 } });
    expect(arrival.json.errors, JSON.stringify(arrival.json.errors)).toBeUndefined();
    // the first token checks in too, and a token of no order opens nothing
    const again = await op(g, 'create-customer-arrival', { customerArrivalInput: { pickUpOption: 'CX', storeNumber: STORE, orderToken: token, displayName: 'Robin', stallNumber: 2 } });
    expect(again.json.errors, JSON.stringify(again.json.errors)).toBeUndefined();
    expect((await op(g, 'get-order', { orderId: q.orderId, orderToken: `ot_${'x'.repeat(32)}` })).code).toBe('ORDER_NOT_FOUND');

    // at most ORDER_REPLAY_TOKENS replay tokens: five more replays retire the second (the oldest replay), never the first
    const later: string[] = [];
    for (let i = 0; i < ORDER_REPLAY_TOKENS; i++) later.push((await op(g, 'submit-order-guest', input)).data.order.orderToken as string);
    expect((await db().query('select 1 from order_replay_tokens where order_id = $1', [q.orderId])).rows).toHaveLength(ORDER_REPLAY_TOKENS);
    expect((await op(g, 'get-order', { orderId: q.orderId, orderToken: second })).code).toBe('ORDER_NOT_FOUND');
    for (const t of [token, ...later]) expect((await op(g, 'get-order', { orderId: q.orderId, orderToken: t })).data.order.orderId).toBe(q.orderId);
    // a token opens only its own order
    expect((await g.get(`/apiproxy/v1/ordering/pickup-time/${q.orderId}/${STORE}`, { headers: { 'x-order-token': later[0]! } })).status).toBe(200);
  });
});
