import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { Context, Hono } from 'hono';
import {
  AddCardRequest,
  AddPaymentMethodRequest,
  BarcodeRequest,
  CardCodes,
  CardId,
  CardInfoFromTokenRequest,
  PaypalApproveRequest,
  PaymentMethodId,
  ReloadRequest,
  SVC_RELOAD_OPTIONS,
  TokenizeCardRequest,
  TransferRequest,
  UpdateCardRequest,
  UpdatePaymentMethodRequest,
  maskCardNumber,
  money,
  type AddCardResponse,
  type BarcodeResponse,
  type PaymentMethod,
  type ReloadResponse,
  type TokenizeResponse,
} from '../../contracts/cards.ts';
import { AccountErrorCodes, AccountMessages, REAUTH_WINDOW_MS } from '../../contracts/account.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { parse, parseJson } from '../http/validate.ts';
import { requireUser, rateLimited } from '../auth/require.ts';
import { hit, release } from '../auth/rate-limit.ts';
import { clientIp } from '../auth/client-ip.ts';
import { processor } from '../payments/index.ts';
import type { TokenInfo } from '../payments/processor.ts';
import { barcodeDataUrl } from './barcode.ts';
import { issuePayCode } from './pay-codes.ts';
import { pinAttempt } from './pin-limits.ts';
import { issueDigitalCard, registerPhysicalCard } from './card-registration.ts';
import { cardError } from './errors.ts';
import { idempotent } from './idempotency.ts';
import { reload, transfer } from './money.ts';
import { ownMethod, type MethodRow } from './methods.ts';
import { cardById, cardHistory, listCards, ownCard } from './store.ts';
import { claimEgift, egiftInfoFromToken } from '../gifting/claim.ts';

/**
 * REST calls of spec 2 section 7 for cards and payment methods (docs/cards.md lists them). Every handler keys
 * its queries by the session's user id: another member's card, method or address answers 404 like an unknown one.
 */
const API = '/apiproxy/v1/account';
const HOUR = 3600_000;
export const ADD_CARD_FAILURES_PER_HOUR = 10;
export const TOKENIZE_PER_IP_PER_HOUR = 60;
/** the pay barcode asks for a fresh sign-in when the session is older than this (and no recent re-auth) */
export const BARCODE_SESSION_MAX_AGE_MS = 7 * 24 * HOUR;

/** parse a body, turning a bad `amount` into 121005 (missing) / 121036 (invalid) as spec 8 names them */
function parseReload(body: unknown) {
  const r = v.safeParse(ReloadRequest, body);
  if (r.success) return r.output;
  if (r.issues.some((i) => v.getDotPath(i) === 'amount')) throw cardError(CardCodes.reloadAmountInvalid, { field: 'amount' });
  return parse(ReloadRequest, body);
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > 64 * 1024) throw new ApiError(400, 'BAD_REQUEST', 'The request body is too large.');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  }
}

const methodHash = (id: string) => createHash('sha256').update(`pm:${id}`).digest('hex').slice(0, 24);

export const toMethod = (r: MethodRow): PaymentMethod => ({
  paymentMethodId: r.payment_method_id,
  paymentMethodIdHash: methodHash(r.payment_method_id),
  paymentInstrumentId: r.payment_instrument_id,
  paymentType: r.payment_type,
  default: r.is_default,
  accountNumberLastFour: r.last_four,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  accountEmail: r.account_email,
  nickname: r.nickname,
  billingAddressId: r.billing_address_id,
});

export async function listMethods(db: Queryable, userId: string): Promise<PaymentMethod[]> {
  const r = await db.query<MethodRow>('select * from payment_methods where user_id = $1 and removed_at is null order by is_default desc, created_at, payment_method_id', [userId]);
  return r.rows.map(toMethod);
}

async function ownAddressExists(db: Queryable, userId: string, addressId: string) {
  const r = await db.query('select 1 from addresses where address_id = $1 and user_id = $2', [addressId, userId]);
  if (!r.rows[0]) throw cardError(CardCodes.addressNotFound, { field: 'billingAddressId' });
}

function tokenResponse(i: TokenInfo): TokenizeResponse {
  return { token: i.token, brand: i.brand, lastFour: i.kind === 'paypal' ? '' : i.lastFour, expMonth: i.expMonth, expYear: i.expYear, createdAt: i.createdAt.toISOString() };
}

export async function saveMethod(db: Db, userId: string, body: v.InferOutput<typeof AddPaymentMethodRequest>): Promise<PaymentMethod> {
  if (body.billingAddressId) await ownAddressExists(db, userId, body.billingAddressId);
  return db.transaction(async (tx) => {
    const verified = await processor().verify(tx, body.token);
    if (!verified.ok) throw cardError(verified.code, { field: 'token' });
    const i = verified.info;
    const hasDefault = (await tx.query('select 1 from payment_methods where user_id = $1 and is_default and removed_at is null', [userId])).rows.length > 0;
    const makeDefault = body.makeDefault || !hasDefault;
    if (makeDefault) await tx.query('update payment_methods set is_default = false where user_id = $1 and is_default', [userId]);
    const id = `pm_${randomBytes(12).toString('hex')}`;
    const r = await tx.query<MethodRow>(
      `insert into payment_methods (payment_method_id, user_id, payment_instrument_id, payment_type, processor_token, last_four, exp_month, exp_year, account_email, nickname, billing_address_id, is_default)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`,
      [id, userId, `pi_${randomBytes(12).toString('hex')}`, i.brand, i.token, i.kind === 'paypal' ? '' : i.lastFour, i.expMonth, i.expYear, i.accountEmail, body.nickname || null, body.billingAddressId ?? null, makeDefault],
    );
    return toMethod(r.rows[0]!);
  });
}

function requireFreshSignIn(c: Context<AppEnv>) {
  const s = requireUser(c);
  const now = Date.now();
  const recentReauth = s.mfaVerifiedAt && now - s.mfaVerifiedAt.getTime() < REAUTH_WINDOW_MS;
  if (now - s.createdAt.getTime() > BARCODE_SESSION_MAX_AGE_MS && !recentReauth) throw new ApiError(403, AccountErrorCodes.reauthRequired, AccountMessages.reauthRequired);
  return s;
}

const CardParam = v.object({ cardId: CardId });
const MethodParam = v.object({ paymentMethodId: PaymentMethodId });

export function registerCardRoutes(app: Hono<AppEnv>) {
  // ---- cards -----------------------------------------------------------------------------------------------------
  app.get(`${API}/cards`, async (c) => {
    const s = requireUser(c);
    return c.json({ cards: await listCards(c.var.deps.db, s.userId) });
  });

  app.get(`${API}/cards/:cardId`, async (c) => {
    const s = requireUser(c);
    const { cardId } = parse(CardParam, c.req.param());
    const card = await ownCard(c.var.deps.db, s.userId, cardId);
    return c.json({ card, history: await cardHistory(c.var.deps.db, card.cardId) });
  });

  app.post(`${API}/cards/barcode`, async (c) => {
    const s = requireFreshSignIn(c);
    const body = await parseJson(c, BarcodeRequest);
    const { db } = c.var.deps;
    const r = await db.query<{ card_id: string; card_number: string }>(
      `select card_id, card_number from stored_value_cards where ${body.cardId !== undefined ? 'card_id' : 'card_number'} = $1 and user_id = $2 and status <> 'closed'`,
      [body.cardId ?? body.cardNumber, s.userId],
    );
    const card = r.rows[0];
    if (!card) throw cardError(CardCodes.notRegistered, { field: body.cardId !== undefined ? 'cardId' : 'cardNumber' });
    // the barcode holds a fresh pay code (single use, 5 minutes), never the card number (issue 25)
    const { code, expiresAt } = await issuePayCode(db, card.card_id, s.userId);
    const out: BarcodeResponse = { uri: await barcodeDataUrl(code), code, expiresAt: expiresAt.toISOString(), lastFour: card.card_number.slice(-4), format: 'pdf417' };
    c.header('Cache-Control', 'no-store');
    return c.json(out);
  });

  app.post(`${API}/cards/get-card-info-from-token`, async (c) => {
    const s = requireUser(c);
    const { cashstarToken } = await parseJson(c, CardInfoFromTokenRequest);
    const { db } = c.var.deps;
    const limited = await hit(db, `card-token:user:${s.userId}`, HOUR);
    if (limited.count > ADD_CARD_FAILURES_PER_HOUR * 3) throw rateLimited(c, limited.retryAfterSeconds);
    // an eGift's claim link (docs/gifting.md 3.5): unclaimed → its number and code; claimed → 409
    const egift = await egiftInfoFromToken(db, cashstarToken);
    if (egift) return c.json(egift);
    const hash = createHash('sha256').update(cashstarToken).digest('hex');
    const r = await db.query<{ card_number: string; registered_at: Date | null; balance_cents: number }>(
      `select t.card_number, p.registered_at, s.balance_cents from card_claim_tokens t
         join physical_cards p on p.card_number = t.card_number
         join stored_value_cards s on s.card_number = t.card_number where t.token_hash = $1`,
      [hash],
    );
    const row = r.rows[0];
    if (!row) throw cardError(CardCodes.cardNumberInvalid, { field: 'cashstarToken' });
    const i = Number(row.card_number.slice(-4));
    const securityCode = String((i * 1234567 + 10000000) % 100000000).padStart(8, '0');
    return c.json({ cardNumber: row.card_number, securityCode, balance: money(row.balance_cents), registered: !!row.registered_at });
  });

  // claim an eGift from its link (docs/gifting.md 3.5): the token is single use, parallel claims give one card
  app.post(`${API}/cards/claim-egift`, async (c) => {
    const s = requireUser(c);
    const { cashstarToken } = await parseJson(c, CardInfoFromTokenRequest);
    const { db } = c.var.deps;
    const limited = await hit(db, `card-token:user:${s.userId}`, HOUR);
    if (limited.count > ADD_CARD_FAILURES_PER_HOUR * 3) throw rateLimited(c, limited.retryAfterSeconds);
    return c.json(await claimEgift(db, s.userId, cashstarToken));
  });

  app.post(`${API}/cards/add`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, AddCardRequest);
    const { db } = c.var.deps;
    const bucket = `card-add:user:${s.userId}`;
    let cardId: string;
    if ('digitalCard' in body) {
      const r = await issueDigitalCard(db, s.userId, { nickname: body.nickname });
      if (!r.ok) throw cardError(r.errorCode);
      cardId = r.cardId;
    } else {
      const limited = await hit(db, bucket, HOUR);
      if (limited.count > ADD_CARD_FAILURES_PER_HOUR) throw rateLimited(c, limited.retryAfterSeconds);
      // failed PINs per card number and per IP too (server/cards/pin-limits.ts)
      const pin = await pinAttempt(db, body.cardNumber, clientIp(c));
      if (!pin.ok) throw rateLimited(c, pin.retryAfterSeconds);
      const r = await registerPhysicalCard(db, s.userId, body.cardNumber, body.securityCode, { nickname: body.nickname });
      if (r.ok || r.errorCode !== CardCodes.cardOrPinWrong) await pin.succeeded();
      if (!r.ok) throw cardError(r.errorCode, { field: r.errorCode === CardCodes.cardOrPinWrong ? 'securityCode' : 'cardNumber' });
      await release(db, bucket);
      cardId = r.cardId;
    }
    let makePrimaryFailed = false;
    if (body.makePrimary) makePrimaryFailed = !(await makePrimary(db, s.userId, cardId));
    const added = await cardById(db, cardId);
    let transferred: number | null = null;
    if ('transferCard' in body && body.transferCard && added.balance.amount > 0 && !added.isPrimary) {
      const primary = (await listCards(db, s.userId)).find((k) => k.isPrimary);
      if (primary) {
        const t = await db.transaction((tx) => transfer(tx, { sourceCardId: cardId, targetCardId: primary.cardId, userId: s.userId }));
        transferred = t.amount;
      }
    }
    const out: AddCardResponse = { card: await cardById(db, cardId), addedAmount: added.balance, transferred: transferred === null ? null : money(transferred), makePrimaryFailed };
    return c.json(out);
  });

  app.post(`${API}/cards/transfer`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, TransferRequest);
    return c.json(await transferFor(c.var.deps.db, s.userId, body));
  });

  app.post(`${API}/cards/:cardId/reload`, async (c) => {
    const s = requireUser(c);
    const { cardId } = parse(CardParam, c.req.param());
    const body = parseReload(await readJson(c));
    const { db } = c.var.deps;
    if (body.amount === undefined) throw cardError(CardCodes.reloadAmountMissing, { field: 'amount' });
    if (!(SVC_RELOAD_OPTIONS as readonly number[]).includes(body.amount)) throw cardError(CardCodes.reloadAmountInvalid, { field: 'amount' });
    if (!body.paymentMethodId) throw new ApiError(400, 'BAD_REQUEST', 'paymentMethodId: no payment method selected', { field: 'paymentMethodId' });
    if (body.risk?.risk === 'high') throw cardError(CardCodes.antiFraud);
    const card = await ownCard(db, s.userId, cardId);
    if (card.kind === 'store_credit') throw cardError(CardCodes.storeCredit);
    const method = await ownMethod(db, s.userId, body.paymentMethodId);
    const request = { cardId, amount: body.amount, paymentMethodId: body.paymentMethodId };
    const out = await idempotent<ReloadResponse>(db, s.userId, `reload:${body.idempotencyKey}`, request, async (tx) => {
      await ownCard(tx, s.userId, cardId);
      await reload(tx, { cardId, amount: body.amount!, userId: s.userId, paymentMethodId: method.payment_method_id, processorToken: method.processor_token, idempotencyKey: body.idempotencyKey });
      return { card: await cardById(tx, cardId), amount: money(body.amount!) };
    });
    return c.json(out);
  });

  app.post(`${API}/cards/:cardId/remove`, async (c) => {
    const s = requireUser(c);
    const { cardId } = parse(CardParam, c.req.param());
    const { db } = c.var.deps;
    const card = await ownCard(db, s.userId, cardId);
    const cardNumber = await db.transaction(async (tx) => {
      const r = await tx.query<{ card_number: string; kind: string; is_primary: boolean }>(
        `update stored_value_cards set status = case when kind in ('digital', 'egift') then 'closed' else status end,
                user_id = case when kind in ('digital', 'egift') then user_id else null end,
                is_primary = false, registered_at = case when kind in ('digital', 'egift') then registered_at else null end
          where card_id = $1 and user_id = $2 and balance_cents = 0 and status <> 'closed'
        returning card_number, kind`,
        [cardId, s.userId],
      );
      const row = r.rows[0];
      if (!row) throw cardError(CardCodes.cardHasBalance);
      // a digital or eGift card closes (an eGift's claim link is spent); a physical one is released
      if (row.kind === 'physical' || row.kind === 'store_credit') await tx.query('update physical_cards set registered_at = null where card_number = $1', [row.card_number]);
      await tx.query('delete from auto_reload_profiles where card_id = $1', [cardId]);
      if (card.isPrimary) {
        await tx.query(
          `update stored_value_cards set is_primary = true where card_id = (
             select card_id from stored_value_cards where user_id = $1 and status <> 'closed' order by registered_at nulls first, created_at limit 1)`,
          [s.userId],
        );
      }
      return row.card_number;
    });
    return c.json({ cardNumber: maskCardNumber(cardNumber) });
  });

  app.post(`${API}/cards/:cardId/make-primary`, async (c) => {
    const s = requireUser(c);
    const { cardId } = parse(CardParam, c.req.param());
    const { db } = c.var.deps;
    await ownCard(db, s.userId, cardId);
    if (!(await makePrimary(db, s.userId, cardId))) throw cardError(CardCodes.makePrimaryFailed);
    return c.json({ card: await cardById(db, cardId) });
  });

  app.patch(`${API}/cards/:cardId`, async (c) => {
    const s = requireUser(c);
    const { cardId } = parse(CardParam, c.req.param());
    const body = await parseJson(c, UpdateCardRequest);
    const { db } = c.var.deps;
    await ownCard(db, s.userId, cardId);
    await db.query('update stored_value_cards set nickname = $3 where card_id = $1 and user_id = $2', [cardId, s.userId, body.nickname]);
    return c.json({ card: await cardById(db, cardId) });
  });

  // ---- payment methods ---------------------------------------------------------------------------------------------
  app.get(`${API}/payment-methods`, async (c) => {
    const s = requireUser(c);
    return c.json({ paymentMethods: await listMethods(c.var.deps.db, s.userId) });
  });

  app.post(`${API}/payment-methods`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, AddPaymentMethodRequest);
    return c.json({ paymentMethod: await saveMethod(c.var.deps.db, s.userId, body) });
  });

  app.patch(`${API}/payment-methods/:paymentMethodId`, async (c) => {
    const s = requireUser(c);
    const { paymentMethodId } = parse(MethodParam, c.req.param());
    const body = await parseJson(c, UpdatePaymentMethodRequest);
    const { db } = c.var.deps;
    const m = await ownMethod(db, s.userId, paymentMethodId);
    if (body.billingAddressId) await ownAddressExists(db, s.userId, body.billingAddressId);
    if ((body.expMonth !== undefined || body.expYear !== undefined) && m.payment_type === 'paypal') throw new ApiError(400, 'BAD_REQUEST', 'expMonth: PayPal has no expiry', { field: 'expMonth' });
    const r = await db.query<MethodRow>(
      `update payment_methods set exp_month = coalesce($3, exp_month), exp_year = coalesce($4, exp_year),
              billing_address_id = coalesce($5, billing_address_id), nickname = coalesce($6, nickname)
        where payment_method_id = $1 and user_id = $2 returning *`,
      [paymentMethodId, s.userId, body.expMonth ?? null, body.expYear ?? null, body.billingAddressId ?? null, body.nickname ?? null],
    );
    return c.json({ paymentMethod: toMethod(r.rows[0]!) });
  });

  app.post(`${API}/payment-methods/:paymentMethodId/default`, async (c) => {
    const s = requireUser(c);
    const { paymentMethodId } = parse(MethodParam, c.req.param());
    const { db } = c.var.deps;
    await ownMethod(db, s.userId, paymentMethodId);
    await db.transaction(async (tx) => {
      await tx.query('update payment_methods set is_default = false where user_id = $1 and is_default', [s.userId]);
      await tx.query('update payment_methods set is_default = true where payment_method_id = $1 and user_id = $2', [paymentMethodId, s.userId]);
    });
    return c.json({ paymentMethods: await listMethods(db, s.userId) });
  });

  app.delete(`${API}/payment-methods/:paymentMethodId`, async (c) => {
    const s = requireUser(c);
    const { paymentMethodId } = parse(MethodParam, c.req.param());
    const { db } = c.var.deps;
    const m = await ownMethod(db, s.userId, paymentMethodId);
    await db.transaction(async (tx) => {
      await tx.query('update payment_methods set removed_at = now(), is_default = false where payment_method_id = $1 and user_id = $2', [paymentMethodId, s.userId]);
      // auto reload cannot charge a removed method: its profiles are turned off
      await tx.query(`update auto_reload_profiles set status = 'disabled', updated_at = now() where payment_method_id = $1`, [paymentMethodId]);
      if (m.is_default)
        await tx.query(
          `update payment_methods set is_default = true where payment_method_id = (
             select payment_method_id from payment_methods where user_id = $1 and removed_at is null order by created_at limit 1)`,
          [s.userId],
        );
    });
    return c.json({ paymentMethods: await listMethods(db, s.userId) });
  });

  // ---- the sandbox processor's own endpoints (a real processor hosts these) ---------------------------------------
  app.post('/apiproxy/v1/sandbox-processor/tokens', async (c) => {
    const body = await parseJson(c, TokenizeCardRequest);
    const { db } = c.var.deps;
    const limited = await hit(db, `tokenize:ip:${clientIp(c)}`, HOUR);
    if (limited.count > TOKENIZE_PER_IP_PER_HOUR) throw rateLimited(c, limited.retryAfterSeconds);
    const r = await processor().tokenizeCard(db, body);
    if (!r.ok) throw cardError(r.code, { field: 'number' });
    return c.json(tokenResponse(r.info));
  });

  app.post('/apiproxy/v1/sandbox-processor/paypal/approve', async (c) => {
    requireUser(c);
    const body = await parseJson(c, PaypalApproveRequest);
    const r = await processor().tokenizePaypal(c.var.deps.db, body.email);
    if (!r.ok) throw cardError(r.code, { field: 'email' });
    return c.json(tokenResponse(r.info));
  });
}

export async function makePrimary(db: Db, userId: string, cardId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('update stored_value_cards set is_primary = false where user_id = $1 and is_primary', [userId]);
    const r = await tx.query(`update stored_value_cards set is_primary = true where card_id = $1 and user_id = $2 and status = 'active'`, [cardId, userId]);
    if (r.rowCount !== 1) throw new NotPrimary();
    return true;
  }).catch((e: unknown) => {
    if (e instanceof NotPrimary) return false;
    throw e;
  });
}
class NotPrimary extends Error {}

/** transfer between two of the member's cards (REST and GraphQL), idempotent by key */
export async function transferFor(db: Db, userId: string, body: v.InferOutput<typeof TransferRequest>) {
  await ownCard(db, userId, body.sourceCardId, 'sourceCardId');
  await ownCard(db, userId, body.targetCardId, 'targetCardId');
  const request = { sourceCardId: body.sourceCardId, targetCardId: body.targetCardId, amount: body.amount ?? null };
  return idempotent(db, userId, `transfer:${body.idempotencyKey}`, request, async (tx) => {
    await ownCard(tx, userId, body.sourceCardId, 'sourceCardId');
    await ownCard(tx, userId, body.targetCardId, 'targetCardId');
    const t = await transfer(tx, { sourceCardId: body.sourceCardId, targetCardId: body.targetCardId, amount: body.amount, userId, idempotencyKey: body.idempotencyKey });
    return { source: await cardById(tx, body.sourceCardId), target: await cardById(tx, body.targetCardId), amount: money(t.amount) };
  });
}
