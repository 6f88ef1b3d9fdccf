process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterEach, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { chargeMethod, processorChargeKey } from '../cards/money.ts';
import { addCard, cardNo, createMember, gql, newKey, payCode, pinOf, saveCard } from '../cards/test-helpers.ts';
import { processor, setProcessor } from './index.ts';
import { AUTHORIZATION_HOLD_MS, CHARGE_KEY_REUSED, createSandboxProcessor, type SandboxProcessor } from './sandbox.ts';
import type { PaymentProcessor } from './processor.ts';

/**
 * Charge keys (issue 25 Medium, issue 31 "one money core"): the sandbox behaves as a real processor called
 * "authorise in the transaction, capture with the commit" (docs/cards.md "Charging a payment method"): its
 * authorisations outlive the caller's rollback, the same key answers the same result, a reused key for another
 * amount is refused. Auto reload's key derives from the request that caused the crossing, so a retry after a
 * rollback finds its first authorisation instead of placing a second hold on the member's card.
 */
const original = processor();
afterEach(() => setProcessor(original));

const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123', singleUse: false };

forEachDb('payments: charge keys', ({ db }) => {
  async function savedToken(sandbox: PaymentProcessor) {
    const t = await sandbox.tokenizeCard(db(), CARD);
    if (!t.ok) throw new Error(t.code);
    const v = await sandbox.verify(db(), t.info.token);
    expect(v.ok).toBe(true);
    return t.info.token;
  }
  const captures = async (key: string) => (await db().query<{ charge_id: string; amount_cents: number }>('select charge_id, amount_cents from sandbox_charges where idempotency_key = $1', [key])).rows;

  it('the same key and amount answer the first charge; the same key for another amount is refused; an authorisation outlives a rollback and is captured once by the retry', async () => {
    const sandbox = createSandboxProcessor();
    const token = await savedToken(sandbox);
    const key = newKey('charge');
    const first = await sandbox.charge(db(), token, 1000, key);
    expect(first.ok).toBe(true);
    const again = await sandbox.charge(db(), token, 1000, key);
    expect(again).toEqual(first);
    expect(await sandbox.charge(db(), token, 2000, key)).toEqual({ ok: false, code: CHARGE_KEY_REUSED });
    expect(sandbox.authorizations({ idempotencyKey: key })).toHaveLength(1);
    expect(await captures(key)).toEqual([{ charge_id: (first as { chargeId: string }).chargeId, amount_cents: 1000 }]);

    // the caller's transaction rolls back after the charge: the authorisation stays (a hold), nothing is captured
    const rolled = newKey('rolled');
    let held = '';
    await expect(
      db().transaction(async (tx) => {
        const r = await sandbox.charge(tx, token, 700, rolled);
        if (r.ok) held = r.chargeId;
        throw new Error('the order could not be written');
      }),
    ).rejects.toThrow('the order could not be written');
    expect(await captures(rolled)).toEqual([]);
    expect((await sandbox.uncaptured(db())).map((a) => a.chargeId)).toContain(held);
    // the retry with the same key takes that authorisation: one hold, one capture
    const retried = await db().transaction((tx) => sandbox.charge(tx, token, 700, rolled));
    expect(retried).toEqual({ ok: true, chargeId: held });
    expect(sandbox.authorizations({ idempotencyKey: rolled })).toHaveLength(1);
    expect(await captures(rolled)).toHaveLength(1);
    expect((await sandbox.uncaptured(db())).map((a) => a.chargeId)).not.toContain(held);
  });

  it('an authorisation is remembered for AUTHORIZATION_HOLD_MS, then forgotten (the network drops an uncaptured hold)', async () => {
    let t = Date.now();
    const sandbox = createSandboxProcessor({ now: () => t });
    const token = await savedToken(sandbox);
    const key = newKey('held');
    expect((await sandbox.charge(db(), token, 400, key)).ok).toBe(true);
    t += AUTHORIZATION_HOLD_MS - 1;
    expect(await sandbox.charge(db(), token, 500, key)).toEqual({ ok: false, code: CHARGE_KEY_REUSED });
    t += 2;
    expect(await sandbox.charge(db(), token, 1, newKey('other'))).toMatchObject({ ok: true });
    expect(sandbox.authorizations({ idempotencyKey: key })).toEqual([]);
  });

  it('chargeMethod: the processor key is the request key plus the token and the amount (another tip or another card is another charge)', async () => {
    const sandbox = createSandboxProcessor();
    setProcessor(sandbox);
    const token = await savedToken(sandbox);
    const other = await savedToken(sandbox);
    const key = `order-${newKey('o')}`;
    const a = await chargeMethod(db(), { processorToken: token }, 500, key);
    const b = await chargeMethod(db(), { processorToken: token }, 500, key);
    const c = await chargeMethod(db(), { processorToken: token }, 600, key);
    const d = await chargeMethod(db(), { processorToken: other }, 500, key);
    expect(b).toEqual(a);
    expect(c.ok && d.ok && a.ok).toBe(true);
    expect(new Set([a, c, d].map((x) => (x as { chargeId: string }).chargeId)).size).toBe(3);
    expect(sandbox.authorizations({ idempotencyKey: processorChargeKey(key, token, 500) })).toHaveLength(1);
    await expect(chargeMethod(db(), { processorToken: token }, 0, key)).rejects.toThrow(/positive integer/);
  });

  it('a register charge whose transaction fails after the auto-reload charge, retried with its key, authorises the auto reload once', async () => {
    const sandbox = createSandboxProcessor();
    let crash = true;
    // the processor answers, then the transaction fails before commit (as a crash between charge and commit would)
    const crashing: SandboxProcessor = {
      ...sandbox,
      async charge(tx, token, amount, key) {
        const r = await sandbox.charge(tx, token, amount, key);
        if (crash && key.startsWith('auto-')) {
          crash = false;
          throw new Error('lost the connection before commit');
        }
        return r;
      },
    };
    setProcessor(crashing);
    const c = testClient(appFor(db()));
    await createMember(c);
    const card = (await addCard(c, cardNo(207), pinOf(207))).json.card as { cardId: string }; // $100
    const method = await saveCard(c);
    expect((await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, amount: 2500, triggerAmount: 1000, paymentMethodId: method.paymentMethodId })).json.errors).toBeUndefined();
    const token = (await db().query<{ processor_token: string }>('select processor_token from payment_methods where payment_method_id = $1', [method.paymentMethodId])).rows[0]!.processor_token;

    // the register charges the pay code the barcode holds; the failed transaction's claim of it rolls back with it
    const request = { barcode: await payCode(c, card.cardId), amount: 9500, idempotencyKey: newKey('reg') };
    const failed = await c.post('/apiproxy/v1/dev/register/charge', request);
    expect(failed.status).toBe(500);
    expect((await db().query<{ balance_cents: number }>('select balance_cents from stored_value_cards where card_id = $1', [card.cardId])).rows[0]!.balance_cents).toBe(10000);
    // (the rolled-back ledger row used up its id: a sequence does not roll back, so a key taken from it changes)

    const retried = await c.post('/apiproxy/v1/dev/register/charge', request);
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    expect(retried.json.autoReloaded).toEqual({ amount: 2500, currency: 'USD' });
    const autoAuths = sandbox.authorizations({ token }).filter((a) => a.idempotencyKey.startsWith('auto-'));
    expect(autoAuths, 'one authorisation for the auto reload, however often the request is retried').toHaveLength(1);
    expect(autoAuths[0]!.idempotencyKey.startsWith(`auto-register-${request.idempotencyKey}:`)).toBe(true);
    expect(await sandbox.uncaptured(db())).toEqual([]);
    const ledger = await db().query<{ kind: string; processor_charge_id: string | null }>(`select kind, processor_charge_id from card_ledger where card_id = $1 and kind = 'auto_reload'`, [card.cardId]);
    expect(ledger.rows).toEqual([{ kind: 'auto_reload', processor_charge_id: autoAuths[0]!.chargeId }]);
  });
});
