process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import { MAX_CARD_BALANCE_CENTS } from '../../contracts/cards.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { addCard, cardNo, cards, createMember, gql, newKey, payCode, pinOf, saveCard } from './test-helpers.ts';

/**
 * 200 parallel money calls at one card (reloads, transfers both ways, register charges, and replays of keys
 * already used): the balance never leaves [0, 50000] (CHECK + conditional UPDATEs), the ledger sums to every
 * card's balance, and a replayed key moves nothing.
 */
forEachDb('cards concurrency', ({ db }) => {
  it('200 parallel reloads, transfers and register charges at one card', async () => {
    const app = appFor(db());
    const c = testClient(app);
    await createMember(c);
    const hot = (await addCard(c, cardNo(207), pinOf(207))).json.card as { cardId: string };
    const other = (await addCard(c, cardNo(208), pinOf(208))).json.card as { cardId: string };
    const method = await saveCard(c);
    // auto reload on the hot card too: debits fire it inside their transactions
    const ar = await gql(c, 'CREATE_AUTO_RELOAD', { cardId: hot.cardId, amount: 2500, triggerAmount: 1000, paymentMethodId: method.paymentMethodId });
    expect(ar.json.errors).toBeUndefined();

    const codes = await Promise.all(Array.from({ length: 50 }, () => payCode(c, hot.cardId)));
    const replayKeys: Array<() => Promise<{ status: number; json: any }>> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
    const calls: Array<() => Promise<{ status: number; json: any }>> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let i = 0; i < 200; i++) {
      const key = newKey('cc');
      let call: () => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
      switch (i % 4) {
        case 0:
          call = () => c.post(`/apiproxy/v1/account/cards/${hot.cardId}/reload`, { amount: [1000, 2500, 5000, 10000][i % 3]!, paymentMethodId: method.paymentMethodId, idempotencyKey: key });
          break;
        case 1: {
          // each sale scans its own pay code (a code pays once)
          const barcode = codes[(i - 1) / 4]!;
          call = () => c.post('/apiproxy/v1/dev/register/charge', { barcode, amount: 700 + (i % 9) * 450, idempotencyKey: key });
          break;
        }
        case 2:
          call = () => c.post('/apiproxy/v1/account/cards/transfer', { sourceCardId: hot.cardId, targetCardId: other.cardId, amount: 1500, idempotencyKey: key });
          break;
        default:
          call = () => c.post('/apiproxy/v1/account/cards/transfer', { sourceCardId: other.cardId, targetCardId: hot.cardId, amount: 2000, idempotencyKey: key });
      }
      calls.push(call);
      if (i % 10 === 0) replayKeys.push(call); // the same request again, concurrently
    }
    const results = await Promise.all([...calls, ...replayKeys].map((f) => f()));
    for (const r of results) {
      // every answer is a success or a clean business refusal: never a 5xx
      expect(r.status, JSON.stringify(r.json)).toBeLessThan(500);
      if (r.status !== 200) expect(['121023', '121025', 'INSUFFICIENT_BALANCE']).toContain(r.json.code);
    }
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(50);
    expect(results.filter((r) => r.json?.duplicate?.code === '121063').length).toBeGreaterThan(0);

    // balances in range; the ledger recomputes every balance
    const mismatched = await db().query<{ card_id: string }>(
      `select c.card_id from stored_value_cards c left join (select card_id, sum(amount_cents) as s from card_ledger group by card_id) l on l.card_id = c.card_id
        where coalesce(l.s, 0) <> c.balance_cents`,
    );
    expect(mismatched.rows).toEqual([]);
    for (const k of await cards(c)) {
      expect(k.balance.amount).toBeGreaterThanOrEqual(0);
      expect(k.balance.amount).toBeLessThanOrEqual(MAX_CARD_BALANCE_CENTS);
    }
    // ledger rows carry the balance after each movement, all within bounds
    const out = await db().query<{ n: number }>('select count(*)::int as n from card_ledger where balance_after_cents < 0 or balance_after_cents > 50000');
    expect(out.rows[0]!.n).toBe(0);
    // one ledger movement per successful key (replays added none): count distinct keys on the hot card's ledger
    const keyed = await db().query<{ n: number }>(`select count(distinct idempotency_key)::int as n from card_ledger where idempotency_key like 'cc-%'`);
    const firstAnswers = ok.filter((r) => !r.json.duplicate).length;
    expect(keyed.rows[0]!.n).toBe(firstAnswers);
  });
});
