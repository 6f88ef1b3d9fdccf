import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { now } from '../clock.ts';
import { ORDERING_LIMITS, OrderingMessages, PricingCodes, type Offer, type PriceOrderInput, type PricedItem, type PricingResult } from '../../contracts/ordering.ts';
import { availability, catalog, defaultQuantityOf, imageUrl, offeredOn, optionPrice, sizePrice, storeCtx, storeOpenAt, type Catalog, type StoreCtx } from './catalog.ts';
import { orderingError } from './errors.ts';

/**
 * Pricing on the server only (the browser's prices are never used): per-store prices, option prices above the
 * defaults, offers (STAR_REWARD spends Stars, REWARD coupons once per member), sales tax by the store's region
 * (tax-inclusive in California and the UK), tip eligibility. The result is stored as a quote (order_quotes)
 * with orderId and expiresAt; submit reads the quote, never the browser's amounts.
 */

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function randomId(prefix: string, n = 24): string {
  const bytes = randomBytes(n);
  let s = '';
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return `${prefix}${s}`;
}

export interface Caller {
  userId: string | null;
  guest: boolean;
}

export interface QuoteLine extends PricedItem {
  taxClass: string;
  rewardTier: number | null;
}

/** the store checks shared by pricing and submit: the code of the first failing check, or null */
export function storeRefusal(ctx: StoreCtx, caller: Caller, market: string | null, at: Date): string | null {
  if (ctx.pricingCode) return ctx.pricingCode;
  const mo = ctx.row.mobile_ordering;
  if (mo.availability === 'UNAVAILABLE') return PricingCodes.storeUnavailable;
  if (mo.availability === 'NOT_READY') return PricingCodes.storeNotAvailable;
  if (!storeOpenAt(ctx, at)) return PricingCodes.storeClosed;
  if (caller.guest && !mo.guestOrdering) return PricingCodes.mopNotAccepted;
  if (!caller.guest && market && market !== ctx.row.country_code) return PricingCodes.wrongRegion;
  if (!ctx.tax) return PricingCodes.missingCountry;
  return null;
}

/** prices the cart's lines at the store (throws the pricing code of the first bad item) */
export function priceLines(cat: Catalog, ctx: StoreCtx, items: PriceOrderInput['order']['cart']['items']): QuoteLine[] {
  const notFound: string[] = [];
  const unavailable: string[] = [];
  const retired: string[] = [];
  /** issue 30: which of `unavailable` are sold out (the rest are not sold at this store): the bag tells them apart */
  const soldOut: string[] = [];
  const lines: QuoteLine[] = [];
  for (const item of items) {
    const size = cat.sizes.get(item.commerce.sku);
    const product = size ? cat.products.get(size.product_number) : undefined;
    if (!size || !product || product.hidden) {
      notFound.push(item.commerce.sku);
      continue;
    }
    const av = availability(cat, product, ctx);
    if (av === 'NotOrderable') retired.push(size.sku);
    else if (av !== 'Available') unavailable.push(size.sku);
    if (av === 'SoldOut') soldOut.push(size.sku);
    const links = cat.links.get(product.product_number);
    let unit = sizePrice(size, ctx);
    let modifiers = 0;
    let milks = 0;
    const children = new Map<string, { option: NonNullable<ReturnType<typeof cat.optionSkus.get>>; quantity: number }>();
    for (const child of item.childItems) {
      const opt = cat.optionSkus.get(child.commerce.sku);
      const link = opt ? links?.get(opt.option.option_product_number) : undefined;
      if (!opt || !link || !offeredOn(link, size.form_code)) {
        notFound.push(child.commerce.sku);
        continue;
      }
      const prev = children.get(child.commerce.sku);
      children.set(child.commerce.sku, { option: opt, quantity: (prev?.quantity ?? 0) + child.quantity });
    }
    const childOut: PricedItem['childItems'] = [];
    for (const [sku, { option: o, quantity }] of children) {
      const link = links!.get(o.option.option_product_number)!;
      const def = defaultQuantityOf(link, size.form_code, size.size_code);
      if (quantity > o.option.max_quantity) throw orderingError(PricingCodes.addInLimit, { message: `You can add up to ${o.option.max_quantity} of ${o.option.name}.`, skus: [sku] });
      let price = 0;
      if (o.option.kind === 'quantity') {
        modifiers += quantity;
        price = Math.max(0, quantity - def) * optionPrice(o.option, ctx);
      } else if (o.option.kind === 'select') {
        milks += 1;
        price = def > 0 ? 0 : optionPrice(o.option, ctx);
      }
      unit += price;
      childOut.push({ sku, optionProductNumber: o.option.option_product_number, name: o.option.name, sizeCode: o.sizeCode, quantity, price });
    }
    if (modifiers > ORDERING_LIMITS.maximumModifierAmount) throw orderingError(PricingCodes.addInLimit, { message: OrderingMessages.addInLimit(ORDERING_LIMITS.maximumModifierAmount), skus: [size.sku] });
    if (milks > 1) throw orderingError(PricingCodes.addInLimit, { message: 'Choose one milk.', skus: [size.sku] });
    lines.push({
      sku: size.sku,
      productNumber: product.product_number,
      formCode: size.form_code,
      sizeCode: size.size_code,
      name: product.name,
      sizeName: size.name,
      quantity: item.quantity,
      unitPrice: unit,
      totalPrice: unit * item.quantity,
      discount: 0,
      childItems: childOut,
      availability: av,
      imageURL: imageUrl(product.image_key),
      taxClass: product.tax_class,
      rewardTier: product.reward_tier,
    });
  }
  if (notFound.length) throw orderingError(PricingCodes.itemsNotFound, { skus: notFound });
  if (retired.length) throw orderingError(PricingCodes.chooseDifferentItem, { skus: retired });
  if (unavailable.length) throw orderingError(PricingCodes.itemsUnavailable, { skus: unavailable, soldOut });
  return lines;
}

interface OfferRow {
  code: string;
  type: 'STAR_REWARD' | 'REWARD';
  stars: number;
  description: string;
  reward_tier: number | null;
  percent_off: number | null;
  eligible_from: Date | null;
  market: string;
  /** usable only with a granted coupon (member_rewards: promo campaigns, docs/rewards.md 3.5) */
  grant_only?: boolean;
}
interface Member {
  market: string;
  created_at: Date;
  stars: number;
}

export async function memberOf(db: Queryable, userId: string): Promise<Member> {
  const r = await db.query<{ market: string; created_at: Date; stars: number | null }>(
    'select u.market, u.created_at, b.balance as stars from users u left join stars_balances b on b.user_id = u.id where u.id = $1',
    [userId],
  );
  const m = r.rows[0];
  return { market: m?.market ?? 'US', created_at: m ? new Date(m.created_at) : new Date(0), stars: m?.stars ?? 0 };
}

/** why a member cannot use an offer (spec 5 eligibility), or null; `granted`: offer codes of the member's usable coupons */
export function offerRefusal(o: OfferRow, member: Member, redeemed: Set<string>, starsLeft: number, granted: Set<string> = new Set()): string | null {
  if (o.type === 'STAR_REWARD') return starsLeft >= o.stars ? null : 'Not enough Stars for this reward.';
  if (o.grant_only) return granted.has(o.code) ? null : 'This offer is not available to your account.';
  if (o.market !== member.market) return 'This offer is for another market.';
  if (!o.eligible_from || new Date(o.eligible_from).getTime() > member.created_at.getTime()) return 'This offer is not available to your account.';
  if (redeemed.has(o.code)) return 'This offer was already used.';
  return null;
}

/** the offer codes of the member's granted coupons not redeemed and not expired at `at` (member_rewards) */
export async function grantedOffers(db: Queryable, userId: string, at: Date): Promise<Set<string>> {
  const r = await db.query<{ offer_code: string }>('select distinct offer_code from member_rewards where user_id = $1 and redeemed_order_id is null and expires_at > $2', [userId, at]);
  return new Set(r.rows.map((x) => x.offer_code));
}

/** STARS25 (reward tier 25): the options of one item are free up to this much (docs/rewards.md 3.1) */
export const OPTION_REWARD_TIER = 25;
export const OPTION_REWARD_CAP_CENTS = 100;
const optionsPrice = (l: QuoteLine) => l.childItems.reduce((n, c) => n + c.price, 0);

/** applies offers to the lines (mutates their discounts); answers the offers as the result lists them */
async function applyOffers(db: Queryable, caller: Caller, codes: string[], lines: QuoteLine[]): Promise<{ offers: Offer[]; starsCost: number; applied: Array<{ code: string; type: string; stars: number }> }> {
  if (!codes.length) return { offers: [], starsCost: 0, applied: [] };
  if (caller.guest || !caller.userId) throw orderingError(PricingCodes.rewardNotApplied, { field: 'order.cart.offers', message: 'Sign in to use offers and rewards.' });
  const found = await db.query<OfferRow>('select * from offers where code = any($1::text[])', [codes]);
  const member = await memberOf(db, caller.userId);
  const redeemed = new Set((await db.query<{ code: string }>('select code from offer_redemptions where user_id = $1', [caller.userId])).rows.map((r) => r.code));
  const granted = await grantedOffers(db, caller.userId, now());
  let starsLeft = member.stars;
  const offers: Offer[] = [];
  const applied: Array<{ code: string; type: string; stars: number }> = [];
  for (const code of [...new Set(codes)]) {
    const o = found.rows.find((r) => r.code === code);
    if (!o) throw orderingError(PricingCodes.rewardNotApplied, { field: 'order.cart.offers', message: `${OrderingMessages.offerNotApplied}: unknown offer ${code}` });
    const refusal = offerRefusal(o, member, redeemed, starsLeft, granted);
    if (refusal) throw orderingError(PricingCodes.rewardNotApplied, { field: 'order.cart.offers', message: `${OrderingMessages.offerNotApplied}: ${refusal}`, offerCode: code });
    // the most expensive eligible unit still without a discount
    const optionReward = o.type === 'STAR_REWARD' && o.reward_tier === OPTION_REWARD_TIER;
    const eligible = lines
      .filter((l) => l.discount < l.unitPrice * l.quantity)
      .filter((l) =>
        optionReward ? optionsPrice(l) > 0 : o.type === 'STAR_REWARD' ? l.rewardTier !== null && l.rewardTier <= (o.reward_tier ?? 0) : l.productNumber && l.taxClass === 'prepared' && l.sizeCode !== 'each' && l.sizeCode !== 'bottle',
      )
      .sort((a, b) => (optionReward ? optionsPrice(b) - optionsPrice(a) : 0) || b.unitPrice - a.unitPrice);
    const line = eligible[0];
    if (!line) {
      offers.push({ code, stars: o.stars, type: o.type, couponId: o.type === 'REWARD' ? `cp_${code}` : null, hasBeenApplied: false, description: `${o.description}: add an eligible item to use it.` });
      continue;
    }
    // capped at what is left of the line: stacked offers (WELCOME50 then BIRTHDAY on one drink) never make it negative
    const full = optionReward ? Math.min(OPTION_REWARD_CAP_CENTS, optionsPrice(line)) : o.type === 'STAR_REWARD' ? line.unitPrice : Math.round((line.unitPrice * (o.percent_off ?? 0)) / 100);
    const amount = Math.min(full, line.unitPrice * line.quantity - line.discount);
    line.discount += amount;
    if (o.type === 'STAR_REWARD') starsLeft -= o.stars;
    applied.push({ code, type: o.type, stars: o.type === 'STAR_REWARD' ? o.stars : 0 });
    offers.push({ code, stars: o.stars, type: o.type, couponId: o.type === 'REWARD' ? `cp_${code}` : null, hasBeenApplied: true, description: o.description });
  }
  return { offers, starsCost: member.stars - starsLeft, applied };
}

/** tax per line: inclusive regions take it out of the price; others add it. Grocery items are untaxed in the US. */
function taxOf(ctx: StoreCtx, lines: QuoteLine[]): number {
  const rate = ctx.tax!.rate_bp / 10000;
  let tax = 0;
  for (const l of lines) {
    if (l.taxClass === 'grocery' && ctx.row.country_code === 'US') continue;
    const net = l.totalPrice - l.discount;
    tax += ctx.tax!.inclusive ? net - Math.round(net / (1 + rate)) : Math.round(net * rate);
  }
  return tax;
}

const fmt = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function priceOrder(db: Db, input: PriceOrderInput, caller: Caller): Promise<PricingResult> {
  const at = now();
  const ctx = await storeCtx(db, input.storeNumber);
  if (!ctx) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  const member = caller.userId && !caller.guest ? await memberOf(db, caller.userId) : null;
  const refused = storeRefusal(ctx, caller, member?.market ?? null, at);
  if (refused) throw orderingError(refused, { field: 'storeNumber' });
  const fulfillment = { consumptionType: input.order.fulfillment.consumptionType ?? 'ConsumeOutOfStore', collectionType: input.order.fulfillment.collectionType ?? '16' } as const;
  if (!ctx.row.pickup_options.some((p) => p.code === fulfillment.collectionType)) throw orderingError('PICKUP_OPTION_UNAVAILABLE', { field: 'order.fulfillment.collectionType' });
  const cat = await catalog(db);
  const lines = priceLines(cat, ctx, input.order.cart.items);
  const { offers, starsCost, applied } = await applyOffers(db, caller, input.order.cart.offers.map((o) => o.code), lines);
  const subtotal = lines.reduce((n, l) => n + l.totalPrice, 0);
  const discount = lines.reduce((n, l) => n + l.discount, 0);
  const tax = taxOf(ctx, lines);
  const inclusive = ctx.tax!.inclusive;
  const price = subtotal - discount + (inclusive ? 0 : tax);
  const orderId = randomId('ord_');
  const expiresAt = new Date(at.getTime() + ORDERING_LIMITS.quoteTtlSeconds * 1000);
  const lineItems: PricingResult['summary']['lineItems'] = [{ label: 'Subtotal', amount: subtotal, kind: 'subtotal' }];
  if (discount) lineItems.push({ label: 'Rewards and offers', amount: -discount, kind: 'discount' });
  lineItems.push({ label: inclusive ? 'Tax (included)' : 'Tax', amount: tax, kind: 'tax' });
  lineItems.push({ label: 'Total', amount: price, kind: 'total' });
  const result: PricingResult = {
    orderId,
    transaction: { orderId },
    summary: { price, subtotal, discount, tax, taxIncluded: inclusive, label: `Total ${fmt(price)}`, lineItems, currency: ctx.currency },
    expiresIn: ORDERING_LIMITS.quoteTtlSeconds,
    expiresAt: expiresAt.toISOString(),
    store: {
      storeNumber: ctx.row.store_number,
      name: ctx.row.name,
      countryCode: ctx.row.country_code,
      countrySubdivisionCode: ctx.row.address.countrySubdivisionCode,
      svcOnly: ctx.svcOnly,
      taxIncludedNote: ctx.taxIncludedNote,
    },
    cart: { items: lines.map(({ taxClass: _t, rewardTier: _r, ...l }) => l), offers },
    // tipping: company-operated stores in the US, when there is something to pay (the tender is checked at submit)
    isTipEnabled: price > 0 && ctx.row.ownership_type_code === 'CO' && ctx.row.country_code === 'US',
    additionalFeeDescription: null,
    starsToEarn: caller.guest ? { svc: 0, other: 0 } : { svc: Math.floor(price / 100) * 2, other: Math.floor(price / 100) },
    fulfillment,
    guest: caller.guest,
  };
  await db.query(
    `insert into order_quotes (order_id, user_id, guest, short_number, result, lines, offers, subtotal_cents, discount_cents, tax_cents, total_cents, currency, stars_cost, tip_enabled,
                               consumption_type, collection_type, locale, expires_at, created_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [orderId, caller.guest ? null : caller.userId, caller.guest, ctx.short, JSON.stringify(result), JSON.stringify(lines), JSON.stringify(applied), subtotal, discount, tax, price, ctx.currency, starsCost, result.isTipEnabled, fulfillment.consumptionType, fulfillment.collectionType, input.locale, expiresAt, at],
  );
  return result;
}
