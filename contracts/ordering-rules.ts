import type { BasketItem } from './ordering-previous.ts';
import type { TenderType } from './ordering-fields.ts';
import { PICKUP_OPTION_NAMES } from './order-status-link-texts.ts';

/**
 * Ordering's constants, codes and pure rules (spec 9 constants, spec 8 pricing codes; contracts/ordering.ts
 * re-exports them): no schema here, so a page that needs a limit or a code does not load every operation's schemas
 * (docs/architecture.md#performance). Values the spec does not give are chosen here and written in docs/ordering.md.
 */

export const ORDERING_LIMITS = {
  /** config maximumItemAmount: the cart is full at this many items (quantities summed) */
  maximumItemAmount: 30,
  /** config maximumModifierAmount: at most this many option units on one item (sum of child quantities) */
  maximumModifierAmount: 12,
  /** a priced order (quote) lives this long: expiresIn seconds */
  quoteTtlSeconds: 300,
  /** pricing by store is stale after 5 minutes (spec 4/9) */
  pricingStaleMs: 5 * 60_000,
  /** previous orders page size (spec 9) */
  previousOrdersLimit: 10,
  /** previous orders and favorites are refetched when older than 2 hours (spec 9) */
  previousOrdersStaleMs: 2 * 3600_000,
  favoritesStaleMs: 2 * 3600_000,
  /** "Favorites maximum count: not shown": chosen */
  maximumFavorites: 30,
  /** scheduled orders up to one hour in advance (spec 4), in slots of this many minutes */
  timeSlotWindowMinutes: 60,
  timeSlotMinutes: 10,
  /** orders a store takes per time slot */
  timeSlotCapacity: 8,
  /** default curbside stall quantity (spec 9) */
  defaultStallQuantity: 4,
  /** tip: at most this much (cents) */
  maximumTipCents: 5000,
} as const;
export const DEFAULT_DELIVERY_TYPE = 'ConsumeOutOfStore' as const;
/** Only order type '141' is an express order (spec 5). */
export const EXPRESS_ORDER_TYPE = '141';
export const REGULAR_ORDER_TYPE = '140';
/** previous-order items with these product numbers are dropped (spec 5) */
export const EXCLUDED_PREVIOUS_PRODUCT_NUMBERS: ReadonlyArray<number | null> = [null, 81];
/** Pricing codes (spec 8) and the action each leads to. */
export const PricingCodes = {
  missingCountry: 'MISSING_COUNTRY',
  unexpected: 'UNEXPECTED_ERROR',
  itemsNotFound: 'ITEMS_NOT_FOUND',
  itemsUnavailable: 'ITEMS_UNAVAILABLE',
  storeNotFound: 'STORE_NOT_FOUND',
  highVolume: 'HIGH_VOLUME_STORE',
  storeUnavailable: 'STORE_UNAVAILABLE',
  storeNotAvailable: 'STORE_NOT_AVAILABLE',
  wrongRegion: 'WRONG_STORE_REGION',
  mopUnavailable: 'MOP_UNAVAILABLE',
  storeClosed: 'STORE_CLOSED',
  mopNotAccepted: 'MOP_NOT_ACCEPTED',
  chooseDifferentItem: 'CHOOSE_DIFFERENT_ITEM',
  addInLimit: 'ADD_IN_LIMIT',
  rewardNotApplied: 'REWARD_NOT_APPLIED',
} as const;
export type PricingCode = (typeof PricingCodes)[keyof typeof PricingCodes];
export type PricingAction = 'got-it' | 'choose-store' | 'menu' | 'server-message' | 'offer-not-applied' | 'try-again';
export const pricingCodeAction: Record<string, PricingAction> = {
  MISSING_COUNTRY: 'got-it',
  UNEXPECTED_ERROR: 'got-it',
  ITEMS_NOT_FOUND: 'got-it',
  ITEMS_UNAVAILABLE: 'got-it',
  STORE_NOT_FOUND: 'choose-store',
  HIGH_VOLUME_STORE: 'choose-store',
  STORE_UNAVAILABLE: 'choose-store',
  STORE_NOT_AVAILABLE: 'choose-store',
  WRONG_STORE_REGION: 'choose-store',
  MOP_UNAVAILABLE: 'choose-store',
  STORE_CLOSED: 'choose-store',
  MOP_NOT_ACCEPTED: 'choose-store',
  CHOOSE_DIFFERENT_ITEM: 'menu',
  ADD_IN_LIMIT: 'server-message',
  REWARD_NOT_APPLIED: 'offer-not-applied',
};
/** "any other: unexpected error with a try-again action that clears pricing" */
export const actionForPricingCode = (code: string | undefined): PricingAction => (code && pricingCodeAction[code]) || 'try-again';
/** Other ordering codes (not pricing codes). Codes the spec names keep its spelling. */
export const OrderingCodes = {
  /** submit refused: the quote expired, was for another store, or its total/items changed (409) */
  stalePricing: 'STALE_PRICING',
  /** spec 4: "slot-unavailable (code 110000 …) the time slots are reloaded" (409) */
  timeSlotUnavailable: '110000',
  /** the scheduled time is outside the store's window (today's hours, one hour ahead) (409) */
  timeUnavailable: 'TIME_UNAVAILABLE',
  /** the quote was already placed as an order (another submit with another key) (409) */
  orderAlreadyPlaced: 'ORDER_ALREADY_PLACED',
  orderNotFound: 'ORDER_NOT_FOUND',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  noPaymentSelected: 'NO_PAYMENT_METHOD_SELECTED',
  /** the store takes only stored-value cards and another tender was given (422) */
  svcOnlyStore: 'SVC_ONLY_STORE',
  /** a tip with a payment type that cannot tip, or on a quote without tipping (422) */
  tipNotAllowed: 'TIP_NOT_ALLOWED',
  /** 'Reload & place order' with an amount the reload rule does not offer (400) */
  reloadAmountInvalid: '121036',
  menuNotFound: 'MENU_NOT_FOUND',
  emptyMenu: 'EMPTY_MENU',
  menuLoadError: 'MENU_LOAD_ERROR',
  categoryNotFound: 'CATEGORY_NOT_FOUND',
  productNotFound: 'PRODUCT_NOT_FOUND',
  favoritesMaximum: '561007',
  favoriteNotFound: 'FAVORITE_NOT_FOUND',
  curbsideUnavailable: 'CURBSIDE_UNAVAILABLE',
  curbsideClosed: 'CURBSIDE_CLOSED',
  stallInvalid: 'STALL_INVALID',
  guestOrderingUnavailable: 'GUEST_ORDERING_UNAVAILABLE',
  /** the store does not offer the pickup option asked for (422) */
  pickupOptionUnavailable: 'PICKUP_OPTION_UNAVAILABLE',
} as const;
/** the pickup options' names: defined in order-status-link-texts.ts (the tracker, history and console read them there) */
export { PICKUP_OPTION_NAMES };
/**
 * 'Reload & place order' (spec 5/9): the configured amounts that cover (total + tip - balance); if none covers it,
 * the single exact shortfall. Empty when the balance already covers the order.
 */
export function reloadAmountOptions(totalCents: number, tipCents: number, balanceCents: number, configured: readonly number[]): number[] {
  const shortfall = totalCents + tipCents - balanceCents;
  if (shortfall <= 0) return [];
  const covering = configured.filter((a) => a >= shortfall);
  return covering.length ? [...covering] : [shortfall];
}
/** spec 4/5: tipping only when pricing allows it, price is above 0 and the payment type is the stored-value card */
export const tipAllowed = (isTipEnabled: boolean, priceCents: number, tender: TenderType | null | undefined) => isTipEnabled && priceCents > 0 && tender === 'SVC';
/** spec 5: drop items whose product number is null or 81 or NotOrderable; orders left with no items stay hidden */
export function visiblePreviousOrders<T extends { basket: { items: BasketItem[] } }>(orders: T[]): T[] {
  return orders
    .map((o) => ({ ...o, basket: { ...o.basket, items: o.basket.items.filter((i) => !EXCLUDED_PREVIOUS_PRODUCT_NUMBERS.includes(i.product.productNumber) && i.product.availability !== 'NotOrderable') } }))
    .filter((o) => o.basket.items.length > 0);
}
export const isExpressOrder = (o: { orderType: string }) => o.orderType === EXPRESS_ORDER_TYPE;
/** the favorites key: contracts/ordering-item-key.ts (the product pages need only it) */
export { itemKey } from './ordering-item-key.ts';
/** spec 4: '20+ mins' for over 20, otherwise a min-max range */
export const waitLabel = (minMinutes: number, maxMinutes: number) => (maxMinutes > 20 ? '20+ mins' : `${minMinutes}-${maxMinutes} mins`);
