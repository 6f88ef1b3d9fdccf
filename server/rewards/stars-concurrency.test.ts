process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { setNow } from '../clock.ts';
import { cards, newKey, saveCard } from '../cards/test-helpers.ts';
import { cancelOrder } from '../ordering/cancel.ts';
import { item, memberWithCard, op, priceInput, sku, submitInput } from '../ordering/test-helpers.ts';
import { grantStars } from './stars.ts';
import { balanceOf, ledgerProblems } from './test-helpers.ts';
import { rewardsSummary } from './summary.ts';

/**
 * docs/rewards.md 5 ("parallel orders and redemptions"): one member with Stars and a funded stored-value card; 50
 * tasks at once (stored-value orders, orders redeeming STARS100, cancels of placed orders, twice for some, summary
 * reads that settle expiry). Afterwards the ledger is the truth: balance = sum(delta), every balance_after >= 0 and
 * chained in id order, each order's earn/spend/return/reverse row at most once, spends never more than the Stars
 * allowed, the card's balance = its ledger. The failing-first check: a naive read-then-write earn (test-local)
 * loses updates on PostgreSQL, which the same invariant check catches, and the member lock of stars.ts prevents.
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

const ALL_DAY = '10003';
const DRIP = () => sku('Pike Place Roast', 'tall');
const LATTE = () => sku('Caffè Latte', 'grande', 'hot');
type C = ReturnType<typeof testClient>;

const codeOf = <T,>(p: Promise<T>) => p.then((x) => x, (e: { code?: string; message?: string }) => e.code ?? String(e.message));


async function quote(c: C, offers: Array<{ code: string }>, items: unknown[]) {
  const r = await op(c, 'price-order', { ...priceInput(ALL_DAY, items), order: { cart: { items, offers }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: '16' } } });
  expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
  return r.data as { orderId: string; summary: { price: number } };
}

/** a naive earn, as the ledger must NOT be written: read the balance, then write balance + n (no lock) */
async function naiveEarn(db: Db, userId: string, n: number) {
  await db.transaction(async (tx) => {
    await tx.query('insert into stars_balances (user_id, balance) values ($1, 0) on conflict (user_id) do nothing', [userId]);
    const b = (await tx.query<{ balance: number }>('select balance from stars_balances where user_id = $1', [userId])).rows[0]!.balance;
    await new Promise((r) => setTimeout(r, 5));
    await tx.query(`insert into stars_ledger (user_id, delta, balance_after, kind, description, created_at) values ($1, $2, $3, 'adjustment', 'naive', $4)`, [userId, n, b + n, NOON]);
    await tx.query('update stars_balances set balance = $2 where user_id = $1', [userId, b + n]);
  });
}

async function newUser(db: Queryable): Promise<string> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.query(`insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name) values ($1, $1, $2, $2, 'x', 'Pat', 'Lee')`, [id, `${id}@example.com`]);
  return id;
}

forEachDb('rewards: Stars under concurrency', ({ db, backend }) => {
  it('50 parallel stored-value orders, STARS100 redemptions, cancels (some twice) and summary reads of one member: the ledger adds up', async () => {
    const c = testClient(appFor(db()));
    const card = await memberWithCard(c, 207); // $100
    const me = (await db().query<{ id: string }>('select id from users order by created_at desc limit 1')).rows[0]!.id;
    const method = await saveCard(c);
    for (let i = 0; i < 2; i++) {
      const r = await c.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, { amount: 10000, paymentMethodId: method.paymentMethodId, idempotencyKey: newKey('rl') });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    await db().transaction((tx) => grantStars(tx, { userId: me, stars: 400, kind: 'adjustment', description: 'test grant', earnedAt: NOON, at: NOON }));

    // placed before: 8 stored-value orders and 2 with STARS100 (to be cancelled in the storm)
    const placed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const q = i < 2 ? await quote(c, [{ code: 'STARS100' }], [item(DRIP()), item(LATTE())]) : await quote(c, [], [item(DRIP())]);
      const r = await op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
      expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
      placed.push(q.orderId);
    }
    const before = await balanceOf(db(), me);
    const maxBefore = (await db().query<{ id: string }>('select coalesce(max(id), 0) as id from stars_ledger')).rows[0]!.id;
    // priced before the storm: 20 plain orders, 15 redeeming STARS100 (more than the Stars allow)
    const plain = [];
    for (let i = 0; i < 20; i++) plain.push(await quote(c, [], [item(DRIP())]));
    const redeem = [];
    for (let i = 0; i < 15; i++) redeem.push(await quote(c, [{ code: 'STARS100' }], [item(DRIP()), item(LATTE())]));

    const submit = (q: { orderId: string; summary: { price: number } }) => op(c, 'submit-order', submitInput(q.orderId, ALL_DAY, { tender: 'SVC', id: card.cardId, amount: q.summary.price }));
    const tasks: Array<() => Promise<unknown>> = [
      ...plain.map((q) => () => submit(q)),
      ...redeem.map((q) => () => submit(q)),
      ...placed.map((id) => () => codeOf(cancelOrder(db(), id, 'storm'))),
      ...placed.slice(0, 3).map((id) => () => codeOf(cancelOrder(db(), id, 'storm again'))),
      ...[0, 1].map(() => () => rewardsSummary(db(), me)),
    ];
    // interleave the kinds, then start all at once
    tasks.sort(() => Math.random() - 0.5);
    const results = await Promise.all(tasks.map((f) => f()));
    expect(results).toHaveLength(50);

    const plainResults = await Promise.all(plain.map((q) => db().query<{ status: string }>('select status from orders where order_id = $1', [q.orderId])));
    expect(plainResults.map((r) => r.rows[0]?.status)).toEqual(plain.map(() => 'placed'));
    // each STARS100 order placed spent 100 Stars once; the refused ones are stale (the Stars ran out), nothing else
    const spends = await db().query<{ order_id: string; delta: number }>(`select order_id, delta from stars_ledger where user_id = $1 and kind = 'spend' and id > $2`, [me, maxBefore]);
    const placedRedeem = (await db().query<{ order_id: string }>('select order_id from orders where order_id = any($1::text[])', [redeem.map((q) => q.orderId)])).rows.map((r) => r.order_id);
    expect(spends.rows.map((r) => r.order_id).sort()).toEqual([...placedRedeem].sort());
    expect(spends.rows.every((r) => r.delta === -100)).toBe(true);
    expect(placedRedeem.length).toBeGreaterThanOrEqual(Math.floor(before / 100));
    // spends never more than the Stars allowed: the balance before plus every Star written during the storm
    const came = (await db().query<{ n: number }>('select coalesce(sum(delta), 0)::int as n from stars_ledger where user_id = $1 and delta > 0 and id > $2', [me, maxBefore])).rows[0]!.n;
    expect(placedRedeem.length * 100).toBeLessThanOrEqual(before + came);
    // each cancel once: 10 cancelled, the 3 second tries 409
    const cancelCodes = results.filter((r) => typeof r === 'string');
    expect(cancelCodes).toEqual(['ORDER_ALREADY_CANCELLED', 'ORDER_ALREADY_CANCELLED', 'ORDER_ALREADY_CANCELLED']);
    const cancelled = await db().query<{ n: number }>(`select count(*)::int as n from orders where order_id = any($1::text[]) and status = 'cancelled'`, [placed]);
    expect(cancelled.rows[0]!.n).toBe(10);
    // each order's rows at most once; the earn row = orders.stars_earned; a reversal never more than the earn
    const twice = await db().query('select order_id, kind, count(*) from stars_ledger where user_id = $1 and order_id is not null group by order_id, kind having count(*) > 1', [me]);
    expect(twice.rows).toEqual([]);
    const perOrder = await db().query<{ order_id: string; stars_earned: number; stars_spent: number; status: string; earn: number; spend: number; ret: number; rev: number }>(
      `select o.order_id, o.stars_earned, o.stars_spent, o.status,
              coalesce(sum(l.delta) filter (where l.kind in ('earn', 'bonus')), 0)::int as earn,
              coalesce(-sum(l.delta) filter (where l.kind = 'spend'), 0)::int as spend,
              coalesce(sum(l.delta) filter (where l.kind = 'return_spend'), 0)::int as ret,
              coalesce(-sum(l.delta) filter (where l.kind = 'reverse_earn'), 0)::int as rev
         from orders o left join stars_ledger l on l.order_id = o.order_id where o.user_id = $1 group by o.order_id`,
      [me],
    );
    expect(perOrder.rows).toHaveLength(10 + 20 + placedRedeem.length);
    for (const o of perOrder.rows) {
      expect(o.earn, o.order_id).toBe(o.stars_earned);
      expect(o.spend, o.order_id).toBe(o.stars_spent);
      if (o.status === 'cancelled') {
        expect(o.ret, o.order_id).toBe(o.stars_spent);
        expect(o.rev, o.order_id).toBeLessThanOrEqual(o.earn);
      } else expect([o.ret, o.rev], o.order_id).toEqual([0, 0]);
    }
    expect(await ledgerProblems(db(), me)).toEqual([]);
    // the card: never below 0, its balance = its ledger; the cancelled orders refunded once each
    const balance = (await cards(c)).find((k) => k.cardId === card.cardId)!.balance.amount;
    expect(balance).toBeGreaterThanOrEqual(0);
    const cardSum = await db().query<{ s: number }>('select coalesce(sum(amount_cents), 0)::int as s from card_ledger where card_id = $1', [card.cardId]);
    expect(cardSum.rows[0]!.s).toBe(balance);
    const refunds = await db().query<{ n: number }>(`select count(*)::int as n from card_ledger where card_id = $1 and description like 'Refund for order %'`, [card.cardId]);
    expect(refunds.rows[0]!.n).toBe(10);
  });

  it.runIf(backend === 'postgres')('failing first: a naive read-then-write earn loses updates on PostgreSQL (the check catches it); grantStars under the member lock does not', async () => {
    const naive = await newUser(db());
    await Promise.all(Array.from({ length: 30 }, () => naiveEarn(db(), naive, 5)));
    const problems = await ledgerProblems(db(), naive);
    expect(problems.length).toBeGreaterThan(0);
    expect(await balanceOf(db(), naive)).toBeLessThan(150); // lost updates

    const locked = await newUser(db());
    await Promise.all(Array.from({ length: 30 }, () => db().transaction((tx) => grantStars(tx, { userId: locked, stars: 5, kind: 'adjustment', description: 'parallel', earnedAt: NOON, at: NOON }))));
    expect(await ledgerProblems(db(), locked)).toEqual([]);
    expect(await balanceOf(db(), locked)).toBe(150);
  });
});
