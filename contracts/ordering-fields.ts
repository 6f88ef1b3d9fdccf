import * as v from 'valibot';

/**
 * Ordering's shared answer fields (contracts/ordering.ts re-exports them): the client's answer modules
 * (ordering-checkout.ts, ordering-favorites.ts, ordering-previous.ts, ordering-menu.ts, ordering-product.ts) build on
 * these without loading ordering.ts, whose every schema would otherwise be in each ordering page's JavaScript: a
 * module's valibot schemas are all in every page that loads it (docs/architecture.md#performance).
 */

export const PickupOptionCode = v.picklist(['16', 'DT', 'CX']);
export const ConsumptionType = v.picklist(['ConsumeInStore', 'ConsumeOutOfStore']);
export const Currency = v.picklist(['USD', 'CAD', 'GBP']);
/** 'Available', or why not (spec 3/4: an item missing from the store menu counts as NotAvailableHere) */
export const Availability = v.picklist(['Available', 'NotAvailableHere', 'SoldOut', 'NotOrderable']);
/** spec 3 payment type SVC is the stored-value card */
export const TenderType = v.picklist(['SVC', 'CREDIT_CARD', 'PAYPAL', 'GUEST_CARD']);
/** a chosen option as the server answers it (previous orders, favorites): enough to rebuild the cart item key */
export const AnsweredChildItem = v.object({ commerce: v.object({ sku: v.string() }), optionProductNumber: v.number(), name: v.string(), sizeCode: v.nullable(v.string()), quantity: v.number() });
export type PickupOptionCode = v.InferOutput<typeof PickupOptionCode>;
export type ConsumptionType = v.InferOutput<typeof ConsumptionType>;
export type Currency = v.InferOutput<typeof Currency>;
export type Availability = v.InferOutput<typeof Availability>;
export type TenderType = v.InferOutput<typeof TenderType>;
export type AnsweredChildItem = v.InferOutput<typeof AnsweredChildItem>;

/** an offer's code (price-order's `offers[].code`; the cart's `?offer=` search, src/routes/-ordering/cart-search.ts): here, not in ordering.ts, so the cart route's search schema does not put ordering's contracts in the entry */
export const OfferCode = v.pipe(v.string(), v.regex(/^[A-Z0-9_-]{2,30}$/, 'not an offer code'));
