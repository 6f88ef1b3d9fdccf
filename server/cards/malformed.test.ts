process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { addCard, cardNo, createMember, pinOf, saveCard } from './test-helpers.ts';

/** Malformed input to every endpoint of issue 9: always a 4xx in the error shape, never a 5xx, nothing moves. */
const BODIES: unknown[] = ['not json{', '[]', 'null', '"text"', '42', {}, { amount: '1e309' }, { amount: 1e20, idempotencyKey: 'x'.repeat(500) }, { cardNumber: ['1'], securityCode: { a: 1 } }, { token: null, number: 4242 }, { input: 'x', sourceCardId: 5 }];

forEachDb('cards malformed input', ({ db }) => {
  it('REST and GraphQL endpoints answer 4xx to malformed bodies', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    const card = (await addCard(c, cardNo(207), pinOf(207))).json.card;
    const m = await saveCard(c);
    const posts = [
      '/apiproxy/v1/account/cards/barcode',
      '/apiproxy/v1/account/cards/get-card-info-from-token',
      '/apiproxy/v1/account/cards/add',
      '/apiproxy/v1/account/cards/transfer',
      `/apiproxy/v1/account/cards/${card.cardId}/reload`,
      '/apiproxy/v1/account/payment-methods',
      `/apiproxy/v1/account/payment-methods/${m.paymentMethodId}/default`,
      '/apiproxy/v1/sandbox-processor/tokens',
      '/apiproxy/v1/sandbox-processor/paypal/approve',
      '/apiproxy/v1/dev/register/charge',
      '/apiproxy/v1/graphql',
    ];
    for (const path of posts)
      for (const body of BODIES) {
        const r = await c.post(path, body);
        expect(r.status, `${path} ${JSON.stringify(body)} → ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(r.status, path).toBeGreaterThanOrEqual(200);
      }
    for (const body of BODIES) {
      const r = await c.patch(`/apiproxy/v1/account/payment-methods/${m.paymentMethodId}`, body);
      expect(r.status).toBeLessThan(500);
      const p = await c.patch(`/apiproxy/v1/account/cards/${card.cardId}`, body);
      expect(p.status).toBeLessThan(500);
    }
    for (const bad of ['%00', 'x'.repeat(300), '..', "'; drop table cards; --"]) {
      const r = await c.get(`/apiproxy/v1/account/cards/${encodeURIComponent(bad)}`);
      expect([400, 404]).toContain(r.status);
    }
    const gqlBad = [
      { query: 'mutation { createAutoReload(cardId: "x", amount: "ten") { cardId } }' },
      { query: 'mutation($i: AddressInput!) { createAddress(input: $i) { addressId } }', variables: { i: { firstName: 5 } } },
      { query: 'mutation { transferCardBalance(sourceCardId: "a", targetCardId: "b", amount: 99999999999, idempotencyKey: "k") { amount } }' },
      { query: '{ user { addressList { nope } } }' },
    ];
    for (const body of gqlBad) {
      const r = await c.post('/apiproxy/v1/graphql', body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.json.errors?.[0]?.extensions?.code ?? 'GRAPHQL', JSON.stringify(r.json)).not.toBe('INTERNAL_SERVER_ERROR');
    }
    const ledger = await db().query<{ n: number }>(`select count(*)::int as n from card_ledger where card_id = $1 and kind <> 'opening'`, [card.cardId]);
    expect(ledger.rows[0]!.n).toBe(0);
  });
});
