import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { now } from '../locator/clock.ts';
import { CardCodes, SVC_RELOAD_OPTIONS, formatCents } from '../../contracts/cards.ts';
import { OrderingCodes, OrderingMessages, reloadAmountOptions, tipAllowed, type OrderSummary, type SubmitOrderGuestInput, type SubmitOrderInput, type SubmitOrderResult } from '../../contracts/ordering.ts';
import { idempotent } from '../cards/idempotency.ts';
import { chargeMethodOrThrow, debit, reload } from '../cards/money.ts';
import { ownCard } from '../cards/store.ts';
import { ownMethod } from '../cards/methods.ts';
import { cardError } from '../cards/errors.ts';
import { processor } from '../payments/index.ts';
import { availability, catalog, storeCtx } from './catalog.ts';
import { orderingError } from './errors.ts';
import { ORDER_SELECT, checkSlot, hashOrderToken, orderLines, storeWait, summary, type OrderRow } from './orders.ts';
import type { QuoteLine } from './pricing.ts';

/**
 * submit-order / submit-order-guest. ONE transaction (inside idempotent(): key row, order and stored answer
 * commit together) locks the quote, checks it is fresh and unchanged, books the time slot, spends Stars and
 * marks offers redeemed, moves the money (stored-value debit through the cards money core, with 'Reload & place
 * order' and auto reload in the same transaction; or a processor charge), records the order and its lines,
 * awards Stars and writes the confirmation email to the outbox. Any failure rolls all of it back.
 */

interface QuoteRow {
  order_id: string;
  user_id: string | null;
  guest: boolean;
  short_number: string;
  lines: QuoteLine[];
  offers: Array<{ code: string; type: string; stars: number }>;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
  stars_cost: number;
  tip_enabled: boolean;
  consumption_type: string;
  collection_type: string;
  locale: string;
  expires_at: Date;
  placed_at: Date | null;
}

type Who = { userId: string; guest: false } | { userId: null; guest: true; guestInfo: SubmitOrderGuestInput['guest'] };

const TENDERS_FOR = { member: ['SVC', 'CREDIT_CARD', 'PAYPAL'], guest: ['GUEST_CARD'] } as const;

export async function submitOrder(db: Db, input: SubmitOrderInput, who: Who): Promise<SubmitOrderResult> {
  const tender = input.tenders[0]!;
  if (!(TENDERS_FOR[who.guest ? 'guest' : 'member'] as readonly string[]).includes(tender.tender)) {
    throw new ApiError(400, 'BAD_REQUEST', `tenders.0.tender: ${who.guest ? 'guests pay with a single-use card (GUEST_CARD)' : 'pay with SVC, CREDIT_CARD or PAYPAL'}`, { field: 'tenders.0.tender' });
  }
  if (input.reload && tender.tender !== 'SVC') throw new ApiError(400, 'BAD_REQUEST', 'reload: only with a stored-value card (SVC)', { field: 'reload' });
  if (who.guest && who.guestInfo.addressToken) {
    // a single-use billing address from ADD_SINGLE_USE_BILLING_ADDRESS, still valid
    const hash = createHash('sha256').update(who.guestInfo.addressToken).digest('hex');
    const a = await db.query('select 1 from single_use_addresses where address_token_hash = $1 and expires_at > now()', [hash]); // the cards module's clock (real time)
    if (!a.rows.length) throw new ApiError(400, 'BAD_REQUEST', 'guest.addressToken: the billing address expired; enter it again', { field: 'guest.addressToken' });
  }
  const ctx = await storeCtx(db, input.storeNumber);
  if (!ctx) throw orderingError(OrderingCodes.stalePricing, { field: 'storeNumber' });
  const cat = await catalog(db);
  const scope = who.guest ? `guest:${input.orderId}` : who.userId;
  const request = { orderId: input.orderId, storeNumber: ctx.short, tenders: input.tenders, tipAmount: input.tipAmount, scheduledOrdering: input.scheduledOrdering ?? null, reload: input.reload ?? null, guest: who.guest ? who.guestInfo : null };

  // the order token is a bearer secret: only its hash is stored, and the stored answer of the key holds none
  let issued: string | null = null;
  const out = await idempotent<Omit<SubmitOrderResult, 'order'> & { order: OrderSummary }>(db, scope, `submit:${input.idempotencyKey}`, request, async (tx) => {
    const at = now();
    const q = (await tx.query<QuoteRow>('select * from order_quotes where order_id = $1 for update', [input.orderId])).rows[0];
    if (!q || (who.guest ? !q.guest : q.user_id !== who.userId)) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
    if (q.placed_at) throw orderingError(OrderingCodes.orderAlreadyPlaced, { field: 'orderId' });
    // stale: expired, another store, another amount, or an item no longer available there
    if (new Date(q.expires_at).getTime() <= at.getTime() || q.short_number !== ctx.short) throw orderingError(OrderingCodes.stalePricing);
    const tip = input.tipAmount;
    if (tip > 0 && !tipAllowed(q.tip_enabled, q.total_cents, tender.tender)) throw orderingError(OrderingCodes.tipNotAllowed, { field: 'tipAmount' });
    const amount = q.total_cents + tip;
    if (tender.amount !== amount) throw orderingError(OrderingCodes.stalePricing, { field: 'tenders.0.amount' });
    for (const l of q.lines) {
      const p = cat.products.get(l.productNumber);
      if (!p || availability(cat, p, ctx) !== 'Available') throw orderingError(OrderingCodes.stalePricing, { skus: [l.sku] });
    }
    if (ctx.svcOnly && tender.tender !== 'SVC') throw orderingError(OrderingCodes.svcOnlyStore, { field: 'tenders.0.tender' });

    // scheduled ordering: the slot is booked with a conditional upsert (never above capacity)
    let scheduledFor: Date | null = null;
    if (input.scheduledOrdering) {
      const slot = new Date(input.scheduledOrdering.slotStart);
      const check = checkSlot(ctx, slot, at);
      if (check === 'past') throw orderingError(OrderingCodes.timeSlotUnavailable, { field: 'scheduledOrdering.slotStart' });
      if (check === 'invalid') throw orderingError(OrderingCodes.timeUnavailable, { field: 'scheduledOrdering.slotStart' });
      const booked = await tx.query(
        `insert into time_slot_bookings (short_number, slot_start, booked) values ($1, $2, 1)
         on conflict (short_number, slot_start) do update set booked = time_slot_bookings.booked + 1 where time_slot_bookings.booked < 8 returning booked`,
        [ctx.short, slot],
      );
      if (!booked.rows.length) throw orderingError(OrderingCodes.timeSlotUnavailable, { field: 'scheduledOrdering.slotStart' });
      scheduledFor = slot;
    }

    // Stars and offers (priced for this member; spent here, once)
    if (q.stars_cost > 0) {
      const spent = await tx.query<{ balance: number }>('update stars_balances set balance = balance - $2 where user_id = $1 and balance >= $2 returning balance', [who.userId, q.stars_cost]);
      if (!spent.rows[0]) throw orderingError(OrderingCodes.stalePricing, { field: 'orderId', message: `${OrderingMessages.stalePricing}` });
      await tx.query(`insert into stars_ledger (user_id, delta, balance_after, kind, order_id, description, created_at) values ($1, $2, $3, 'spend', $4, $5, $6)`, [
        who.userId,
        -q.stars_cost,
        spent.rows[0].balance,
        q.order_id,
        `Reward: ${q.offers.map((o) => o.code).join(', ')}`,
        at,
      ]);
    }
    for (const o of q.offers.filter((x) => x.type === 'REWARD')) {
      const r = await tx.query('insert into offer_redemptions (user_id, code, order_id) values ($1, $2, $3) on conflict do nothing', [who.userId, o.code, q.order_id]);
      if (r.rowCount !== 1) throw orderingError(OrderingCodes.stalePricing, { field: 'orderId' });
    }

    // money
    let card: SubmitOrderResult['card'] = null;
    let cardId: string | null = null;
    let methodId: string | null = null;
    let chargeId: string | null = null;
    let ledgerId: number | null = null;
    if (tender.tender === 'SVC') {
      const c = await ownCard(tx, who.userId!, tender.id, 'tenders.0.id');
      cardId = c.cardId;
      let reloaded = 0;
      if (input.reload) {
        const options = reloadAmountOptions(q.total_cents, tip, c.balance.amount, SVC_RELOAD_OPTIONS);
        if (!options.includes(input.reload.amount)) throw cardError(CardCodes.reloadAmountInvalid, { field: 'reload.amount', reloadOptions: options });
        const m = await ownMethod(tx, who.userId!, input.reload.paymentMethodId, 'reload.paymentMethodId');
        await reload(tx, { cardId: c.cardId, amount: input.reload.amount, userId: who.userId!, paymentMethodId: m.payment_method_id, processorToken: m.processor_token, idempotencyKey: `order-${q.order_id}` });
        reloaded = input.reload.amount;
      }
      let balance = c.balance.amount + reloaded;
      let autoReloaded: number | null = null;
      if (amount > 0) {
        try {
          const d = await debit(tx, { cardId: c.cardId, amount, kind: 'charge', userId: who.userId, ownerId: who.userId!, idempotencyKey: input.idempotencyKey, requestKey: `order-${q.order_id}`, description: `Order ${q.order_id.slice(-8)}` });
          balance = d.balance;
          autoReloaded = d.autoReloaded;
          ledgerId = d.ledgerId;
        } catch (e) {
          if (e instanceof ApiError && e.code === CardCodes.insufficientBalance) {
            throw orderingError(OrderingCodes.insufficientBalance, { field: 'tenders.0.id', balance, reloadOptions: reloadAmountOptions(q.total_cents, tip, balance, SVC_RELOAD_OPTIONS), detail: OrderingMessages.insufficientBalance });
          }
          throw e;
        }
      }
      card = { cardId: c.cardId, balance, reloaded, autoReloaded };
    } else if (tender.tender === 'GUEST_CARD') {
      const info = await processor().describe(tx, tender.id);
      if (!info || !info.singleUse) throw cardError(CardCodes.tokenExpired, { field: 'tenders.0.id' });
      if (amount > 0) chargeId = await chargeMethodOrThrow(tx, { processorToken: tender.id }, amount, `order-${q.order_id}`, 'tenders.0.id');
    } else {
      const m = await ownMethod(tx, who.userId!, tender.id, 'tenders.0.id');
      if ((tender.tender === 'PAYPAL') !== (m.payment_type === 'paypal')) throw new ApiError(400, 'BAD_REQUEST', 'tenders.0.tender: does not match the payment method', { field: 'tenders.0.tender' });
      methodId = m.payment_method_id;
      if (amount > 0) chargeId = await chargeMethodOrThrow(tx, { processorToken: m.processor_token }, amount, `order-${q.order_id}`, 'tenders.0.id');
    }

    // the order
    const token = newOrderToken();
    issued = token;
    const wait = await storeWait(tx, ctx.short, q.collection_type as '16', at);
    const readyAt = scheduledFor ?? new Date(at.getTime() + wait.minMinutes * 60_000);
    const starsEarned = who.guest ? 0 : Math.floor(q.total_cents / 100) * (tender.tender === 'SVC' ? 2 : 1);
    await tx.query(
      `insert into orders (order_id, user_id, guest, guest_email, guest_first_name, guest_marketing_opt_in, order_token_hash, short_number, collection_type, consumption_type,
                           subtotal_cents, discount_cents, tax_cents, tip_cents, total_cents, currency, tender, card_id, payment_method_id, processor_charge_id, card_ledger_id,
                           stars_earned, stars_spent, scheduled_for, placed_at, ready_estimate_at, locale)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27)`,
      [
        q.order_id,
        who.userId,
        who.guest,
        who.guest ? who.guestInfo.email : null,
        who.guest ? who.guestInfo.firstName : null,
        who.guest ? who.guestInfo.guestEmailMarketingOptIn : false,
        hashOrderToken(token),
        ctx.short,
        q.collection_type,
        q.consumption_type,
        q.subtotal_cents,
        q.discount_cents,
        q.tax_cents,
        tip,
        amount,
        q.currency,
        tender.tender,
        cardId,
        methodId,
        chargeId,
        ledgerId,
        starsEarned,
        q.stars_cost,
        scheduledFor,
        at,
        readyAt,
        q.locale,
      ],
    );
    for (const [i, l] of q.lines.entries()) {
      await tx.query(
        `insert into order_lines (order_id, line_no, sku, product_number, form_code, size_code, name, quantity, unit_price_cents, discount_cents, child_items) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
        [q.order_id, i, l.sku, l.productNumber, l.formCode, l.sizeCode, l.name, l.quantity, l.unitPrice, l.discount, JSON.stringify(l.childItems)],
      );
    }
    await tx.query('update order_quotes set placed_at = $2 where order_id = $1', [q.order_id, at]);
    if (starsEarned > 0) await earnStars(tx, who.userId!, starsEarned, q.order_id, at);
    await confirmationEmail(tx, who, q.order_id, amount, ctx.row.name);
    const row = (await tx.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [q.order_id])).rows[0]!;
    const items = (await orderLines(tx, [q.order_id])).get(q.order_id) ?? [];
    return { order: summary(row, items, at), card };
  });
  if (issued) return { ...out, order: { ...out.order, orderToken: issued } };
  // a replay (the first answer was lost or is still on its way): the first token is kept nowhere, so a new one is
  // issued and the first stops working
  const token = newOrderToken();
  await db.query('update orders set order_token_hash = $2 where order_id = $1', [input.orderId, hashOrderToken(token)]);
  return { ...out, order: { ...out.order, orderToken: token } };
}

const newOrderToken = () => `ot_${randomBytes(24).toString('base64url')}`;

async function earnStars(tx: Queryable, userId: string, stars: number, orderId: string, at: Date) {
  const r = await tx.query<{ balance: number }>(
    `insert into stars_balances (user_id, balance) values ($1, $2) on conflict (user_id) do update set balance = stars_balances.balance + $2 returning balance`,
    [userId, stars],
  );
  await tx.query(`insert into stars_ledger (user_id, delta, balance_after, kind, order_id, description, created_at) values ($1, $2, $3, 'earn', $4, $5, $6)`, [userId, stars, r.rows[0]!.balance, orderId, `Stars for order ${orderId.slice(-8)}`, at]);
}

async function confirmationEmail(tx: Queryable, who: Who, orderId: string, amount: number, storeName: string) {
  const email = who.guest ? who.guestInfo.email : (await tx.query<{ email: string }>('select email from users where id = $1', [who.userId])).rows[0]?.email;
  if (!email) return;
  await tx.query(`insert into outbox (channel, recipient, subject, body, link, kind, user_id) values ('email', $1, $2, $3, '/menu/previous', 'order-placed', $4)`, [
    email,
    'Your order is in',
    `Thanks${who.guest ? `, ${who.guestInfo.firstName}` : ''}! ${storeName} has your order ${orderId.slice(-8)} (${formatCents(amount)}).`,
    who.userId,
  ]);
}
