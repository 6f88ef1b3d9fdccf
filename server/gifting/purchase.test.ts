process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // account creation and the guest purchase limit per IP: each caller from its own address

import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import type { Client } from '../test/accounts.ts';
import { hit } from '../auth/rate-limit.ts';
import { GIFT_PURCHASES_PER_IP_PER_HOUR } from './purchase.ts';
import { PURCHASE, STATUS, counts, giftBody, guestPayment, memberWithCard, newRequestId } from './test-helpers.ts';

/** docs/gifting.md 3.2 (acceptance) and 3.4 (status), on PGlite and PostgreSQL */
forEachDb('gift purchase acceptance', ({ db }) => {
  const newClient = () => testClient(appFor(db()));
  let ipN = 1;
  const fromIp = () => ({ headers: { 'x-forwarded-for': `100.97.${Math.floor(ipN / 250) % 250}.${(ipN++ % 250) + 1}` } });

  /** a 4xx that stores nothing */
  async function refused(c: Client, body: unknown, status: number, code: string, field?: string, opts?: { headers: Record<string, string> }) {
    const before = await counts(db());
    const r = await c.post(PURCHASE, body, opts);
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(r.json.code).toBe(code);
    if (field !== undefined) expect(r.json.field).toBe(field);
    expect(await counts(db())).toEqual(before);
    return r;
  }

  describe('members', () => {
    it('accepts a purchase with 202 { delay, requestId }, queued with its recipients, nothing charged', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      const body = giftBody(pay, { count: 2 });
      const r = await c.post(PURCHASE, body);
      expect(r.status, JSON.stringify(r.json)).toBe(202);
      expect(r.json).toEqual({ delay: 4000, requestId: body.requestId });
      const p = await db().query<{ status: string; total_cents: number; user_id: string; guest: boolean }>('select status, total_cents, user_id, guest from gift_purchases where request_id = $1', [body.requestId]);
      expect(p.rows[0]).toMatchObject({ status: 'queued', total_cents: 5000, user_id: pay.userId, guest: false });
      expect((await db().query('select * from gift_recipients where request_id = $1', [body.requestId])).rows).toHaveLength(2);
      expect((await db().query("select 1 from sandbox_charges where idempotency_key like 'gift-%' || $1 || '%'", [body.requestId])).rows).toHaveLength(0);
    });

    it('replays the same request with the same 202 and reuses of the id get 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      const body = giftBody(pay);
      const first = await c.post(PURCHASE, body);
      expect(first.status).toBe(202);
      const again = await c.post(PURCHASE, body);
      expect(again.status).toBe(202);
      expect(again.json).toEqual(first.json);
      expect((await db().query('select 1 from gift_purchases where request_id = $1', [body.requestId])).rows).toHaveLength(1);
      const reuse = await refused(c, { ...giftBody(pay, { count: 2 }), requestId: body.requestId }, 422, 'IDEMPOTENCY_KEY_REUSED', 'requestId');
      expect(reuse.json.message).toBeTruthy();
      // another member with the same id and the same body is a reuse too
      const other = newClient();
      const pay2 = await memberWithCard(other, db());
      await refused(other, { ...body, paymentInstrumentId: pay2.paymentInstrumentId }, 422, 'IDEMPOTENCY_KEY_REUSED', 'requestId');
    });

    it('400 names the field and stores nothing: tampered total, 11 recipients, amount outside the config, message 161, name 26', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      const tampered = giftBody(pay, { count: 2 });
      tampered.totalAmount.amount = 2500;
      await refused(c, tampered, 400, 'BAD_REQUEST', 'totalAmount');
      await refused(c, giftBody(pay, { count: 11 }), 400, 'BAD_REQUEST', 'egifts');
      for (const amount of [400, 10100, 1250, 0, -2500]) await refused(c, giftBody(pay, { amount }), 400, 'BAD_REQUEST', 'egifts.0.amount.amount');
      await refused(c, giftBody(pay, { message: 'm'.repeat(161) }), 400, 'BAD_REQUEST', 'egifts.0.message');
      const longName = giftBody(pay);
      longName.egifts[0]!.recipientName = 'n'.repeat(26);
      await refused(c, longName, 400, 'BAD_REQUEST', 'egifts.0.recipientName');
      const mixed = giftBody(pay, { count: 2 });
      mixed.egifts[1]!.amount.amount = 5000;
      mixed.totalAmount.amount = 7500;
      await refused(c, mixed, 400, 'BAD_REQUEST', 'egifts.1.amount.amount');
      await refused(c, { ...giftBody(pay), egifts: [] }, 400, 'BAD_REQUEST', 'egifts');
      // a whole-dollar custom amount within the bounds and a preset are accepted; 160 characters are fine
      expect((await c.post(PURCHASE, giftBody(pay, { amount: 7300 }))).status).toBe(202);
      expect((await c.post(PURCHASE, giftBody(pay, { amount: 10000, message: 'm'.repeat(160) }))).status).toBe(202);
    });

    it('170046 for two recipients with one email (case and spaces ignored); the sender\'s own email may repeat', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      const dup = await refused(c, giftBody(pay, { count: 3, emails: ['a@example.com', 'b@example.com', ' A@Example.com'] }), 422, '170046', 'egifts.2.recipientEmail');
      expect(dup.json.message).toBe('Two recipients have the same email address. Change one and buy again.');
      const own = giftBody(pay, { count: 2, emails: ['me@example.com', 'Me@example.com'], senderEmail: 'me@example.com' });
      expect((await c.post(PURCHASE, own)).status).toBe(202);
    });

    it('the synchronous gift codes of 3.9, each with its text, nothing stored', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      const facebook = giftBody(pay);
      facebook.egifts[0]!.deliveryMethod = 'FACEBOOK';
      let r = await refused(c, facebook, 422, 'GIFT_DELIVERY_METHOD', 'egifts.0.deliveryMethod');
      expect(r.json.message).toBe('The delivery method must be an email or a Facebook account.');
      r = await refused(c, giftBody(pay, { count: 2, emails: ['ok@example.com', 'nobody@example.invalid'] }), 422, 'GIFT_UNABLE_TO_SEND', 'egifts.1.recipientEmail');
      expect(r.json.message).toBe("We couldn't send your gift. Check the recipient info and try again.");
      const retired = giftBody(pay);
      retired.egifts[0]!.product.productNumber = '19000099';
      r = await refused(c, retired, 422, 'GIFT_CARD_ART_UNAVAILABLE', 'egifts.0.product.productNumber');
      expect(r.json.message).toBe('This card design is unavailable. Choose another design.');
      const unknown = giftBody(pay);
      unknown.egifts[0]!.product.productNumber = '99999999';
      await refused(c, unknown, 422, 'GIFT_CARD_ART_UNAVAILABLE', 'egifts.0.product.productNumber');
      r = await refused(c, { ...giftBody(pay), risk: { risk: 'high' } }, 422, 'GIFT_ORDER_FAILED');
      expect(r.json.message).toBe("Your order didn't go through and you weren't charged. Try again or use another payment method.");
      await refused(c, { ...giftBody(pay), paymentInstrumentId: 'pm_not_mine' }, 404, 'PAYMENT_METHOD_NOT_FOUND', 'paymentInstrumentId');
      await db().query('update payment_methods set billing_address_id = null where payment_method_id = $1', [pay.paymentMethodId]);
      r = await refused(c, giftBody(pay), 422, 'GIFT_ADDRESS_UNAVAILABLE');
      expect(r.json.message).toBe("We couldn't find the billing address for this payment method. Edit it or choose another.");
    });

    it('PayPal pays for one recipient only (400 paymentType); a member cannot pay with a single-use token', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      await db().query(`update payment_methods set payment_type = 'paypal' where payment_method_id = $1`, [pay.paymentMethodId]);
      await refused(c, giftBody({ ...pay, paymentType: 'paypal' }, { count: 2 }), 400, 'BAD_REQUEST', 'paymentType');
      expect((await c.post(PURCHASE, giftBody({ ...pay, paymentType: 'paypal' }))).status).toBe(202);
      await refused(c, giftBody({ paymentType: 'visa', paymentInstrumentToken: 'tok_abcdefgh12', addressToken: 'addr_token_x' }), 400, 'BAD_REQUEST', 'paymentInstrumentId');
    });
  });

  describe('guests', () => {
    it('a guest pays with a single-use card and a single-use billing address: 202', async () => {
      const g = newClient();
      const pay = await guestPayment(g, db());
      const body = giftBody(pay);
      const r = await g.post(PURCHASE, body, fromIp());
      expect(r.status, JSON.stringify(r.json)).toBe(202);
      const row = await db().query<{ guest: boolean; user_id: string | null; payment_token: string }>('select guest, user_id, payment_token from gift_purchases where request_id = $1', [body.requestId]);
      expect(row.rows[0]).toEqual({ guest: true, user_id: null, payment_token: pay.paymentInstrumentToken });
    });

    it('a stale token is 410 PAYMENT_TOKEN_EXPIRED, an unknown address GIFT_BILLING_ADDRESS, PayPal and saved methods refused', async () => {
      const g = newClient();
      const pay = await guestPayment(g, db());
      let r = await refused(g, { ...giftBody(pay), addressToken: 'unknown-address-token' }, 422, 'GIFT_BILLING_ADDRESS', 'addressToken', fromIp());
      expect(r.json.message).toBe("There's a problem with your billing address. Enter it again.");
      await refused(g, { ...giftBody(pay), paymentType: 'paypal' }, 400, 'BAD_REQUEST', 'paymentType', fromIp());
      await refused(g, giftBody({ paymentType: 'visa', paymentInstrumentId: 'pm_x', addressToken: pay.addressToken }), 400, 'BAD_REQUEST', 'paymentInstrumentToken', fromIp());
      const { addressToken, ...noAddress } = pay;
      expect(addressToken).toBeTruthy();
      await refused(g, giftBody(noAddress), 400, 'BAD_REQUEST', 'addressToken', fromIp());
      await db().query(`update sandbox_vault set created_at = now() - interval '6 minutes' where token = $1`, [pay.paymentInstrumentToken]);
      r = await refused(g, giftBody(pay), 410, 'PAYMENT_TOKEN_EXPIRED', 'paymentInstrumentToken', fromIp());
      expect(r.json.message).toBe('Your card details timed out. Please enter them again.');
      await refused(g, giftBody({ ...pay, paymentInstrumentToken: 'tok_unknown_token' }), 410, 'PAYMENT_TOKEN_EXPIRED', 'paymentInstrumentToken', fromIp());
    });

    it(`guest purchase ${GIFT_PURCHASES_PER_IP_PER_HOUR + 1} from one IP in an hour is 429 RATE_LIMITED, nothing stored; members are not counted`, async () => {
      const g = newClient();
      const pay = await guestPayment(g, db());
      const ip = fromIp();
      for (let i = 0; i < GIFT_PURCHASES_PER_IP_PER_HOUR; i++) await hit(db(), `gift-purchase:ip:${ip.headers['x-forwarded-for']}`, 3600_000);
      const r = await refused(g, giftBody(pay), 429, 'RATE_LIMITED', undefined, ip);
      expect(r.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      expect(r.json.message).toBe('Too many attempts. Please wait a few minutes and try again.');
      // another IP still buys
      expect((await g.post(PURCHASE, giftBody(pay), fromIp())).status).toBe(202);
    });
  });

  describe('status (3.4)', () => {
    it('queued answers EPROMISERETRY, echoes zero-retries; unknown or another member\'s purchase is 404; a bad header 400', async () => {
      const c = newClient();
      const pay = await memberWithCard(c, db());
      const body = giftBody(pay);
      expect((await c.post(PURCHASE, body)).status).toBe(202);
      let r = await c.get(STATUS, { headers: { 'x-request-id': body.requestId } });
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.json).toEqual({ orderNumber: null, data: { context: { code: 'EPROMISERETRY', orderNumber: null } } });
      r = await c.get(`${STATUS}?zero-retries=true`, { headers: { 'x-request-id': body.requestId } });
      expect(r.json).toEqual({ orderNumber: null, zeroRetries: true, data: { context: { code: 'EPROMISERETRY', orderNumber: null } } });
      r = await c.get(`${STATUS}?zero-retries=maybe`, { headers: { 'x-request-id': body.requestId } });
      expect(r.status).toBe(400);
      r = await c.get(STATUS, { headers: { 'x-request-id': newRequestId() } });
      expect(r.status).toBe(404);
      expect(r.json.code).toBe('GIFT_PURCHASE_NOT_FOUND');
      r = await c.get(STATUS, { headers: { 'x-request-id': 'bad id!' } });
      expect(r.status).toBe(400);
      expect(r.json.field).toBe('X-Request-ID');
      r = await c.get(STATUS);
      expect(r.status).toBe(400);
      const stranger = newClient();
      r = await stranger.get(STATUS, { headers: { 'x-request-id': body.requestId } });
      expect(r.status).toBe(404);
    });

    it('fulfilled answers the order number with a null code; failed the gift code and its text; a guest purchase is read by its id', async () => {
      const g = newClient();
      const pay = await guestPayment(g, db());
      const body = giftBody(pay);
      expect((await g.post(PURCHASE, body, fromIp())).status).toBe(202);
      await db().query(`update gift_purchases set status = 'fulfilled', order_number = 'G00000000042', charge_id = 'ch_test' where request_id = $1`, [body.requestId]);
      let r = await newClient().get(STATUS, { headers: { 'x-request-id': body.requestId } });
      expect(r.json).toEqual({ orderNumber: 'G00000000042', data: { context: { code: null, orderNumber: 'G00000000042' } } });
      await db().query(`update gift_purchases set status = 'failed', order_number = null, charge_id = null, error_code = 'GIFT_EXPIRED_CARD' where request_id = $1`, [body.requestId]);
      r = await g.get(STATUS, { headers: { 'x-request-id': body.requestId } });
      expect(r.json).toEqual({ orderNumber: null, data: { context: { code: 'GIFT_EXPIRED_CARD', orderNumber: null, message: 'Your card may have expired. Choose another payment method.' } } });
    });
  });
});
