import type { Db } from '../db/db.ts';
import { now } from '../clock.ts';
import { ORDERING_LIMITS, PricingCodes, type PricingByStoreNumber, type PricingRules, type TenderType } from '../../contracts/ordering.ts';
import { availability, catalog, optionPrice, sizePrice, storeCtx } from './catalog.ts';
import { orderingError } from './errors.ts';
import { memberOf, storeRefusal } from './pricing.ts';
import { optionSku } from '../db/seed/menu.ts';

/**
 * GraphQL pricing-rules and pricing-by-store-number (spec 7 names them; spec 4: pricing by store is stale after 5
 * minutes or a store change, guest pricing rules after 5 minutes). Both read what price-order applies, so the
 * client's limits and displayed prices come from the same rules the quote uses (docs/ordering.md).
 */

const STALE_AFTER_SECONDS = ORDERING_LIMITS.pricingStaleMs / 1000;

/** the rules of ordering at a store for a member (userId) or a guest; no store: the limits alone */
export async function pricingRules(db: Db, input: { storeNumber?: string; guest: boolean }, userId: string | null): Promise<PricingRules> {
  const guest = input.guest || !userId;
  const base = {
    guest,
    maximumItemAmount: ORDERING_LIMITS.maximumItemAmount,
    maximumModifierAmount: ORDERING_LIMITS.maximumModifierAmount,
    quoteTtlSeconds: ORDERING_LIMITS.quoteTtlSeconds,
    staleAfterSeconds: STALE_AFTER_SECONDS,
  };
  const allTenders: TenderType[] = guest ? ['GUEST_CARD'] : ['SVC', 'CREDIT_CARD', 'PAYPAL'];
  if (!input.storeNumber) {
    return { ...base, storeNumber: null, canOrder: false, refusalCode: null, guestOrdering: false, tenders: allTenders, tipping: { enabled: false, tender: 'SVC', maximumTipCents: ORDERING_LIMITS.maximumTipCents }, currency: 'USD', taxIncluded: false, taxIncludedNote: false };
  }
  const ctx = await storeCtx(db, input.storeNumber);
  if (!ctx) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  const market = guest || !userId ? null : (await memberOf(db, userId)).market;
  const refusalCode = storeRefusal(ctx, { userId: guest ? null : userId, guest }, market, now());
  const tenders = ctx.svcOnly ? allTenders.filter((t) => t === 'SVC') : allTenders;
  return {
    ...base,
    storeNumber: ctx.row.store_number,
    canOrder: refusalCode === null && tenders.length > 0,
    refusalCode,
    guestOrdering: !!ctx.row.mobile_ordering.guestOrdering,
    tenders,
    // the same rule as the quote's isTipEnabled (company-operated US stores), with the stored-value card only
    tipping: { enabled: !guest && ctx.row.ownership_type_code === 'CO' && ctx.row.country_code === 'US', tender: 'SVC', maximumTipCents: ORDERING_LIMITS.maximumTipCents },
    currency: ctx.currency,
    taxIncluded: !!ctx.tax?.inclusive,
    taxIncludedNote: ctx.taxIncludedNote,
  };
}

/** the store's prices: every size of the menu (or the skus asked for) with its availability there, and every option */
export async function pricingByStoreNumber(db: Db, input: { storeNumber: string; skus?: string[] }): Promise<PricingByStoreNumber> {
  const cat = await catalog(db);
  const ctx = await storeCtx(db, input.storeNumber);
  if (!ctx) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  const wanted = input.skus ? [...new Set(input.skus)] : null;
  const missing = wanted?.filter((sku) => {
    const size = cat.sizes.get(sku);
    return !size || cat.products.get(size.product_number)?.hidden !== false;
  });
  if (missing?.length) throw orderingError(PricingCodes.itemsNotFound, { field: 'skus', skus: missing });
  const sizes = wanted ? wanted.map((sku) => cat.sizes.get(sku)!) : [...cat.sizes.values()].filter((s) => cat.products.get(s.product_number)?.hidden === false);
  return {
    storeNumber: ctx.row.store_number,
    currency: ctx.currency,
    taxIncluded: !!ctx.tax?.inclusive,
    prices: sizes.map((s) => ({ sku: s.sku, productNumber: s.product_number, formCode: s.form_code, sizeCode: s.size_code, price: sizePrice(s, ctx), availability: availability(cat, cat.products.get(s.product_number)!, ctx) })),
    options: [...cat.options.values()].map((o) => ({ sku: optionSku(o.option_product_number), optionProductNumber: o.option_product_number, unitPrice: optionPrice(o, ctx) })),
    staleAfterSeconds: STALE_AFTER_SECONDS,
  };
}
