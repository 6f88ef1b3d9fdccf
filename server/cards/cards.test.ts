process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // account creation per IP: each member comes from its own address

import { PNG } from 'pngjs';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { CardMessages } from '../../contracts/cards.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import type { Client } from '../test/accounts.ts';
import { TEST_CARDS, PAYPAL_SCENARIOS } from '../payments/sandbox.ts';
import { addCard, cardNo, cards, createMember, freeCard, gql, newKey, payCode, pinOf, registerCharge, saveCard, tokenize } from './test-helpers.ts';

function decodePng(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const lum = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < lum.length; i++) lum[i] = (png.data[i * 4]! * 299 + png.data[i * 4 + 1]! * 587 + png.data[i * 4 + 2]! * 114) / 1000;
  const reader = new MultiFormatReader();
  reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.PDF_417]], [DecodeHintType.TRY_HARDER, true]]));
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, png.width, png.height)))).getText();
}

const groupedBy4 = (n: string) => n.replace(/(.{4})(?=.)/g, '$1 ');

forEachDb('cards and payments', ({ db }) => {
  const newClient = () => testClient(appFor(db()));
  async function member() {
    const c = newClient();
    await createMember(c);
    return c;
  }
  async function memberWithCard() {
    const c = await member();
    const card = freeCard();
    const r = await addCard(c, card.number, card.pin);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return { c, card: r.json.card as { cardId: string; lastFour: string; balance: { amount: number } }, number: card.number };
  }
  const balanceOf = async (c: Client, cardId: string) => (await c.get(`/apiproxy/v1/account/cards/${cardId}`)).json.card.balance.amount as number;

  describe('add card (spec 4, 8)', () => {
    it('registers a seeded physical card with its balance; the account keeps its digital primary', async () => {
      const c = await member();
      const card = freeCard();
      const r = await addCard(c, card.number, card.pin);
      expect(r.status).toBe(200);
      expect(r.json.addedAmount).toEqual({ amount: card.balance, currency: 'USD' });
      // no full card number after registration: the last four only (issue 25)
      expect([r.json.card.cardNumber, r.json.card.lastFour]).toEqual([undefined, card.number.slice(-4)]);
      expect(r.json.card.isPrimary).toBe(false);
      const list = await cards(c);
      expect(list).toHaveLength(2);
      expect(list[0]!.isPrimary).toBe(true);
    });

    it('transferCard moves the new balance onto the primary card; makePrimary makes it primary', async () => {
      const c = await member();
      const card = freeCard();
      const r = await addCard(c, card.number, card.pin, { transferCard: true });
      expect(r.json.transferred).toEqual({ amount: card.balance, currency: 'USD' });
      expect(r.json.card.balance.amount).toBe(0);
      const primary = (await cards(c)).find((k) => k.isPrimary)!;
      expect(primary.balance.amount).toBe(card.balance);
      const other = freeCard();
      const p = await addCard(c, other.number, other.pin, { makePrimary: true });
      expect(p.json.card.isPrimary).toBe(true);
      expect(p.json.makePrimaryFailed).toBe(false);
    });

    it('a digital card can be added', async () => {
      const c = await member();
      const r = await c.post('/apiproxy/v1/account/cards/add', { digitalCard: true, nickname: 'Second' });
      expect(r.status).toBe(200);
      expect(r.json.card.nickname).toBe('Second');
      expect(r.json.card.cardNumber).toBeUndefined();
      expect(r.json.card.lastFour).toMatch(/^[0-9]{4}$/);
    });

    const cases: Array<[string, string, string, string]> = [
      ['wrong security code', cardNo(11), '00000000', '121001'],
      ['unknown number', '6000999999999999', '12345678', '121001'],
      ['already registered', cardNo(10), pinOf(10), '122000'],
      ['inactive', cardNo(9), pinOf(9), '121030'],
      ['lost', cardNo(201), pinOf(201), '121032'],
      ['stolen', cardNo(202), pinOf(202), '121032'],
      ['store credit', cardNo(203), pinOf(203), '121024'],
      ['closed', cardNo(204), pinOf(204), '121037'],
    ];
    for (const [what, number, pin, code] of cases) {
      it(`${what} → ${code}`, async () => {
        const c = await member();
        const r = await addCard(c, number, pin);
        expect(r.status).toBe(422);
        expect(r.json.code).toBe(code);
        expect(r.json.message).toBeTruthy();
      });
    }

    it('a bad number or security code is 400 naming the field', async () => {
      const c = await member();
      const r = await addCard(c, '1234', '12345678');
      expect(r.status).toBe(400);
      expect(r.json.field).toBe('cardNumber');
      expect(r.json.issues[0].message).toBe('A valid card number has 16 digits.');
      const p = await addCard(c, cardNo(11), '12');
      expect(p.json.field).toBe('securityCode');
      expect(p.json.issues[0].message).toBe('A valid security code has 8 digits.');
    });

    it('get-card-info-from-token resolves the sandbox eGift link; an unknown token is 121000', async () => {
      const c = await member();
      const r = await c.post('/apiproxy/v1/account/cards/get-card-info-from-token', { cashstarToken: 'sandbox-egift-0211' });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ cardNumber: cardNo(211), securityCode: pinOf(211), balance: { amount: 2500 }, registered: false });
      const bad = await c.post('/apiproxy/v1/account/cards/get-card-info-from-token', { cashstarToken: 'sandbox-egift-9999' });
      expect(bad.json.code).toBe('121000');
    });
  });

  describe('barcode (spec 4 "Barcode pay") and pay codes (issue 25)', () => {
    it('no answer outside the pay view carries the full card number: list, detail, add, remove', async () => {
      const { c, card, number } = await memberWithCard();
      const list = await c.get('/apiproxy/v1/account/cards');
      const detail = await c.get(`/apiproxy/v1/account/cards/${card.cardId}`);
      expect(list.text).not.toContain(number);
      expect(detail.text).not.toContain(number);
      expect(detail.json.card.lastFour).toBe(number.slice(-4));
      const spent = await registerCharge(c, card.cardId, card.balance.amount);
      expect([spent.status, spent.json.cardNumber]).toEqual([200, `•••• ${number.slice(-4)}`]);
      const removed = await c.post(`/apiproxy/v1/account/cards/${card.cardId}/remove`);
      expect([removed.status, removed.json]).toEqual([200, { cardNumber: `•••• ${number.slice(-4)}` }]);
    });

    it('the barcode decodes (zxing) to a fresh 16-digit pay code, not the card number; the register charges it once', async () => {
      const { c, card, number } = await memberWithCard();
      const r = await c.post('/apiproxy/v1/account/cards/barcode', { cardId: card.cardId });
      expect(r.status).toBe(200);
      expect(r.json.uri).toMatch(/^data:image\/png;base64,/);
      expect(r.text).not.toContain(number);
      const decoded = decodePng(r.json.uri);
      expect(decoded).toMatch(/^[0-9]{16}$/);
      expect(decoded).toBe(r.json.code);
      expect(decoded).not.toBe(number);
      expect(r.json.lastFour).toBe(number.slice(-4));
      expect(Date.parse(r.json.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
      expect(Date.parse(r.json.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      // rotating: every opening of the pay view gets another code
      const other = await c.post('/apiproxy/v1/account/cards/barcode', { cardId: card.cardId });
      expect(other.json.code).not.toBe(decoded);
      // only the hash is stored
      const stored = await db().query<{ code_hash: string }>('select code_hash from card_pay_codes where card_id = $1', [card.cardId]);
      expect(stored.rows).toHaveLength(2);
      expect(stored.rows.map((x) => x.code_hash).join()).not.toContain(decoded);

      const charge = await c.post('/apiproxy/v1/dev/register/charge', { barcode: groupedBy4(decoded), amount: 100, idempotencyKey: newKey() });
      expect(charge.status, JSON.stringify(charge.json)).toBe(200);
      expect(charge.json.balance.amount).toBe(card.balance.amount - 100);
      // the same code again (another sale, another key): refused, nothing moves
      const second = await c.post('/apiproxy/v1/dev/register/charge', { barcode: decoded, amount: 100, idempotencyKey: newKey() });
      expect([second.status, second.json.code, second.json.message]).toEqual([410, 'BARCODE_EXPIRED', CardMessages.barcodeExpired]);
      expect(await balanceOf(c, card.cardId)).toBe(card.balance.amount - 100);
      // the card number is no longer a barcode the register takes
      const byNumber = await c.post('/apiproxy/v1/dev/register/charge', { barcode: number, amount: 100, idempotencyKey: newKey() });
      expect([byNumber.status, byNumber.json.code]).toEqual([404, 'CARD_NOT_FOUND']);
      expect(await balanceOf(c, card.cardId)).toBe(card.balance.amount - 100);
    });

    it('an expired pay code is refused; a code of a card removed since is refused', async () => {
      const { c, card } = await memberWithCard();
      const code = await payCode(c, card.cardId);
      await db().query(`update card_pay_codes set expires_at = now() - interval '1 second' where card_id = $1`, [card.cardId]);
      const expired = await c.post('/apiproxy/v1/dev/register/charge', { barcode: code, amount: 100, idempotencyKey: newKey() });
      expect([expired.status, expired.json.code]).toEqual([410, 'BARCODE_EXPIRED']);
      expect(await balanceOf(c, card.cardId)).toBe(card.balance.amount);
      // spend it all with a fresh code, remove the card: a code issued before the removal no longer pays
      const stale = await payCode(c, card.cardId);
      expect((await registerCharge(c, card.cardId, card.balance.amount)).status).toBe(200);
      expect((await c.post(`/apiproxy/v1/account/cards/${card.cardId}/remove`)).status).toBe(200);
      const afterRemove = await c.post('/apiproxy/v1/dev/register/charge', { barcode: stale, amount: 100, idempotencyKey: newKey() });
      expect([afterRemove.status, afterRemove.json.code]).toEqual([410, 'BARCODE_EXPIRED']);
    });

    it('a refused charge (not enough money) leaves the code usable; a replay of the key answers the first answer', async () => {
      const { c, card } = await memberWithCard();
      const code = await payCode(c, card.cardId);
      const low = await c.post('/apiproxy/v1/dev/register/charge', { barcode: code, amount: card.balance.amount + 1, idempotencyKey: newKey() });
      expect([low.status, low.json.code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
      const key = newKey();
      const ok = await c.post('/apiproxy/v1/dev/register/charge', { barcode: code, amount: 1, idempotencyKey: key });
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      const replay = await c.post('/apiproxy/v1/dev/register/charge', { barcode: code, amount: 1, idempotencyKey: key });
      expect([replay.status, replay.json.duplicate?.code, replay.json.balance]).toEqual([200, '121063', ok.json.balance]);
    });

    it('parallel charges with one pay code: exactly one moves money', async () => {
      const { c, card } = await memberWithCard();
      const code = await payCode(c, card.cardId);
      const results = await Promise.all(Array.from({ length: 8 }, () => c.post('/apiproxy/v1/dev/register/charge', { barcode: code, amount: 1, idempotencyKey: newKey() })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.json.code]).toEqual([410, 'BARCODE_EXPIRED']);
      expect(await balanceOf(c, card.cardId)).toBe(card.balance.amount - 1);
    });

    it("another member's card is 121034 (not registered), by id or by number", async () => {
      const { card, number } = await memberWithCard();
      const other = await member();
      for (const body of [{ cardId: card.cardId }, { cardNumber: number }]) {
        const r = await other.post('/apiproxy/v1/account/cards/barcode', body);
        expect([r.status, r.json.code]).toEqual([422, '121034']);
      }
      const neither = await other.post('/apiproxy/v1/account/cards/barcode', {});
      expect(neither.status).toBe(400);
    });
  });

  describe('payment methods and the sandbox processor', () => {
    it('saves 4242… with brand, last four and expiry only; the first method is the default', async () => {
      const c = await member();
      const m = await saveCard(c);
      expect(m).toMatchObject({ accountNumberLastFour: '4242', default: true });
      const list = (await c.get('/apiproxy/v1/account/payment-methods')).json.paymentMethods;
      expect(list).toHaveLength(1);
      expect(list[0].paymentType).toBe('visa');
      // no table holds the full number or the security code
      for (const table of ['payment_methods', 'sandbox_vault', 'sandbox_charges', 'card_ledger', 'idempotency_keys']) {
        const r = await db().query<{ t: string }>(`select t::text as t from ${table} t`);
        expect(r.rows.some((row) => row.t.includes('4242424242424242'))).toBe(false);
      }
    });

    it('detects brands: mastercard, amex, discover', async () => {
      const c = await member();
      for (const [n, brand] of [['5555555555554444', 'mastercard'], ['378282246310005', 'amex'], ['6011111111111117', 'discover']] as const) {
        const t = await tokenize(c, n);
        expect(t.json.brand).toBe(brand);
      }
    });

    it('a number failing Luhn is 121017; an unknown brand 121000; a past expiry 121044', async () => {
      const c = await member();
      expect((await tokenize(c, '4242424242424241')).json.code).toBe('121017');
      expect((await tokenize(c, '9999999999999995')).json.code).toBe('121000');
      const old = await tokenize(c, '4242424242424242', { expYear: 2020 });
      const r = await c.post('/apiproxy/v1/account/payment-methods', { token: old.json.token });
      expect(r.json.code).toBe('121044');
    });

    for (const [number, s] of Object.entries(TEST_CARDS)) {
      it(`test number ${number} → ${s.code} at ${s.stage}`, async () => {
        const c = await member();
        const t = await tokenize(c, number);
        if (s.stage === 'tokenize') {
          expect(t.status).toBe(402);
          expect(t.json.code).toBe(s.code);
          return;
        }
        const saved = await c.post('/apiproxy/v1/account/payment-methods', { token: t.json.token });
        if (s.stage === 'verify') {
          expect(saved.status).toBe(402);
          expect(saved.json.code).toBe(s.code);
          expect((await c.get('/apiproxy/v1/account/payment-methods')).json.paymentMethods).toHaveLength(0);
          return;
        }
        expect(saved.status).toBe(200);
        const [card] = await cards(c);
        const r = await c.post(`/apiproxy/v1/account/cards/${card!.cardId}/reload`, { amount: 2500, paymentMethodId: saved.json.paymentMethod.paymentMethodId, idempotencyKey: newKey() });
        expect(r.status).toBe(402);
        expect(r.json.code).toBe(s.code);
        expect(await balanceOf(c, card!.cardId)).toBe(card!.balance.amount);
      });
    }

    for (const [email, s] of Object.entries(PAYPAL_SCENARIOS)) {
      it(`PayPal sandbox ${email} → ${s.code}`, async () => {
        const c = await member();
        const t = await c.post('/apiproxy/v1/sandbox-processor/paypal/approve', { email });
        const saved = await c.post('/apiproxy/v1/account/payment-methods', { token: t.json.token });
        if (s.stage === 'verify') {
          expect(saved.json.code).toBe(s.code);
          return;
        }
        const [card] = await cards(c);
        const r = await c.post(`/apiproxy/v1/account/cards/${card!.cardId}/reload`, { amount: 1000, paymentMethodId: saved.json.paymentMethod.paymentMethodId, idempotencyKey: newKey() });
        expect(r.json.code).toBe(s.code);
      });
    }

    it('PayPal buyer@example.com saves a paypal method; guests cannot approve PayPal', async () => {
      const c = await member();
      const t = await c.post('/apiproxy/v1/sandbox-processor/paypal/approve', { email: 'buyer@example.com' });
      const saved = await c.post('/apiproxy/v1/account/payment-methods', { token: t.json.token });
      expect(saved.json.paymentMethod).toMatchObject({ paymentType: 'paypal', accountEmail: 'buyer@example.com' });
      const guest = newClient();
      expect((await guest.post('/apiproxy/v1/sandbox-processor/paypal/approve', { email: 'buyer@example.com' })).status).toBe(401);
    });

    it('a guest single-use token can be charged once, not saved', async () => {
      const guest = newClient();
      const t = await tokenize(guest, '4242424242424242', { singleUse: true });
      expect(t.status).toBe(200);
      const c = await member();
      const saved = await c.post('/apiproxy/v1/account/payment-methods', { token: t.json.token });
      expect(saved.json.code).toBe('PAYMENT_TOKEN_EXPIRED');
    });

    it('default, edit and remove', async () => {
      const c = await member();
      const a = await saveCard(c);
      const b = await saveCard(c, '5555555555554444');
      expect(b.default).toBe(false);
      const d = await c.post(`/apiproxy/v1/account/payment-methods/${b.paymentMethodId}/default`);
      expect(d.json.paymentMethods[0].paymentMethodId).toBe(b.paymentMethodId);
      const e = await c.patch(`/apiproxy/v1/account/payment-methods/${a.paymentMethodId}`, { expMonth: 1, expYear: 2031 });
      expect(e.json.paymentMethod).toMatchObject({ expMonth: 1, expYear: 2031 });
      const bad = await c.patch(`/apiproxy/v1/account/payment-methods/${a.paymentMethodId}`, { expMonth: 13 });
      expect(bad.status).toBe(400);
      expect(bad.json.field).toBe('expMonth');
      const r = await c.del(`/apiproxy/v1/account/payment-methods/${b.paymentMethodId}`);
      expect(r.json.paymentMethods).toHaveLength(1);
      expect(r.json.paymentMethods[0].default).toBe(true);
    });
  });

  describe('reload (add money)', () => {
    it('adds the amount; a replay returns the first answer with 121063 and moves nothing; another amount under the key is refused', async () => {
      const { c, card } = await memberWithCard();
      const m = await saveCard(c);
      const key = newKey();
      const body = { amount: 2500, paymentMethodId: m.paymentMethodId, idempotencyKey: key };
      const first = await c.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, body);
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expect(first.json.card.balance.amount).toBe(card.balance.amount + 2500);
      expect(first.json.duplicate).toBeUndefined();
      const again = await c.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, body);
      expect(again.status).toBe(200);
      expect(again.json.duplicate).toEqual({ code: '121063', message: 'We already received your request, thanks!' });
      expect(again.json.card).toEqual(first.json.card);
      expect(await balanceOf(c, card.cardId)).toBe(card.balance.amount + 2500);
      const other = await c.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, { ...body, amount: 1000 });
      expect(other.status).toBe(422);
      expect(other.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
      const charges = await db().query<{ n: number }>(`select count(*)::int as n from card_ledger where card_id = $1 and kind = 'reload'`, [card.cardId]);
      expect(charges.rows[0]!.n).toBe(1);
    });

    it('121005 without an amount, 121036 for an amount not offered, 121023 past $500, 400 without a method', async () => {
      const c = await member();
      const m = await saveCard(c);
      const big = await addCard(c, cardNo(205), pinOf(205));
      const cardId = big.json.card.cardId as string;
      const url = `/apiproxy/v1/account/cards/${cardId}/reload`;
      const none = await c.post(url, { paymentMethodId: m.paymentMethodId, idempotencyKey: newKey() });
      expect([none.status, none.json.code, none.json.field]).toEqual([400, '121005', 'amount']);
      const odd = await c.post(url, { amount: 1234, paymentMethodId: m.paymentMethodId, idempotencyKey: newKey() });
      expect([odd.status, odd.json.code]).toEqual([400, '121036']);
      const str = await c.post(url, { amount: 'ten', paymentMethodId: m.paymentMethodId, idempotencyKey: newKey() });
      expect([str.status, str.json.code, str.json.field]).toEqual([400, '121036', 'amount']);
      const over = await c.post(url, { amount: 1000, paymentMethodId: m.paymentMethodId, idempotencyKey: newKey() });
      expect([over.status, over.json.code, over.json.message]).toEqual([422, '121023', CardMessages.balanceLimit]);
      expect(await balanceOf(c, cardId)).toBe(49500);
      const noMethod = await c.post(url, { amount: 1000, idempotencyKey: newKey() });
      expect([noMethod.status, noMethod.json.field]).toEqual([400, 'paymentMethodId']);
      const noKey = await c.post(url, { amount: 1000, paymentMethodId: m.paymentMethodId });
      expect([noKey.status, noKey.json.field]).toEqual([400, 'idempotencyKey']);
    });
  });

  describe('auto reload (GraphQL) and the register', () => {
    it('create, fire on a register charge under the trigger, update, disable', async () => {
      const { c, card } = await memberWithCard();
      const m = await saveCard(c);
      const missing = await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, triggerAmount: 1000, paymentMethodId: m.paymentMethodId });
      expect(missing.json.errors![0]!.extensions).toMatchObject({ code: '121009', field: 'amount' });
      const noTrigger = await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, amount: 2500, paymentMethodId: m.paymentMethodId });
      expect(noTrigger.json.errors![0]!.extensions.code).toBe('121010');
      const created = await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, amount: 2500, triggerAmount: 1000, paymentMethodId: m.paymentMethodId });
      expect(created.json.data!.createAutoReload).toMatchObject({ isActive: true, amount: 2500, triggerAmount: 1000, paymentInstrumentId: m.paymentInstrumentId });
      // spend down to under $10: the card is reloaded in the same transaction
      const start = card.balance.amount;
      const charge = await registerCharge(c, card.cardId, start - 500);
      expect(charge.status, JSON.stringify(charge.json)).toBe(200);
      expect(charge.json.autoReloaded).toEqual({ amount: 2500, currency: 'USD' });
      expect(charge.json.balance.amount).toBe(3000);
      const detail = (await c.get(`/apiproxy/v1/account/cards/${card.cardId}`)).json;
      expect(detail.history[0]).toMatchObject({ kind: 'auto_reload', amount: { amount: 2500 } });
      expect(detail.card.autoReloadProfile.lastFiredAt).toBeTruthy();
      const updated = await gql(c, 'UPDATE_AUTO_RELOAD', { cardId: card.cardId, amount: 5000, triggerAmount: 1500, paymentMethodId: m.paymentMethodId });
      expect(updated.json.data!.updateAutoReload).toMatchObject({ amount: 5000, triggerAmount: 1500 });
      const dup = await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, amount: 2500, triggerAmount: 1000, paymentMethodId: m.paymentMethodId });
      expect(dup.json.errors![0]!.extensions.code).toBe('CONFLICT');
      const off = await gql(c, 'DISABLE_AUTO_RELOAD', { cardId: card.cardId });
      expect(off.json.data!.disableAutoReload.isActive).toBe(false);
      const again = await registerCharge(c, card.cardId, 2600);
      expect(again.json.autoReloaded).toBeNull();
      expect(again.json.balance.amount).toBe(400);
    });

    it('a refused auto reload charge keeps the sale and records the code', async () => {
      const { c, card } = await memberWithCard();
      const m = await saveCard(c, '4000000000000341');
      await gql(c, 'CREATE_AUTO_RELOAD', { cardId: card.cardId, amount: 2500, triggerAmount: 5000, paymentMethodId: m.paymentMethodId });
      const charge = await registerCharge(c, card.cardId, 100);
      expect(charge.json.autoReloaded).toBeNull();
      expect(charge.json.balance.amount).toBe(card.balance.amount - 100);
      const detail = (await c.get(`/apiproxy/v1/account/cards/${card.cardId}`)).json;
      expect(detail.card.autoReloadProfile.lastErrorCode).toBe('121048');
    });

    it('register: INSUFFICIENT_BALANCE, inactive 121030, lost 121032, replay 121063', async () => {
      const c = await member();
      const low = (await addCard(c, cardNo(212), pinOf(212))).json.card as { cardId: string };
      const lowCharge = await registerCharge(c, low.cardId, 101);
      expect([lowCharge.status, lowCharge.json.code, lowCharge.json.message]).toEqual([422, 'INSUFFICIENT_BALANCE', 'Insufficient balance available.']);
      const { c: c2, card } = await memberWithCard();
      const code = await payCode(c2, card.cardId);
      for (const [status, expected] of [['inactive', '121030'], ['lost', '121032']] as const) {
        await db().query('update stored_value_cards set status = $2 where card_id = $1', [card.cardId, status]);
        expect((await c2.post('/apiproxy/v1/dev/register/charge', { barcode: code, amount: 100, idempotencyKey: newKey() })).json.code).toBe(expected);
      }
      const key = newKey();
      const code2 = await payCode(c, low.cardId);
      const first = await c.post('/apiproxy/v1/dev/register/charge', { barcode: code2, amount: 40, idempotencyKey: key });
      const second = await c.post('/apiproxy/v1/dev/register/charge', { barcode: groupedBy4(code2), amount: 40, idempotencyKey: key });
      expect(first.status).toBe(200);
      expect(second.json.duplicate.code).toBe('121063');
      expect(second.json.balance).toEqual(first.json.balance);
      const bad = await c.post('/apiproxy/v1/dev/register/charge', { barcode: await payCode(c, low.cardId), amount: -5, idempotencyKey: newKey() });
      expect([bad.status, bad.json.field]).toEqual([400, 'amount']);
    });

    it('GET /dev/register is a page; it is absent without dev tools', async () => {
      const r = await newClient().get('/dev/register');
      expect(r.status).toBe(200);
      expect(r.text).toContain('<title>Dev register</title>');
    });
  });

  describe('transfer and remove', () => {
    it('moves money between two own cards atomically; 121025 when too low; replay 121063', async () => {
      const { c, card } = await memberWithCard();
      const [primary] = (await cards(c)).filter((k) => k.isPrimary);
      const key = newKey();
      const t = await gql(c, 'TRANSFER_CARD_BALANCE', { sourceCardId: card.cardId, targetCardId: primary!.cardId, amount: 100, idempotencyKey: key });
      expect(t.json.data!.transferCardBalance).toMatchObject({ amount: 100, duplicateCode: null, source: { balance: card.balance.amount - 100 }, target: { balance: 100 } });
      const replay = await gql(c, 'TRANSFER_CARD_BALANCE', { sourceCardId: card.cardId, targetCardId: primary!.cardId, amount: 100, idempotencyKey: key });
      expect(replay.json.data!.transferCardBalance.duplicateCode).toBe('121063');
      expect(await balanceOf(c, card.cardId)).toBe(card.balance.amount - 100);
      const tooMuch = await gql(c, 'TRANSFER_CARD_BALANCE', { sourceCardId: primary!.cardId, targetCardId: card.cardId, amount: 5000, idempotencyKey: newKey() });
      expect(tooMuch.json.errors![0]!.extensions.code).toBe('121025');
      const rest = await c.post('/apiproxy/v1/account/cards/transfer', { sourceCardId: card.cardId, targetCardId: primary!.cardId, idempotencyKey: newKey() });
      expect(rest.json.amount.amount).toBe(card.balance.amount - 100);
      expect(rest.json.source.balance.amount).toBe(0);
    });

    it('a transfer that would pass $500 on the target moves nothing (121023)', async () => {
      const c = await member();
      // 213: a second card $5 under the ceiling (205 is registered by the reload test above)
      const big = (await addCard(c, cardNo(213), pinOf(213))).json.card;
      const src = { number: cardNo(207), pin: pinOf(207), balance: 10000 };
      const small = (await addCard(c, src.number, src.pin)).json.card;
      const r = await c.post('/apiproxy/v1/account/cards/transfer', { sourceCardId: small.cardId, targetCardId: big.cardId, idempotencyKey: newKey() });
      expect(r.json.code).toBe('121023');
      expect(await balanceOf(c, small.cardId)).toBe(src.balance);
      expect(await balanceOf(c, big.cardId)).toBe(49500);
    });

    it('remove: a card with money is refused (CARD_HAS_BALANCE); an empty one returns its number and can be added back', async () => {
      const c = await member();
      const card = freeCard();
      const added = (await addCard(c, card.number, card.pin, { transferCard: true })).json.card;
      const primary = (await cards(c)).find((k) => k.isPrimary)!;
      const refused = await c.post(`/apiproxy/v1/account/cards/${primary.cardId}/remove`);
      expect([refused.status, refused.json.code]).toEqual([409, 'CARD_HAS_BALANCE']);
      const r = await c.post(`/apiproxy/v1/account/cards/${added.cardId}/remove`);
      expect(r.json).toEqual({ cardNumber: `•••• ${card.number.slice(-4)}` });
      expect((await cards(c)).some((k) => k.cardId === added.cardId)).toBe(false);
      const back = await addCard(c, card.number, card.pin);
      expect(back.status).toBe(200);
      const mp = await c.post(`/apiproxy/v1/account/cards/${added.cardId}/make-primary`);
      expect(mp.json.card.isPrimary).toBe(true);
    });
  });

  describe('history of a re-registered card (issue 25)', () => {
    it("a physical card registered again after a removal shows the new owner none of the previous owner's movements", async () => {
      const { c: first, card, number } = await memberWithCard();
      const firstHistory = (await first.get(`/apiproxy/v1/account/cards/${card.cardId}`)).json.history;
      // the history starts at the registration, with the balance the card came with
      expect(firstHistory).toMatchObject([{ kind: 'opening', amount: { amount: 0 }, balanceAfter: { amount: card.balance.amount } }]);
      expect((await registerCharge(first, card.cardId, 100)).status).toBe(200);
      expect((await registerCharge(first, card.cardId, card.balance.amount - 100)).status).toBe(200);
      expect((await first.get(`/apiproxy/v1/account/cards/${card.cardId}`)).json.history.map((e: { kind: string }) => e.kind)).toEqual(['charge', 'charge', 'opening']);
      expect((await first.post(`/apiproxy/v1/account/cards/${card.cardId}/remove`)).status).toBe(200);

      const second = await member();
      const again = await addCard(second, number, pinOf(Number(number.slice(-4))));
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      const detail = (await second.get(`/apiproxy/v1/account/cards/${again.json.card.cardId}`)).json;
      expect(detail.history).toHaveLength(1);
      expect(detail.history[0]).toMatchObject({ kind: 'opening', amount: { amount: 0 }, balanceAfter: { amount: 0 } });
      // the ledger still holds every movement (sums equal the balance)
      const sums = await db().query<{ s: number; b: number }>('select (select sum(amount_cents)::int from card_ledger where card_id = $1) as s, balance_cents as b from stored_value_cards where card_id = $1', [again.json.card.cardId]);
      expect(sums.rows[0]!.s).toBe(sums.rows[0]!.b);
    });
  });

  describe('addresses (GraphQL)', () => {
    const address = { firstName: 'Ana', lastName: 'Silva', addressLine1: '1 Pike St', addressLine2: '', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' };
    it('create (an empty second line becomes null), list, update; a bad ZIP names the field', async () => {
      const c = await member();
      const created = await gql(c, 'CREATE_ADDRESS', { input: address });
      expect(created.json.data!.createAddress).toMatchObject({ type: 'Billing', addressLine2: null, country: 'US' });
      const id = created.json.data!.createAddress.addressId;
      const list = await gql(c, 'GET_ADDRESS_LIST');
      expect(list.json.data!.user.addressList).toHaveLength(1);
      const upd = await gql(c, 'UPDATE_ADDRESS', { addressId: id, input: { ...address, city: 'Tacoma' } });
      expect(upd.json.data!.updateAddress.city).toBe('Tacoma');
      const bad = await gql(c, 'CREATE_ADDRESS', { input: { ...address, postalCode: 'x' } });
      expect(bad.json.errors![0]!.extensions).toMatchObject({ code: 'BAD_REQUEST', field: 'postalCode' });
      const m = await saveCard(c, '4242424242424242', { billingAddressId: id });
      expect(m).toMatchObject({ accountNumberLastFour: '4242' });
    });

    it('a guest gets a single-use address token', async () => {
      const guest = newClient();
      const r = await gql(guest, 'ADD_SINGLE_USE_BILLING_ADDRESS', { walletTarget: 'gift', input: address });
      expect(r.json.data!.addSingleUseBillingAddress.addressToken).toMatch(/^adt_/);
      const list = await gql(guest, 'GET_ADDRESS_LIST');
      expect(list.json.data!.user).toBeNull();
    });
  });

  describe('authorization: one member never sees or touches another member’s cards, methods, addresses', () => {
    it('every card and method endpoint answers 404 / 121034 for the other member, and nothing changes', async () => {
      const { c: owner, card, number } = await memberWithCard();
      const method = await saveCard(owner);
      const addr = (await gql(owner, 'CREATE_ADDRESS', { input: { firstName: 'A', lastName: 'B', addressLine1: '1 Main', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' } })).json.data!.createAddress.addressId;
      const intruder = await member();
      const own = await saveCard(intruder);
      const id = card.cardId;
      const checks: Array<[string, Promise<{ status: number; json: any }>, string]> = [ // eslint-disable-line @typescript-eslint/no-explicit-any
        ['GET card', intruder.get(`/apiproxy/v1/account/cards/${id}`), 'CARD_NOT_FOUND'],
        ['reload', intruder.post(`/apiproxy/v1/account/cards/${id}/reload`, { amount: 1000, paymentMethodId: own.paymentMethodId, idempotencyKey: newKey() }), 'CARD_NOT_FOUND'],
        ['reload with their method', intruder.post(`/apiproxy/v1/account/cards/${(await cards(intruder))[0]!.cardId}/reload`, { amount: 1000, paymentMethodId: method.paymentMethodId, idempotencyKey: newKey() }), 'PAYMENT_METHOD_NOT_FOUND'],
        ['remove', intruder.post(`/apiproxy/v1/account/cards/${id}/remove`), 'CARD_NOT_FOUND'],
        ['make primary', intruder.post(`/apiproxy/v1/account/cards/${id}/make-primary`), 'CARD_NOT_FOUND'],
        ['rename', intruder.patch(`/apiproxy/v1/account/cards/${id}`, { nickname: 'Mine' }), 'CARD_NOT_FOUND'],
        ['barcode', intruder.post('/apiproxy/v1/account/cards/barcode', { cardId: card.cardId }), '121034'],
        ['barcode by number', intruder.post('/apiproxy/v1/account/cards/barcode', { cardNumber: number }), '121034'],
        ['transfer out', intruder.post('/apiproxy/v1/account/cards/transfer', { sourceCardId: id, targetCardId: (await cards(intruder))[0]!.cardId, idempotencyKey: newKey() }), 'CARD_NOT_FOUND'],
        ['edit method', intruder.patch(`/apiproxy/v1/account/payment-methods/${method.paymentMethodId}`, { nickname: 'x' }), 'PAYMENT_METHOD_NOT_FOUND'],
        ['default method', intruder.post(`/apiproxy/v1/account/payment-methods/${method.paymentMethodId}/default`), 'PAYMENT_METHOD_NOT_FOUND'],
        ['delete method', intruder.del(`/apiproxy/v1/account/payment-methods/${method.paymentMethodId}`), 'PAYMENT_METHOD_NOT_FOUND'],
        ['method with their address', intruder.patch(`/apiproxy/v1/account/payment-methods/${own.paymentMethodId}`, { billingAddressId: addr }), 'ADDRESS_NOT_FOUND'],
      ];
      for (const [what, call, code] of checks) {
        const r = await call;
        expect(r.json.code, what).toBe(code);
        expect(r.status, what).toBeGreaterThanOrEqual(400);
        expect(r.status, what).toBeLessThan(500);
      }
      const gqlChecks: Array<[string, ReturnType<typeof gql>, string]> = [
        ['update address', gql(intruder, 'UPDATE_ADDRESS', { addressId: addr, input: { firstName: 'X', lastName: 'Y', addressLine1: '2 Main', city: 'S', postalCode: '98101', countrySubdivision: 'WA' } }), 'ADDRESS_NOT_FOUND'],
        ['create auto reload', gql(intruder, 'CREATE_AUTO_RELOAD', { cardId: id, amount: 2500, triggerAmount: 1000, paymentMethodId: own.paymentMethodId }), 'CARD_NOT_FOUND'],
        ['disable auto reload', gql(intruder, 'DISABLE_AUTO_RELOAD', { cardId: id }), 'CARD_NOT_FOUND'],
        ['transfer', gql(intruder, 'TRANSFER_CARD_BALANCE', { sourceCardId: id, targetCardId: (await cards(intruder))[0]!.cardId, idempotencyKey: newKey() }), 'CARD_NOT_FOUND'],
      ];
      for (const [what, call, code] of gqlChecks) expect((await call).json.errors?.[0]?.extensions.code, what).toBe(code);
      expect((await gql(intruder, 'GET_ADDRESS_LIST')).json.data!.user.addressList).toHaveLength(0);
      expect((await owner.get('/apiproxy/v1/account/payment-methods')).json.paymentMethods).toHaveLength(1);
      expect(await balanceOf(owner, id)).toBe(card.balance.amount);
    });

    it('guests get 401 on every member endpoint', async () => {
      const g = newClient();
      for (const [m, p] of [['GET', '/apiproxy/v1/account/cards'], ['POST', '/apiproxy/v1/account/cards/add'], ['POST', '/apiproxy/v1/account/cards/barcode'], ['GET', '/apiproxy/v1/account/payment-methods'], ['POST', '/apiproxy/v1/account/cards/transfer']] as const) {
        const r = m === 'GET' ? await g.get(p) : await g.post(p, {});
        expect(r.status, p).toBe(401);
      }
    });
  });
});

describe('unit: card numbers', async () => {
  const { luhnValid, detectBrand } = await import('../payments/card-numbers.ts');
  it('Luhn and brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(detectBrand('4242424242424242')).toBe('visa');
    expect(detectBrand('2221000000000009')).toBe('mastercard');
    expect(detectBrand('371449635398431')).toBe('amex');
    expect(detectBrand('6500000000000002')).toBe('discover');
    expect(detectBrand('9999999999999995')).toBeNull();
  });
});
