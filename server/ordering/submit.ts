import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { now } from '../clock.ts';
import { CardCodes, SVC_RELOAD_OPTIONS, formatCents } from '../../contracts/cards.ts';
import { ORDERING_LIMITS, OrderingCodes, OrderingMessages, PricingCodes, reloadAmountOptions, tipAllowed, type OrderSummary, type SubmitOrderGuestInput, type SubmitOrderInput, type SubmitOrderResult } from '../../contracts/ordering.ts';
import { idempotent } from '../cards/idempotency.ts';
import { chargeMethodOrThrow, debit, reload } from '../cards/money.ts';
import { ownCard } from '../cards/store.ts';
import { ownMethod } from '../cards/methods.ts';
import { cardError } from '../cards/errors.ts';
import { processor } from '../payments/index.ts';
import { availability, catalog, storeCtx, type Catalog, type StoreCtx } from './catalog.ts';
import { orderingError } from './errors.ts';
import { ORDER_SELECT, checkSlot, hashOrderToken, orderLines, storeWait, summary, type OrderRow } from './orders.ts';
import { estimateForNew, workOfLines } from './eta-store.ts';
import { appendStoreEvent, consoleOrder, lockStore } from './events.ts';
import type { ConsoleOrder } from '../../contracts/order-status.ts';
import type { QuoteLine } from './pricing.ts';
import { earnForOrder, lockStars, spendForOrder } from '../rewards/stars.ts';

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

/**
 * The steps, in order. Before the transaction: `checkTender` and `checkGuestAddress` (input rules that need no
 * lock). Inside it: `lockFreshQuote` (the quote, its owner, fresh and unchanged), `checkAmount` (tip, amount,
 * store tenders), `claimSlot`, `spendStarsAndOffers`, `pay`, `writeOrder`, `earnForOrder` (server/rewards/stars.ts), `confirmationEmail`.
 * After it: the order token goes out (`withToken`).
 */
export async function submitOrder(db: Db, input: SubmitOrderInput, who: Who): Promise<SubmitOrderResult> {
  const tender = checkTender(input, who);
  await checkGuestAddress(db, who);
  const ctx = await storeCtx(db, input.storeNumber);
  if (!ctx) throw orderingError(OrderingCodes.stalePricing, { field: 'storeNumber' });
  const cat = await catalog(db);
  const scope = who.guest ? `guest:${input.orderId}` : who.userId;
  const request = { orderId: input.orderId, storeNumber: ctx.short, tenders: input.tenders, tipAmount: input.tipAmount, scheduledOrdering: input.scheduledOrdering ?? null, reload: input.reload ?? null, guest: who.guest ? who.guestInfo : null };

  // the order token is a bearer secret: only its hash is stored, and the stored answer of the key holds none
  let issued: string | null = null;
  const out = await idempotent<StoredAnswer>(db, scope, `submit:${input.idempotencyKey}`, request, async (tx) => {
    const at = now();
    // a store with staff: its console-driven orders get the ETA model's estimate and a `placed` event; the store
    // lock comes first, the one lock order of docs/order-status.md 3.2 (store, then order rows, Stars, cards: a
    // console cancel takes them in that order too, so the two cannot deadlock)
    const staffed = (await tx.query('select 1 from staff_members where short_number = $1 limit 1', [ctx.short])).rows.length > 0;
    if (staffed) await lockStore(tx, ctx.short);
    const q = await lockFreshQuote(tx, input, who, ctx, cat, at);
    const amount = checkAmount(q, input, tender, ctx);
    await checkItemsStillSold(tx, q, ctx.short, cat);
    const scheduledFor = await claimSlot(tx, input, ctx, at);
    await spendStarsAndOffers(tx, q, who, at);
    const paid = await pay(tx, q, input, who, tender, amount);
    issued = newOrderToken();
    await writeOrder(tx, { q, who, ctx, cat, staffed, tender: tender.tender, tip: input.tipAmount, amount, paid, tokenHash: hashOrderToken(issued), starsEarned: 0, scheduledFor, at });
    // the Stars (and a bonus) of the order: server/rewards/stars.ts, which sets orders.stars_earned
    await earnForOrder(tx, { userId: who.userId, orderId: q.order_id, totalCents: q.total_cents, tender: tender.tender, at });
    await confirmationEmail(tx, who, q.order_id, amount, ctx.row.name, issued);
    const row = (await tx.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [q.order_id])).rows[0]!;
    // a console-driven order reaches the store's console as a `placed` event (docs/order-status.md 3.2)
    if (row.driven_by === 'console') {
      await appendStoreEvent(tx, { short: ctx.short, orderId: q.order_id, kind: 'placed', data: { order: fitPayload(await consoleOrder(tx, row, at)) }, actor: who.userId ?? 'guest' });
    }
    const items = (await orderLines(tx, [q.order_id])).get(q.order_id) ?? [];
    return { order: summary(row, items, at), card: paid.card };
  });
  return withToken(db, input.orderId, out, issued);
}

type StoredAnswer = Omit<SubmitOrderResult, 'order'> & { order: OrderSummary };
type Tender = SubmitOrderInput['tenders'][number];

/** the tender this caller may use; a reload only with the stored-value card */
function checkTender(input: SubmitOrderInput, who: Who): Tender {
  const tender = input.tenders[0]!;
  if (!(TENDERS_FOR[who.guest ? 'guest' : 'member'] as readonly string[]).includes(tender.tender)) {
    throw new ApiError(400, 'BAD_REQUEST', `tenders.0.tender: ${who.guest ? 'guests pay with a single-use card (GUEST_CARD)' : 'pay with SVC, CREDIT_CARD or PAYPAL'}`, { field: 'tenders.0.tender' });
  }
  if (input.reload && tender.tender !== 'SVC') throw new ApiError(400, 'BAD_REQUEST', 'reload: only with a stored-value card (SVC)', { field: 'reload' });
  return tender;
}

/** a single-use billing address from ADD_SINGLE_USE_BILLING_ADDRESS, still valid (guests that sent one) */
async function checkGuestAddress(db: Queryable, who: Who) {
  if (!who.guest || !who.guestInfo.addressToken) return;
  const hash = createHash('sha256').update(who.guestInfo.addressToken).digest('hex');
  const a = await db.query('select 1 from single_use_addresses where address_token_hash = $1 and expires_at > now()', [hash]); // the cards module's clock (real time)
  if (!a.rows.length) throw new ApiError(400, 'BAD_REQUEST', 'guest.addressToken: the billing address expired; enter it again', { field: 'guest.addressToken' });
}

/** the caller's quote, locked; not placed yet; not stale (expired, another store, an item no longer available) */
async function lockFreshQuote(tx: Queryable, input: SubmitOrderInput, who: Who, ctx: StoreCtx, cat: Catalog, at: Date): Promise<QuoteRow> {
  const q = (await tx.query<QuoteRow>('select * from order_quotes where order_id = $1 for update', [input.orderId])).rows[0];
  if (!q || (who.guest ? !q.guest : q.user_id !== who.userId)) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
  if (q.placed_at) throw orderingError(OrderingCodes.orderAlreadyPlaced, { field: 'orderId' });
  if (new Date(q.expires_at).getTime() <= at.getTime() || q.short_number !== ctx.short) throw orderingError(OrderingCodes.stalePricing);
  return q;
}

/**
 * Every item of the quote still sold at the store (issue 29, docs/order-status.md 3.8; spec 1 section 8 mapping): the
 * store's exclusions are read again inside the transaction, so a sold-out switch committed after pricing refuses the
 * order with 422 ITEMS_UNAVAILABLE (the sold-out skus; was STALE_PRICING), and a product gone from the menu with 404
 * ITEMS_NOT_FOUND. Both are 'got it' on the client (PRICING_ACTIONS).
 */
async function checkItemsStillSold(tx: Queryable, q: QuoteRow, short: string, cat: Catalog) {
  const fresh = await storeCtx(tx, short, cat);
  if (!fresh) throw orderingError(OrderingCodes.stalePricing, { field: 'storeNumber' });
  const notFound: string[] = [];
  const unavailable: string[] = [];
  for (const l of q.lines) {
    const p = cat.products.get(l.productNumber);
    if (!p) notFound.push(l.sku);
    else if (availability(cat, p, fresh) !== 'Available') unavailable.push(l.sku);
  }
  if (notFound.length) throw orderingError(PricingCodes.itemsNotFound, { skus: notFound });
  if (unavailable.length) throw orderingError(PricingCodes.itemsUnavailable, { skus: unavailable });
}

/** the amount to pay (total + tip): the tip allowed, the tender's amount unchanged, the store's tenders */
function checkAmount(q: QuoteRow, input: SubmitOrderInput, tender: Tender, ctx: StoreCtx): number {
  const tip = input.tipAmount;
  if (tip > 0 && !tipAllowed(q.tip_enabled, q.total_cents, tender.tender)) throw orderingError(OrderingCodes.tipNotAllowed, { field: 'tipAmount' });
  const amount = q.total_cents + tip;
  if (tender.amount !== amount) throw orderingError(OrderingCodes.stalePricing, { field: 'tenders.0.amount' });
  if (ctx.svcOnly && tender.tender !== 'SVC') throw orderingError(OrderingCodes.svcOnlyStore, { field: 'tenders.0.tender' });
  return amount;
}

/** scheduled ordering: the slot booked with a conditional upsert, never above its capacity; null for as soon as possible */
async function claimSlot(tx: Queryable, input: SubmitOrderInput, ctx: StoreCtx, at: Date): Promise<Date | null> {
  if (!input.scheduledOrdering) return null;
  const slot = new Date(input.scheduledOrdering.slotStart);
  const check = checkSlot(ctx, slot, at);
  if (check === 'past') throw orderingError(OrderingCodes.timeSlotUnavailable, { field: 'scheduledOrdering.slotStart' });
  if (check === 'invalid') throw orderingError(OrderingCodes.timeUnavailable, { field: 'scheduledOrdering.slotStart' });
  const booked = await tx.query(
    `insert into time_slot_bookings (short_number, slot_start, booked) values ($1, $2, 1)
     on conflict (short_number, slot_start) do update set booked = time_slot_bookings.booked + 1 where time_slot_bookings.booked < $3 returning booked`,
    [ctx.short, slot, ORDERING_LIMITS.timeSlotCapacity],
  );
  if (!booked.rows.length) throw orderingError(OrderingCodes.timeSlotUnavailable, { field: 'scheduledOrdering.slotStart' });
  return slot;
}

/**
 * Stars and offers priced for this member, spent here, once (a second use of the same Stars or coupon is stale).
 * A member's Stars are locked here first, before the money (server/rewards/stars.ts `lockStars`): every path that
 * moves Stars and card money (submit, cancel) takes the Stars row before the card row, so they cannot deadlock.
 */
async function spendStarsAndOffers(tx: Queryable, q: QuoteRow, who: Who, at: Date) {
  if (!who.guest) await lockStars(tx, who.userId, at);
  if (q.stars_cost > 0) {
    const spent = await spendForOrder(tx, { userId: who.userId!, orderId: q.order_id, stars: q.stars_cost, description: `Reward: ${q.offers.map((o) => o.code).join(', ')}`, at });
    if (!spent) throw orderingError(OrderingCodes.stalePricing, { field: 'orderId', message: `${OrderingMessages.stalePricing}` });
  }
  const rewards = q.offers.filter((x) => x.type === 'REWARD');
  const grantOnly = new Set(
    rewards.length ? (await tx.query<{ code: string }>('select code from offers where code = any($1::text[]) and grant_only', [rewards.map((o) => o.code)])).rows.map((r) => r.code) : [],
  );
  for (const o of rewards) {
    // a granted coupon (promo): the member's oldest usable one is marked redeemed by this order, once
    const r = grantOnly.has(o.code)
      ? await tx.query(
          `update member_rewards set redeemed_order_id = $3, redeemed_at = $4
            where reward_id = (select reward_id from member_rewards where user_id = $1 and offer_code = $2 and redeemed_order_id is null and expires_at > $4 order by expires_at, reward_id limit 1)
              and redeemed_order_id is null`,
          [who.userId, o.code, q.order_id, at],
        )
      : await tx.query('insert into offer_redemptions (user_id, code, order_id) values ($1, $2, $3) on conflict do nothing', [who.userId, o.code, q.order_id]);
    if (r.rowCount !== 1) throw orderingError(OrderingCodes.stalePricing, { field: 'orderId' });
  }
}

interface Paid {
  card: SubmitOrderResult['card'];
  cardId: string | null;
  methodId: string | null;
  chargeId: string | null;
  ledgerId: number | null;
}

/**
 * The money, through the money core: the stored-value card (with 'Reload & place order' first and auto reload
 * inside the debit), or chargeMethod for a saved method or the guest's single-use card. Charge keys: order-<id>.
 */
async function pay(tx: Queryable, q: QuoteRow, input: SubmitOrderInput, who: Who, tender: Tender, amount: number): Promise<Paid> {
  const paid: Paid = { card: null, cardId: null, methodId: null, chargeId: null, ledgerId: null };
  const tip = input.tipAmount;
  if (tender.tender === 'SVC') {
    const c = await ownCard(tx, who.userId!, tender.id, 'tenders.0.id');
    paid.cardId = c.cardId;
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
        paid.ledgerId = d.ledgerId;
      } catch (e) {
        if (e instanceof ApiError && e.code === CardCodes.insufficientBalance) {
          throw orderingError(OrderingCodes.insufficientBalance, { field: 'tenders.0.id', balance, reloadOptions: reloadAmountOptions(q.total_cents, tip, balance, SVC_RELOAD_OPTIONS), detail: OrderingMessages.insufficientBalance });
        }
        throw e;
      }
    }
    paid.card = { cardId: c.cardId, balance, reloaded, autoReloaded };
  } else if (tender.tender === 'GUEST_CARD') {
    const info = await processor().describe(tx, tender.id);
    if (!info || !info.singleUse) throw cardError(CardCodes.tokenExpired, { field: 'tenders.0.id' });
    if (amount > 0) paid.chargeId = await chargeMethodOrThrow(tx, { processorToken: tender.id }, amount, `order-${q.order_id}`, 'tenders.0.id');
  } else {
    const m = await ownMethod(tx, who.userId!, tender.id, 'tenders.0.id');
    if ((tender.tender === 'PAYPAL') !== (m.payment_type === 'paypal')) throw new ApiError(400, 'BAD_REQUEST', 'tenders.0.tender: does not match the payment method', { field: 'tenders.0.tender' });
    paid.methodId = m.payment_method_id;
    if (amount > 0) paid.chargeId = await chargeMethodOrThrow(tx, { processorToken: m.processor_token }, amount, `order-${q.order_id}`, 'tenders.0.id');
  }
  return paid;
}

/**
 * The order row (with the token's hash only), its lines, and the quote marked placed. An order at a store with
 * staff is console-driven (its status moves only by the console, docs/order-status.md 1) and its estimate is the
 * ETA model's (server/ordering/eta.ts: the queue ahead, the order's work W(o), the store's k and stations); a
 * clock-driven order keeps today's storeWait estimate (its time-based status follows it). W(o) is kept for both.
 */
async function writeOrder(
  tx: Queryable,
  o: { q: QuoteRow; who: Who; ctx: StoreCtx; cat: Catalog; staffed: boolean; tender: Tender['tender']; tip: number; amount: number; paid: Paid; tokenHash: string; starsEarned: number; scheduledFor: Date | null; at: Date },
) {
  const { q, who, ctx, paid, at } = o;
  const work = workOfLines(o.cat, q.lines);
  const staffed = o.staffed;
  const readyAt = staffed
    ? await estimateForNew(tx, ctx.short, { orderId: q.order_id, work, scheduledFor: o.scheduledFor }, at)
    : (o.scheduledFor ?? new Date(at.getTime() + (await storeWait(tx, ctx.short, q.collection_type as '16', at)).minMinutes * 60_000));
  await tx.query(
    `insert into orders (order_id, user_id, guest, guest_email, guest_first_name, guest_marketing_opt_in, order_token_hash, short_number, collection_type, consumption_type,
                         subtotal_cents, discount_cents, tax_cents, tip_cents, total_cents, currency, tender, card_id, payment_method_id, processor_charge_id, card_ledger_id,
                         stars_earned, stars_spent, scheduled_for, placed_at, ready_estimate_at, locale, work_seconds, driven_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29)`,
    [
      q.order_id,
      who.userId,
      who.guest,
      who.guest ? who.guestInfo.email : null,
      who.guest ? who.guestInfo.firstName : null,
      who.guest ? who.guestInfo.guestEmailMarketingOptIn : false,
      o.tokenHash,
      ctx.short,
      q.collection_type,
      q.consumption_type,
      q.subtotal_cents,
      q.discount_cents,
      q.tax_cents,
      o.tip,
      o.amount,
      q.currency,
      o.tender,
      paid.cardId,
      paid.methodId,
      paid.chargeId,
      paid.ledgerId,
      o.starsEarned,
      q.stars_cost,
      o.scheduledFor,
      at,
      readyAt,
      q.locale,
      work,
      staffed ? 'console' : 'clock',
    ],
  );
  for (const [i, l] of q.lines.entries()) {
    await tx.query(
      `insert into order_lines (order_id, line_no, sku, product_number, form_code, size_code, name, quantity, unit_price_cents, discount_cents, child_items) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
      [q.order_id, i, l.sku, l.productNumber, l.formCode, l.sizeCode, l.name, l.quantity, l.unitPrice, l.discount, JSON.stringify(l.childItems)],
    );
  }
  await tx.query('update order_quotes set placed_at = $2 where order_id = $1', [q.order_id, at]);
}

/** replay tokens kept per order (order_replay_tokens); the first token, the emailed one, is kept apart and never goes */
export const ORDER_REPLAY_TOKENS = 5;

/**
 * The answer with the order token: the one issued by this call; or, for a replay (the first answer was lost or is
 * still on its way), a new one, since the first is kept nowhere in clear. The first keeps working (the confirmation
 * email's link holds it): the new one is added beside it, and only the oldest replay tokens beyond
 * ORDER_REPLAY_TOKENS go.
 */
async function withToken(db: Queryable, orderId: string, out: StoredAnswer & { duplicate?: unknown }, issued: string | null): Promise<SubmitOrderResult> {
  let token = issued;
  if (!token) {
    token = newOrderToken();
    await db.query(
      `with added as (insert into order_replay_tokens (token_hash, order_id) values ($2, $1) returning token_hash)
       delete from order_replay_tokens where order_id = $1 and token_hash in (
         select token_hash from order_replay_tokens where order_id = $1 order by created_at desc, token_hash offset $3)`,
      [orderId, hashOrderToken(token), ORDER_REPLAY_TOKENS - 1],
    );
  }
  return { ...out, order: { ...out.order, orderToken: token } };
}

/**
 * A `placed` event's card within store_events' 4 KB payload check (migration 080): a very large basket loses its
 * customisation lines, then its last items (the console's queue call answers the whole card; the event only adds it).
 */
export function fitPayload(card: ConsoleOrder, max = 3800): ConsoleOrder {
  const size = (c: ConsoleOrder) => JSON.stringify({ order: c }).length;
  if (size(card) <= max) return card;
  let out: ConsoleOrder = { ...card, items: card.items.map((i) => ({ ...i, customisations: [] })) };
  while (size(out) > max && out.items.length > 1) out = { ...out, items: out.items.slice(0, -1) };
  return out;
}

const newOrderToken = () => `ot_${randomBytes(24).toString('base64url')}`;

/**
 * The confirmation email. Its link is the order's tracker (issue 30): a member's signs in to it; a guest's carries the
 * order token in the fragment (`#token=`, never sent to the server by the browser), so the guest sees that order
 * without an account, never 'Sign in to see your previous orders.'.
 */
async function confirmationEmail(tx: Queryable, who: Who, orderId: string, amount: number, storeName: string, orderToken: string) {
  const email = who.guest ? who.guestInfo.email : (await tx.query<{ email: string }>('select email from users where id = $1', [who.userId])).rows[0]?.email;
  if (!email) return;
  const link = `/menu/order/${orderId}${who.guest ? `#token=${orderToken}` : ''}`;
  await tx.query(`insert into outbox (channel, recipient, subject, body, link, kind, user_id) values ('email', $1, $2, $3, $5, 'order-placed', $4)`, [
    email,
    'Your order is in',
    `Thanks${who.guest ? `, ${who.guestInfo.firstName}` : ''}! ${storeName} has your order ${orderId.slice(-8)} (${formatCents(amount)}).`,
    who.userId,
    link,
  ]);
}
