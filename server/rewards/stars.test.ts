process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { now, setNow } from '../clock.ts';
import { cards, createMember, saveCard } from '../cards/test-helpers.ts';
import { item, memberWithCard, op, priceInput, sku, submitInput } from '../ordering/test-helpers.ts';
import { earnForOrder, grantStars, settleAllExpiry, settleExpiry, spendForOrder } from './stars.ts';
import { balanceOf, ledgerProblems } from './test-helpers.ts';

/**
 * docs/rewards.md 3.1-3.3 and 5 ("expiry, levels"): the Stars writes of server/rewards/stars.ts against both
 * databases: earn amounts (1 per whole dollar, 2 from a stored-value card), cancel and refund (Stars taken back,
 * spent Stars returned, the card credited through the money core), expiry settled once even by two parallel
 * settles, and GraphQL user.loyaltyProgram for one member.
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterEach(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
const DRIP = () => sku('Pike Place Roast', 'tall');
type C = ReturnType<typeof testClient>;

async function newUser(db: Queryable): Promise<string> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.query(`insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name) values ($1, $1, $2, $2, 'x', 'Pat', 'Lee')`, [id, `${id}@example.com`]);
  return id;
}
const userIdOf = async (db: Queryable, email: string) => (await db.query<{ id: string }>('select id from users where email_normalized = lower($1)', [email])).rows[0]!.id;
const lastUser = async (db: Queryable) => (await db.query<{ id: string }>('select id from users order by created_at desc limit 1')).rows[0]!.id;
const grant = (db: Db, userId: string, stars: number, earnedAt: Date, at = earnedAt) =>
  db.transaction((tx) => grantStars(tx, { userId, stars, kind: 'adjustment', description: 'test grant', earnedAt, at }));


const LATTE = () => sku('Caffè Latte', 'grande', 'hot');
async function quote(c: C, offers: Array<{ code: string }> = [], items = [item(DRIP())]) {
  const r = await op(c, 'price-order', { ...priceInput(ALL_DAY, items), order: { cart: { items, offers }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: '16' } } });
  expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
  return r.data as { orderId: string; summary: { price: number } };
}

forEachDb('rewards: Stars writes', ({ db }) => {
  it.each([
    [1099, 'SVC', 20],
    [1099, 'CREDIT_CARD', 10],
    [1000, 'PAYPAL', 10],
    [100, 'SVC', 2],
    [199, 'CREDIT_CARD', 1],
    [99, 'SVC', 0],
    [0, 'CREDIT_CARD', 0],
  ])('earn: an order of %i cents paid by %s earns %i Stars (floor of dollars, 2 per dollar from a stored-value card), once', async (total, tender, stars) => {
    const u = await newUser(db());
    const orderId = `o_${randomBytes(6).toString('hex')}`;
    const first = await db().transaction((tx) => earnForOrder(tx, { userId: u, orderId, totalCents: total, tender, at: NOON }));
    expect(first.base).toBe(stars);
    const again = await db().transaction((tx) => earnForOrder(tx, { userId: u, orderId, totalCents: total, tender, at: NOON }));
    expect(again.base).toBe(0);
    const rows = (await db().query<{ delta: number; kind: string }>('select delta, kind from stars_ledger where order_id = $1', [orderId])).rows;
    expect(rows).toEqual(stars ? [{ delta: stars, kind: 'earn' }] : []);
    expect(await balanceOf(db(), u)).toBe(stars);
    // a guest earns nothing
    expect(await db().transaction((tx) => earnForOrder(tx, { userId: null, orderId: `${orderId}g`, totalCents: total, tender, at: NOON }))).toEqual({ base: 0, extra: 0, offerCode: null });
  });

  it('earn through submit-order: the stored-value card 2 per dollar, a credit card 1 per dollar; orders.stars_earned = the earn row', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 207);
    const me = await lastUser(db());
    const method = await saveCard(c);
    const a = await quote(c);
    const svc = await op(c, 'submit-order', submitInput(a.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: a.summary.price }));
    expect(svc.json.errors, JSON.stringify(svc.json.errors)).toBeUndefined();
    const b = await quote(c);
    const cc = await op(c, 'submit-order', submitInput(b.orderId, ALL_DAY, { tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: b.summary.price }));
    expect(cc.json.errors, JSON.stringify(cc.json.errors)).toBeUndefined();
    expect(a.summary.price).toBeGreaterThanOrEqual(100);
    expect(svc.data.order.starsEarned).toBe(Math.floor(a.summary.price / 100) * 2);
    expect(cc.data.order.starsEarned).toBe(Math.floor(b.summary.price / 100));
    const rows = (await db().query<{ order_id: string; delta: number; stars_earned: number }>(
      `select l.order_id, l.delta, o.stars_earned from stars_ledger l join orders o on o.order_id = l.order_id where l.user_id = $1 and l.kind = 'earn' order by l.id`,
      [me],
    )).rows;
    expect(rows).toEqual([
      { order_id: a.orderId, delta: svc.data.order.starsEarned, stars_earned: svc.data.order.starsEarned },
      { order_id: b.orderId, delta: cc.data.order.starsEarned, stars_earned: cc.data.order.starsEarned },
    ]);
    expect(await ledgerProblems(db(), me)).toEqual([]);
  });

  it('cancel and refund: spent Stars return, earned Stars are taken back, the card is credited through the money core; a second cancel is 409', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 208); // $50
    const me = await lastUser(db());
    await grant(db(), me, 300, NOON);
    const q = await quote(c, [{ code: 'STARS100' }], [item(DRIP()), item(LATTE())]); // the drip free, the latte paid
    const placed = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    expect(placed.json.errors, JSON.stringify(placed.json.errors)).toBeUndefined();
    const earned = placed.data.order.starsEarned as number;
    expect(placed.data.order.starsSpent).toBe(100);
    expect(await balanceOf(db(), me)).toBe(200 + earned);
    const paid = q.summary.price;
    expect(paid).toBeGreaterThanOrEqual(100);
    expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(5000 - paid);

    const r = await c.post(`/apiproxy/v1/dev/orders/${q.orderId}/cancel`, { reason: 'customer_asked' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ refunded: paid, starsReturned: 100, starsReversed: earned, order: { status: 'cancelled' } });
    // the board cancels through transitionOrder (the console's path): one `status` event the tracker and consoles read
    const events = await db().query<{ status: string; reason: string; actor: string }>(`select payload->>'status' as status, payload->>'cancelReason' as reason, actor from store_events where order_id = $1 and kind = 'status'`, [q.orderId]);
    expect(events.rows).toEqual([{ status: 'cancelled', reason: 'customer_asked', actor: 'dev' }]);
    expect(await balanceOf(db(), me)).toBe(300);
    expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(5000);
    const refund = await db().query<{ kind: string; amount_cents: number; description: string }>(
      `select kind, amount_cents, description from card_ledger where card_id = $1 and amount_cents > 0 and kind = 'adjustment'`,
      [card.cardId],
    );
    expect(refund.rows).toEqual([{ kind: 'adjustment', amount_cents: paid, description: `Refund for order ${q.orderId.slice(-8)}` }]);
    const kinds = await db().query<{ kind: string; delta: number }>('select kind, delta from stars_ledger where order_id = $1 order by id', [q.orderId]);
    expect(kinds.rows).toEqual([
      { kind: 'spend', delta: -100 },
      ...(earned ? [{ kind: 'earn', delta: earned }] : []),
      { kind: 'return_spend', delta: 100 },
      ...(earned ? [{ kind: 'reverse_earn', delta: -earned }] : []),
    ]);
    const again = await c.post(`/apiproxy/v1/dev/orders/${q.orderId}/cancel`, {});
    expect([again.status, again.json.code, again.json.message]).toEqual([409, 'ORDER_ALREADY_CANCELLED', 'This order is already cancelled.']);
    expect(await balanceOf(db(), me)).toBe(300);
    expect((await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount).toBe(5000);
    expect(await ledgerProblems(db(), me)).toEqual([]);
  });

  it('cancel after the earned Stars were spent: takes back only what is left, never below 0', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 209); // $40
    const me = await lastUser(db());
    const q = await quote(c);
    const placed = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    const earned = placed.data.order.starsEarned as number;
    expect(earned).toBeGreaterThan(1);
    // all but one of the Stars spent elsewhere
    expect(await db().transaction((tx) => spendForOrder(tx, { userId: me, orderId: `o_${randomBytes(6).toString('hex')}`, stars: earned - 1, description: 'elsewhere', at: NOON }))).toBe(true);
    const r = await c.post(`/apiproxy/v1/dev/orders/${q.orderId}/cancel`, {});
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ starsReturned: 0, starsReversed: 1 });
    expect(await balanceOf(db(), me)).toBe(0);
    expect(await ledgerProblems(db(), me)).toEqual([]);
  });

  it('expiry: nothing before 00:00 UTC of the 1st of the 7th month; then two settles in parallel write one expire row (FIFO after a spend)', async () => {
    const u = await newUser(db());
    await grant(db(), u, 40, new Date('2026-03-10T08:00:00Z')); // expires 2026-10-01
    await grant(db(), u, 15, new Date('2026-04-02T08:00:00Z')); // expires 2026-11-01
    expect(await db().transaction((tx) => spendForOrder(tx, { userId: u, orderId: `o_${randomBytes(6).toString('hex')}`, stars: 10, description: 'spend', at: new Date('2026-05-01T00:00:00Z') }))).toBe(true);
    setNow(new Date('2026-09-30T23:59:59.999Z'));
    expect(await settleExpiry(db(), u)).toBe(45);
    expect((await db().query(`select 1 from stars_ledger where user_id = $1 and kind = 'expire'`, [u])).rows).toEqual([]);
    setNow(new Date('2026-10-01T00:00:00Z'));
    expect(await Promise.all([settleExpiry(db(), u), settleExpiry(db(), u), settleExpiry(db(), u, now())])).toEqual([15, 15, 15]);
    const expired = await db().query<{ delta: number; expire_date: string; balance_after: number }>(
      `select delta, expire_date::text as expire_date, balance_after from stars_ledger where user_id = $1 and kind = 'expire'`,
      [u],
    );
    expect(expired.rows).toEqual([{ delta: -30, expire_date: '2026-10-01', balance_after: 15 }]);
    // the second lot a month later, again once
    setNow(new Date('2026-11-01T00:00:00Z'));
    expect(await Promise.all([settleExpiry(db(), u), settleExpiry(db(), u)])).toEqual([0, 0]);
    const all = await db().query<{ delta: number; expire_date: string }>(`select delta, expire_date::text as expire_date from stars_ledger where user_id = $1 and kind = 'expire' order by id`, [u]);
    expect(all.rows).toEqual([
      { delta: -30, expire_date: '2026-10-01' },
      { delta: -15, expire_date: '2026-11-01' },
    ]);
    expect(await ledgerProblems(db(), u)).toEqual([]);
  });

  it('the hourly cleanup (settleAllExpiry) settles the next month too, after an earlier expiry row; a settled member is not picked again', async () => {
    const u = await newUser(db());
    await grant(db(), u, 40, new Date('2026-03-10T08:00:00Z')); // expires 2026-10-01
    await grant(db(), u, 15, new Date('2026-04-02T08:00:00Z')); // expires 2026-11-01
    const expireRows = async () =>
      (await db().query<{ delta: number; expire_date: string }>(`select delta, expire_date::text as expire_date from stars_ledger where user_id = $1 and kind = 'expire' order by id`, [u])).rows;
    await settleAllExpiry(db(), new Date('2026-10-05T00:00:00Z'));
    expect(await expireRows()).toEqual([{ delta: -40, expire_date: '2026-10-01' }]);
    await settleAllExpiry(db(), new Date('2026-11-05T00:00:00Z'));
    expect(await expireRows()).toEqual([
      { delta: -40, expire_date: '2026-10-01' },
      { delta: -15, expire_date: '2026-11-01' },
    ]);
    expect(await balanceOf(db(), u)).toBe(0);
    // a member whose due Stars were all spent, and every member settled above: nobody left to pick
    const spent = await newUser(db());
    await grant(db(), spent, 30, new Date('2026-03-10T08:00:00Z'));
    expect(await db().transaction((tx) => spendForOrder(tx, { userId: spent, orderId: `o_${randomBytes(6).toString('hex')}`, stars: 30, description: 'spend', at: new Date('2026-09-01T00:00:00Z') }))).toBe(true);
    await grant(db(), spent, 20, new Date('2026-11-01T08:00:00Z'), new Date('2026-11-01T08:00:00Z'));
    expect(await settleAllExpiry(db(), new Date('2026-11-05T00:00:00Z'))).toBe(0);
    expect(await balanceOf(db(), spent)).toBe(20);
    expect(await ledgerProblems(db(), u)).toEqual([]);
    expect(await ledgerProblems(db(), spent)).toEqual([]);
  });

  it('GraphQL user.loyaltyProgram: stars, level, qualifying Stars, next reward, expiringStars, expirations; signed out: no user', async () => {
    const c = testClient(appFor(db()));
    const email = await createMember(c);
    const me = await userIdOf(db(), email);
    const give = (stars: number, earnedAt?: string) => c.post('/apiproxy/v1/dev/rewards/grant', { email, stars, ...(earnedAt ? { earnedAt } : {}) });
    expect((await give(20, '2026-04-10T12:00:00Z')).json).toEqual({ balance: 0 }); // expired 2026-11-01, at once
    expect((await give(50, '2026-05-20T12:00:00Z')).json).toEqual({ balance: 50 }); // expires 2026-12-01 (within 60 days)
    expect((await give(30)).json).toEqual({ balance: 80 }); // expires 2027-06-01
    const query = `query { user { loyaltyProgram { stars level tierId qualifyingStars levelExpiresAt nextReward { tier starsToNext }
      expiringStars { stars expiresAt } expirations { expired { stars expiresAt } expiringSoon { stars expiresAt } } } } }`;
    const green = await c.post('/apiproxy/v1/graphql', { query });
    expect(green.json.errors, JSON.stringify(green.json.errors)).toBeUndefined();
    expect(green.json.data.user.loyaltyProgram).toEqual({
      stars: 80,
      level: 'green',
      tierId: 1,
      qualifyingStars: 0, // adjustments do not qualify
      levelExpiresAt: null,
      nextReward: { tier: 100, starsToNext: 20 },
      expiringStars: [
        { stars: 50, expiresAt: '2026-12-01T00:00:00.000Z' },
        { stars: 30, expiresAt: '2027-06-01T00:00:00.000Z' },
      ],
      expirations: { expired: [{ stars: 20, expiresAt: '2026-11-01T00:00:00.000Z' }], expiringSoon: [{ stars: 50, expiresAt: '2026-12-01T00:00:00.000Z' }] },
    });
    // 600 Stars earned by an order (a $300 stored-value order): gold for 365 days
    await db().transaction((tx) => earnForOrder(tx, { userId: me, orderId: `o_${randomBytes(6).toString('hex')}`, totalCents: 30_000, tender: 'SVC', at: NOON }));
    const gold = (await c.post('/apiproxy/v1/graphql', { query })).json.data.user.loyaltyProgram;
    expect(gold).toMatchObject({ stars: 680, level: 'gold', tierId: 2, qualifyingStars: 600, levelExpiresAt: new Date(NOON.getTime() + 365 * 86_400_000).toISOString(), nextReward: null });
    expect(gold.expiringStars).toContainEqual({ stars: 630, expiresAt: '2027-06-01T00:00:00.000Z' });
    const anon = await testClient(appFor(db())).post('/apiproxy/v1/graphql', { query });
    expect(anon.json.data?.user ?? null).toBeNull();
  });
});
