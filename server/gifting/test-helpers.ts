/** Helpers for the gifting suites: purchase bodies, members with a saved card and billing address, guest payment. */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../db/db.ts';
import type { Client } from '../test/accounts.ts';
import { createMember, saveCard, tokenize } from '../cards/test-helpers.ts';

export const PURCHASE = '/apiproxy/v1/gift/gift-purchase';
export const STATUS = '/apiproxy/v1/gift/gift-purchase-status';
export const HISTORY = '/apiproxy/v1/gift/history';
export const CLAIM = '/apiproxy/v1/account/cards/claim-egift';
export const TOKEN_INFO = '/apiproxy/v1/account/cards/get-card-info-from-token';
export const PRODUCT = '11000001';

let n = 0;
export const newRequestId = (p = 'gift') => `${p}-${process.pid}-${Date.now().toString(36)}-${n++}`;

export interface Payment {
  paymentType: string;
  paymentInstrumentId?: string;
  paymentInstrumentToken?: string;
  addressToken?: string;
}

/** a valid purchase body: `count` recipients of `amount` cents each */
export function giftBody(payment: Payment, o: { count?: number; amount?: number; requestId?: string; message?: string; emails?: string[]; senderEmail?: string } = {}) {
  const count = o.count ?? 1;
  const amount = o.amount ?? 2500;
  return {
    requestId: o.requestId ?? newRequestId(),
    orderSource: 'web',
    locale: 'en-US',
    currency: 'USD',
    ...payment,
    senderEmail: o.senderEmail ?? 'sender@example.com',
    senderName: 'Sam Sender',
    egifts: Array.from({ length: count }, (_, i) => ({
      recipientEmail: o.emails?.[i] ?? `friend${i + 1}.${n++}@example.com`,
      recipientName: `Friend ${i + 1}`,
      deliveryMethod: 'EMAIL',
      product: { productNumber: PRODUCT },
      message: o.message ?? 'Enjoy a coffee on me',
      amount: { amount, currency: 'USD' },
    })),
    totalAmount: { amount: amount * count, currency: 'USD' },
  };
}

/** a member signed in on `c` with a saved card of `number` that has a billing address */
export async function memberWithCard(c: Client, db: Db, number = '4242424242424242'): Promise<Payment & { userId: string; paymentMethodId: string }> {
  await createMember(c);
  const m = await saveCard(c, number);
  const r = await db.query<{ user_id: string; payment_type: string }>('select user_id, payment_type from payment_methods where payment_method_id = $1', [m.paymentMethodId]);
  const userId = r.rows[0]!.user_id;
  const addressId = `addr-${randomBytes(6).toString('hex')}`;
  await db.query(
    `insert into addresses (address_id, user_id, type, first_name, last_name, address_line1, city, postal_code, country_subdivision, country)
     values ($1, $2, 'Billing', 'Casey', 'Rivera', '1 Harbor Way', 'Seattle', '98101', 'WA', 'US')`,
    [addressId, userId],
  );
  await db.query('update payment_methods set billing_address_id = $2 where payment_method_id = $1', [m.paymentMethodId, addressId]);
  return { paymentType: r.rows[0]!.payment_type, paymentInstrumentId: m.paymentMethodId, userId, paymentMethodId: m.paymentMethodId };
}

/** a guest's single-use card token and billing-address token */
export async function guestPayment(c: Client, db: Db, number = '4242424242424242'): Promise<Payment> {
  const t = await tokenize(c, number, { singleUse: true });
  expect(t.status, JSON.stringify(t.json)).toBe(200);
  const addressToken = randomBytes(24).toString('base64url');
  await db.query(`insert into single_use_addresses (address_token_hash, wallet_target, address, expires_at) values ($1, 'guest', '{}'::jsonb, now() + interval '1 hour')`, [
    createHash('sha256').update(addressToken).digest('hex'),
  ]);
  return { paymentType: t.json.brand as string, paymentInstrumentToken: t.json.token as string, addressToken };
}

export async function counts(db: Db) {
  const q = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    purchases: await q('select count(*)::text as n from gift_purchases'),
    recipients: await q('select count(*)::text as n from gift_recipients'),
  };
}
