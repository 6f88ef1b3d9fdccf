import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import type { ApiError} from '../http/errors.ts';
import { badRequest } from '../http/errors.ts';
import { CardCodes, GUEST_TOKEN_MAX_AGE_MS } from '../../contracts/cards.ts';
import type { GiftPurchaseAccepted, GiftPurchaseRequest } from '../../contracts/gift.ts';
import type { AppConfig } from '../../contracts/config.ts';
import { cardError } from '../cards/errors.ts';
import { requestHash } from '../cards/idempotency.ts';
import { processor } from '../payments/index.ts';
import { hit } from '../auth/rate-limit.ts';
import { giftError, GiftErrorCodes } from './errors.ts';

/**
 * Acceptance of a gift purchase (docs/gifting.md 3.2): checks in a fixed order, each a 4xx with nothing stored,
 * then one insert of the purchase and its recipients (`queued`, nothing charged) and a NOTIFY for the worker.
 * Idempotent by requestId: the same owner and body answers the first 202 again; anything else 422.
 */
export const GIFT_PURCHASES_PER_IP_PER_HOUR = 30;
const HOUR = 3600_000;
export const GIFT_NOTIFY_CHANNEL = 'harbor_gift';

export type Buyer = { userId: string; guest: false } | { userId: null; guest: true; ip: string };
type Request = GiftPurchaseRequest;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** RFC 2606 reserved domains never receive mail: GIFT_UNABLE_TO_SEND (example.com stays deliverable, e2e uses it) */
export const undeliverable = (email: string) => /\.(invalid|test)$/i.test(normalizeEmail(email).split('@').pop() ?? '');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** 2: the amount is a preset or a whole-dollar custom amount within bounds; one product, amount, message; the total */
function checkAmounts(body: Request, gifting: AppConfig['gifting']) {
  const first = body.egifts[0]!;
  body.egifts.forEach((e, i) => {
    const cents = e.amount.amount;
    const preset = gifting.giftAmountOptions.includes(cents);
    const custom = Number.isInteger(cents) && cents % 100 === 0 && cents >= gifting.customAmountMin && cents <= gifting.customAmountMax;
    if (!preset && !custom) throw badRequest(`egifts.${i}.amount.amount: not an amount offered`, `egifts.${i}.amount.amount`);
    if (e.product.productNumber !== first.product.productNumber) throw badRequest(`egifts.${i}.product.productNumber: every eGift of a purchase has the same design`, `egifts.${i}.product.productNumber`);
    if (cents !== first.amount.amount) throw badRequest(`egifts.${i}.amount.amount: every eGift of a purchase has the same amount`, `egifts.${i}.amount.amount`);
    if ((e.message ?? '') !== (first.message ?? '')) throw badRequest(`egifts.${i}.message: every eGift of a purchase has the same message`, `egifts.${i}.message`);
  });
  if (body.totalAmount.amount !== first.amount.amount * body.egifts.length) throw badRequest('totalAmount: the total is the amount times the number of recipients', 'totalAmount');
}

/** 3: two recipients with one email (a repeat of the sender's own email is allowed) */
function checkDuplicates(body: Request) {
  const sender = normalizeEmail(body.senderEmail);
  const seen = new Set<string>();
  body.egifts.forEach((e, i) => {
    const n = normalizeEmail(e.recipientEmail);
    if (n === sender) return;
    if (seen.has(n)) throw giftError(GiftErrorCodes.duplicateRecipient, { field: `egifts.${i}.recipientEmail` });
    seen.add(n);
  });
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** 4: delivery method, date (today, a day either side for the buyer's time zone), deliverability, design, risk */
async function checkDelivery(db: Queryable, body: Request) {
  const now = Date.now();
  const days = [now - 86_400_000, now, now + 86_400_000].map((t) => isoDay(new Date(t)));
  for (const [i, e] of body.egifts.entries()) {
    if (e.deliveryMethod !== 'EMAIL') throw giftError(GiftErrorCodes.deliveryMethod, { field: `egifts.${i}.deliveryMethod` });
    if (e.deliveryDate !== undefined && !days.includes(e.deliveryDate)) throw badRequest(`egifts.${i}.deliveryDate: eGifts are delivered today`, `egifts.${i}.deliveryDate`);
    if (undeliverable(e.recipientEmail)) throw giftError(GiftErrorCodes.unableToSend, { field: `egifts.${i}.recipientEmail` });
  }
  const p = await db.query<{ available: boolean }>('select available from gift_products where product_number = $1', [body.egifts[0]!.product.productNumber]);
  if (!p.rows[0]?.available) throw giftError(GiftErrorCodes.cardArtUnavailable, { field: 'egifts.0.product.productNumber' });
  if (body.risk?.risk === 'high') throw giftError(GiftErrorCodes.orderFailed, { field: 'risk' });
}

type Payment = { paymentMethodId: string; paymentToken: null; addressTokenHash: null } | { paymentMethodId: null; paymentToken: string; addressTokenHash: string };

/** 5: a member's own method (PayPal for one recipient; a card needs its billing address); a guest's fresh single-use card and address */
async function checkPayment(db: Queryable, body: Request, buyer: Buyer): Promise<Payment> {
  if (!buyer.guest) {
    if (body.paymentInstrumentToken !== undefined || body.paymentInstrumentId === undefined)
      throw badRequest('paymentInstrumentId: members pay with a saved payment method', 'paymentInstrumentId');
    // the client may name a method by its paymentMethodId or its paymentInstrumentId (both are in PaymentMethod)
    const r = await db.query<{ payment_method_id: string; payment_type: string; billing_address_id: string | null }>(
      `select payment_method_id, payment_type, billing_address_id from payment_methods
        where (payment_method_id = $1 or payment_instrument_id = $1) and user_id = $2 and removed_at is null`,
      [body.paymentInstrumentId, buyer.userId],
    );
    const m = r.rows[0];
    if (!m) throw cardError(CardCodes.paymentMethodNotFound, { field: 'paymentInstrumentId' });
    if (m.payment_type !== body.paymentType) throw badRequest('paymentType: not the type of this payment method', 'paymentType');
    if (m.payment_type === 'paypal' && body.egifts.length > 1) throw badRequest('paymentType: PayPal pays for a gift to one recipient', 'paymentType');
    if (m.payment_type !== 'paypal' && !m.billing_address_id) throw giftError(GiftErrorCodes.addressUnavailable, { field: 'paymentInstrumentId' });
    return { paymentMethodId: m.payment_method_id, paymentToken: null, addressTokenHash: null };
  }
  if (body.paymentInstrumentId !== undefined || body.paymentInstrumentToken === undefined)
    throw badRequest('paymentInstrumentToken: guests pay with a single-use card', 'paymentInstrumentToken');
  if (body.paymentType === 'paypal') throw badRequest('paymentType: guests pay by card', 'paymentType');
  if (body.addressToken === undefined) throw badRequest('addressToken: guests send a billing address', 'addressToken');
  const info = await processor().describe(db, body.paymentInstrumentToken);
  if (!info || !info.singleUse || info.kind !== 'card' || Date.now() - info.createdAt.getTime() > GUEST_TOKEN_MAX_AGE_MS)
    throw cardError(CardCodes.tokenExpired, { field: 'paymentInstrumentToken' });
  if (info.brand !== body.paymentType) throw badRequest('paymentType: not the brand of this card', 'paymentType');
  const addressTokenHash = sha256(body.addressToken);
  const a = await db.query('select 1 from single_use_addresses where address_token_hash = $1 and expires_at > now()', [addressTokenHash]);
  if (!a.rows.length) throw giftError(GiftErrorCodes.billingAddress, { field: 'addressToken' });
  return { paymentMethodId: null, paymentToken: body.paymentInstrumentToken, addressTokenHash };
}

type Existing = { request_hash: string; user_id: string | null; guest: boolean };

function replayOrReuse(row: Existing, hash: string, buyer: Buyer, answer: GiftPurchaseAccepted): GiftPurchaseAccepted {
  const sameOwner = buyer.guest ? row.guest : !row.guest && row.user_id === buyer.userId;
  if (sameOwner && row.request_hash === hash) return answer;
  throw cardError(CardCodes.keyReused, { field: 'requestId' });
}

export interface AcceptOptions {
  gifting: AppConfig['gifting'];
  workerDelayMs: number;
  /** a 429 with Retry-After (the route's rateLimited) */
  limited: (retryAfterSeconds: number) => ApiError;
}

export async function acceptPurchase(db: Db, body: Request, buyer: Buyer, opts: AcceptOptions): Promise<GiftPurchaseAccepted> {
  const answer: GiftPurchaseAccepted = { delay: opts.gifting.statusDelayMs, requestId: body.requestId };
  // the owner is part of what is hashed: another member (or a guest) reusing the id is a reuse, not a replay
  const hash = requestHash({ body, owner: buyer.guest ? 'guest' : buyer.userId });
  checkAmounts(body, opts.gifting);
  checkDuplicates(body);
  await checkDelivery(db, body);
  const payment = await checkPayment(db, body, buyer);
  const existing = await db.query<Existing>('select request_hash, user_id, guest from gift_purchases where request_id = $1', [body.requestId]);
  if (existing.rows[0]) return replayOrReuse(existing.rows[0], hash, buyer, answer);
  if (buyer.guest) {
    const h = await hit(db, `gift-purchase:ip:${buyer.ip}`, HOUR);
    if (h.count > GIFT_PURCHASES_PER_IP_PER_HOUR) throw opts.limited(h.retryAfterSeconds);
  }
  const first = body.egifts[0]!;
  const sender = normalizeEmail(body.senderEmail);
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into gift_purchases (request_id, request_hash, user_id, guest, order_source, locale, currency, payment_type, payment_method_id, payment_token,
         address_token_hash, sender_name, sender_email, product_number, amount_cents, recipient_count, total_cents, message, risk, not_before)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now() + ($20 || ' milliseconds')::interval)
       on conflict (request_id) do nothing`,
      [
        body.requestId, hash, buyer.userId, buyer.guest, body.orderSource, body.locale, body.currency, body.paymentType, payment.paymentMethodId, payment.paymentToken,
        payment.addressTokenHash, body.senderName, body.senderEmail, first.product.productNumber, first.amount.amount, body.egifts.length, body.totalAmount.amount,
        first.message?.length ? first.message : null, JSON.stringify(body.risk ?? {}), String(opts.workerDelayMs),
      ],
    );
    if (inserted.rowCount !== 1) {
      // a concurrent request with the same id committed first
      const r = await tx.query<Existing>('select request_hash, user_id, guest from gift_purchases where request_id = $1', [body.requestId]);
      return replayOrReuse(r.rows[0]!, hash, buyer, answer);
    }
    for (const [i, e] of body.egifts.entries()) {
      const n = normalizeEmail(e.recipientEmail);
      await tx.query(
        `insert into gift_recipients (request_id, position, recipient_name, recipient_email, email_normalized, is_sender, delivery_method, delivery_date)
         values ($1, $2, $3, $4, $5, $6, 'EMAIL', current_date)`,
        [body.requestId, i + 1, e.recipientName, e.recipientEmail.trim(), n, n === sender],
      );
    }
    await tx.query('select pg_notify($1, $2)', [GIFT_NOTIFY_CHANNEL, '']);
    return answer;
  });
}
