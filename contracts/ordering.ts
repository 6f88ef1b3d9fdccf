import * as v from 'valibot';
import { IdempotencyKey, PaymentMethodId } from './card-shared.ts';
import { StoreNumber } from './store-number.ts';
import { OrderingMessages } from './ordering-messages.ts';
import { ApiErrorExtensions } from './error-extensions.ts';

// the menu's and the product's answers: contracts/ordering-menu.ts and ordering-product.ts (types only here, see there)
export type { Menu, MenuCategory, MenuResponse, ProductTile } from './ordering-menu.ts';
export type { Nutrition, OptionCategory, OptionProduct, ProductDetail, ProductResponse, ProductSize } from './ordering-product.ts';

/**
 * Ordering (spec 1: sections 2 "Ordering and pickup", 3, 4 "Cart and order", 5, 6, 7, 8 "Pricing codes" and
 * "Other ordering messages", 9; spec 2: tipping, reload-and-place-order, payment). Shared by the server (what it
 * takes, what it answers) and the client (requests, parsing answers). Money is integer minor units everywhere.
 *
 * Transport (docs/ordering.md lists every call):
 * - GraphQL (`POST /apiproxy/v1/graphql`, operations in `OrderingOperations`): every operation takes one typed
 *   `input` (checked with the schema named below) and answers one typed field (the response schema named below,
 *   or the part of it a document selects). Errors: `errors[0].extensions = { code, message, status, field?, ... }`.
 * - REST: `GET /apiproxy/v1/ordering/{productNumber}` (product), `GET /apiproxy/v1/ordering/pickup-time/{orderId}/
 *   {shortStoreNumber}` (pickup estimate), `GET /images/menu/{imageKey}.svg` (product art).
 */

// ---------------------------------------------------------------------------------------------------------------
// Constants (spec 9; values the spec does not give are chosen here and written in docs/ordering.md)

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

// ---------------------------------------------------------------------------------------------------------------
// Codes and messages

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

export { OrderingMessages };

// ---------------------------------------------------------------------------------------------------------------
// Shared fields

export const PickupOptionCode = v.picklist(['16', 'DT', 'CX']);
export type PickupOptionCode = v.InferOutput<typeof PickupOptionCode>;
export const PICKUP_OPTION_NAMES: Record<PickupOptionCode, string> = { '16': 'In store', DT: 'Drive-thru', CX: 'Curbside' };
export const ConsumptionType = v.picklist(['ConsumeInStore', 'ConsumeOutOfStore']);
export type ConsumptionType = v.InferOutput<typeof ConsumptionType>;
export const Locale = v.pipe(v.string(), v.regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'locale must look like en-US'));
export const ProductNumber = v.pipe(v.number('productNumber must be a number'), v.integer('productNumber must be a whole number'), v.minValue(1), v.maxValue(99_999_999));
/** URL form of a product number */
export const ProductNumberParam = v.pipe(v.string(), v.regex(/^[0-9]{1,8}$/, 'productNumber must be digits'), v.transform(Number));
export const FormCode = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,19}$/, 'formCode must be lower-case letters'));
export const SizeCode = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,19}$/, 'sizeCode must be lower-case letters'));
export const Sku = v.pipe(v.string('sku is required'), v.regex(/^[A-Za-z0-9_.:-]{1,60}$/, 'not a sku'));
export const OrderId = v.pipe(v.string('orderId is required'), v.regex(/^ord_[A-Za-z0-9]{10,40}$/, 'not an order id'));
export const OrderToken = v.pipe(v.string('orderToken is required'), v.regex(/^ot_[A-Za-z0-9_-]{20,60}$/, 'not an order token'));
export const Cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000));
export const Currency = v.picklist(['USD', 'CAD', 'GBP']);
export type Currency = v.InferOutput<typeof Currency>;

/** spec 3 storePricingInput (sent with previous orders and favorites; the server reads the store itself) */
export const StorePricingInput = v.optional(
  v.object({
    timeZone: v.optional(v.pipe(v.string(), v.maxLength(64))),
    ownershipTypeCode: v.optional(v.pipe(v.string(), v.maxLength(8))),
    countryCode: v.optional(v.pipe(v.string(), v.maxLength(2))),
  }),
);

/** 'Available', or why not (spec 3/4: an item missing from the store menu counts as NotAvailableHere) */
export const Availability = v.picklist(['Available', 'NotAvailableHere', 'SoldOut', 'NotOrderable']);
export type Availability = v.InferOutput<typeof Availability>;

// ---------------------------------------------------------------------------------------------------------------
// Menu (GraphQL get-menu)

export const GetMenuInput = v.object({
  /** absent: the national menu (no store prices, everything Available) */
  storeNumber: v.optional(StoreNumber),
  locale: v.optional(Locale, 'en-US'),
});
// ---------------------------------------------------------------------------------------------------------------
// Product detail (GraphQL get-product; REST GET /apiproxy/v1/ordering/{productNumber}?storeNumber=&formCode=)

export const GetProductInput = v.object({
  productNumber: ProductNumber,
  formCode: v.optional(FormCode),
  storeNumber: v.optional(StoreNumber),
  locale: v.optional(Locale, 'en-US'),
});
/** REST query: ?storeNumber=&formCode= (Accept-Language picks the locale) */
export const ProductQuery = v.object({ storeNumber: v.optional(StoreNumber), formCode: v.optional(FormCode) });
// ---------------------------------------------------------------------------------------------------------------
// Cart and pricing (GraphQL price-order / price-order-guest)

export const ChildItemInput = v.object({
  commerce: v.object({ sku: Sku }),
  /** spec 5: child items with quantity 0 or less are sent as 1 (the client does it; the server takes >= 1) */
  quantity: v.pipe(v.number('quantity must be a number'), v.integer(), v.minValue(1, 'quantity must be at least 1'), v.maxValue(ORDERING_LIMITS.maximumModifierAmount)),
});
export type ChildItemInput = v.InferOutput<typeof ChildItemInput>;
export const CartItemInput = v.object({
  /** the size's sku (ProductSize.sku) */
  commerce: v.object({ sku: Sku }),
  quantity: v.pipe(v.number('quantity must be a number'), v.integer(), v.minValue(1, 'quantity must be at least 1'), v.maxValue(ORDERING_LIMITS.maximumItemAmount)),
  childItems: v.optional(v.pipe(v.array(ChildItemInput), v.maxLength(30)), []),
});
export type CartItemInput = v.InferOutput<typeof CartItemInput>;
export const OfferInput = v.object({ code: v.pipe(v.string(), v.regex(/^[A-Z0-9_-]{2,30}$/, 'not an offer code')) });

export const PriceOrderInput = v.object({
  storeNumber: StoreNumber,
  order: v.object({
    cart: v.object({
      items: v.pipe(
        v.array(CartItemInput),
        v.minLength(1, 'the cart is empty'),
        v.maxLength(ORDERING_LIMITS.maximumItemAmount),
        v.check((items) => items.reduce((n, i) => n + i.quantity, 0) <= ORDERING_LIMITS.maximumItemAmount, `at most ${ORDERING_LIMITS.maximumItemAmount} items per order`),
      ),
      offers: v.optional(v.pipe(v.array(OfferInput), v.maxLength(3)), []),
    }),
    fulfillment: v.optional(v.object({ consumptionType: v.optional(ConsumptionType, DEFAULT_DELIVERY_TYPE), collectionType: v.optional(PickupOptionCode, '16') }), {}),
  }),
  enableTransparentPricing: v.optional(v.boolean(), true),
  locale: v.optional(Locale, 'en-US'),
});
export type PriceOrderInput = v.InferOutput<typeof PriceOrderInput>;

export const PricedChildItem = v.object({ sku: v.string(), optionProductNumber: v.number(), name: v.string(), sizeCode: v.nullable(v.string()), quantity: v.number(), price: v.number() });
export const PricedItem = v.object({
  sku: v.string(),
  productNumber: v.number(),
  formCode: v.string(),
  sizeCode: v.string(),
  name: v.string(),
  sizeName: v.string(),
  quantity: v.number(),
  /** one item with its options */
  unitPrice: v.number(),
  /** unitPrice × quantity, before discounts */
  totalPrice: v.number(),
  discount: v.number(),
  childItems: v.array(PricedChildItem),
  availability: Availability,
  imageURL: v.string(),
});
export type PricedItem = v.InferOutput<typeof PricedItem>;

export const OfferType = v.picklist(['STAR_REWARD', 'REWARD']);
export const Offer = v.object({
  code: v.string(),
  /** Stars it spends (STAR_REWARD), 0 for REWARD */
  stars: v.number(),
  type: OfferType,
  couponId: v.nullable(v.string()),
  hasBeenApplied: v.boolean(),
  description: v.string(),
});
export type Offer = v.InferOutput<typeof Offer>;

export const LineItem = v.object({ label: v.string(), amount: v.number(), kind: v.picklist(['subtotal', 'discount', 'tax', 'fee', 'total']) });
export const PricingSummary = v.object({
  /** what is charged (minor units), tax included; the tip comes on top at submit */
  price: v.number(),
  subtotal: v.number(),
  discount: v.number(),
  tax: v.number(),
  /** tax already inside the prices (CA) */
  taxIncluded: v.boolean(),
  label: v.string(),
  lineItems: v.array(LineItem),
  currency: Currency,
});
export const PricingResult = v.object({
  orderId: v.string(),
  transaction: v.object({ orderId: v.string() }),
  summary: PricingSummary,
  expiresIn: v.number(),
  expiresAt: v.string(),
  store: v.object({ storeNumber: v.string(), name: v.string(), countryCode: v.string(), countrySubdivisionCode: v.string(), svcOnly: v.boolean(), taxIncludedNote: v.boolean() }),
  cart: v.object({ items: v.array(PricedItem), offers: v.array(Offer) }),
  isTipEnabled: v.boolean(),
  additionalFeeDescription: v.nullable(v.string()),
  /** Stars this order earns: 1 per dollar; 2 per dollar when paid with a stored-value card */
  starsToEarn: v.object({ svc: v.number(), other: v.number() }),
  fulfillment: v.object({ consumptionType: ConsumptionType, collectionType: PickupOptionCode }),
  guest: v.boolean(),
});
export type PricingResult = v.InferOutput<typeof PricingResult>;

/** GraphQL get-offers: the member's offers at a store (STAR_REWARD tiers the member's Stars reach, REWARD coupons) */
export const GetOffersInput = v.object({ storeNumber: v.optional(StoreNumber) });
export const OffersResponse = v.object({ stars: v.number(), offers: v.array(Offer) });
export type OffersResponse = v.InferOutput<typeof OffersResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Submit (GraphQL submit-order / submit-order-guest)

/** spec 3 payment type SVC is the stored-value card */
export const TenderType = v.picklist(['SVC', 'CREDIT_CARD', 'PAYPAL', 'GUEST_CARD']);
export type TenderType = v.InferOutput<typeof TenderType>;
export const Tender = v.object({
  tender: TenderType,
  /** SVC: cardId; CREDIT_CARD / PAYPAL: paymentMethodId; GUEST_CARD: the single-use processor token */
  id: v.pipe(v.string(OrderingMessages.noPaymentSelected), v.regex(/^[A-Za-z0-9_-]{1,80}$/, 'not a payment id')),
  /** minor units: the quote's price plus the tip */
  amount: Cents,
});
export type Tender = v.InferOutput<typeof Tender>;
export const ScheduledOrdering = v.optional(v.nullable(v.object({ slotStart: v.pipe(v.string(), v.isoTimestamp('slotStart must be an ISO time')) })));

export const SubmitOrderInput = v.object({
  orderId: OrderId,
  storeNumber: StoreNumber,
  tenders: v.pipe(v.array(Tender, OrderingMessages.noPaymentSelected), v.length(1, OrderingMessages.noPaymentSelected)),
  tipAmount: v.optional(v.pipe(Cents, v.maxValue(ORDERING_LIMITS.maximumTipCents, 'tip is too large')), 0),
  scheduledOrdering: ScheduledOrdering,
  /** 'Reload & place order': reload the SVC tender's card first, in the same transaction */
  reload: v.optional(v.object({ paymentMethodId: PaymentMethodId, amount: Cents })),
  idempotencyKey: IdempotencyKey,
  risk: v.optional(v.looseObject({ deviceId: v.optional(v.pipe(v.string(), v.maxLength(200))) })),
});
export type SubmitOrderInput = v.InferOutput<typeof SubmitOrderInput>;

export const SubmitOrderGuestInput = v.object({
  ...SubmitOrderInput.entries,
  guest: v.object({
    email: v.pipe(v.string('Enter an email address.'), v.trim(), v.email('Enter a valid email.'), v.maxLength(254)),
    firstName: v.pipe(v.string('Enter a first name.'), v.trim(), v.nonEmpty('Enter a first name.'), v.maxLength(60)),
    guestEmailMarketingOptIn: v.optional(v.boolean(), false),
    /** from ADD_SINGLE_USE_BILLING_ADDRESS */
    addressToken: v.optional(v.pipe(v.string(), v.maxLength(100))),
  }),
});
export type SubmitOrderGuestInput = v.InferOutput<typeof SubmitOrderGuestInput>;

export const OrderStatus = v.picklist(['placed', 'preparing', 'ready', 'picked_up', 'cancelled']);
export type OrderStatus = v.InferOutput<typeof OrderStatus>;

export const WaitEstimate = v.object({ minMinutes: v.number(), maxMinutes: v.number(), label: v.string() });
export type WaitEstimate = v.InferOutput<typeof WaitEstimate>;
/** spec 4: '20+ mins' for over 20, otherwise a min-max range */
export const waitLabel = (minMinutes: number, maxMinutes: number) => (maxMinutes > 20 ? '20+ mins' : `${minMinutes}-${maxMinutes} mins`);

export const OrderSummary = v.object({
  orderId: v.string(),
  /**
   * bearer token for status, pickup time and curbside check-in (guests have only this): in the submit answer
   * only, null everywhere else (the server keeps only its hash)
   */
  orderToken: v.nullable(v.string()),
  storeNumber: v.string(),
  storeName: v.string(),
  status: OrderStatus,
  placedAt: v.string(),
  /** scheduled slot start, or null (as soon as possible) */
  scheduledFor: v.nullable(v.string()),
  readyEstimateAt: v.string(),
  pickupOption: PickupOptionCode,
  consumptionType: ConsumptionType,
  items: v.array(PricedItem),
  subtotal: v.number(),
  discount: v.number(),
  tax: v.number(),
  tipAmount: v.number(),
  total: v.number(),
  currency: Currency,
  tender: TenderType,
  starsEarned: v.number(),
  starsSpent: v.number(),
  guest: v.boolean(),
  arrival: v.nullable(v.object({ stallNumber: v.nullable(v.number()), pickUpOption: PickupOptionCode, arrivedAt: v.string(), displayName: v.string() })),
});
export type OrderSummary = v.InferOutput<typeof OrderSummary>;

export const SubmitOrderResult = v.object({
  /** the placed order, with its token (the one time it is sent) */
  order: v.object({ ...OrderSummary.entries, orderToken: v.string() }),
  /** SVC orders: the card after the order (reload and auto reload included) */
  card: v.nullable(v.object({ cardId: v.string(), balance: v.number(), reloaded: v.number(), autoReloaded: v.nullable(v.number()) })),
  /** a replay of the same submit (same idempotency key and request): nothing was charged again */
  duplicate: v.optional(v.nullable(v.object({ code: v.string(), message: v.string() }))),
});
export type SubmitOrderResult = v.InferOutput<typeof SubmitOrderResult>;

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

// ---------------------------------------------------------------------------------------------------------------
// Order status, pickup time, time slots (GraphQL get-order, get-store-time-slots; REST pickup-time)

export const GetOrderInput = v.object({ orderId: OrderId, orderToken: v.optional(OrderToken) });
export const OrderResponse = v.object({ order: OrderSummary });

/** GET /apiproxy/v1/ordering/pickup-time/{orderId}/{shortStoreNumber} (owner's session, or header X-Order-Token) */
export const PickupTimeResponse = v.object({
  orderId: v.string(),
  storeNumber: v.string(),
  /** recorded order time (spec 4: "Pickup time fetch records the order time") */
  orderTime: v.string(),
  pickupTime: v.string(),
  status: OrderStatus,
  wait: WaitEstimate,
});
export type PickupTimeResponse = v.InferOutput<typeof PickupTimeResponse>;

/** GraphQL pre-order-pickup-estimate: the store's current wait before ordering */
export const PickupEstimateInput = v.object({ storeNumber: StoreNumber });
export const PickupEstimateResponse = v.object({
  storeNumber: v.string(),
  /** per pickup option the store offers */
  options: v.array(v.object({ code: PickupOptionCode, name: v.string(), available: v.boolean(), wait: WaitEstimate })),
});
export type PickupEstimateResponse = v.InferOutput<typeof PickupEstimateResponse>;

export const GetStoreTimeSlotsInput = v.object({ storeNumber: StoreNumber });
export const TimeSlot = v.object({ slotStart: v.string(), slotEnd: v.string(), label: v.string(), available: v.boolean() });
export type TimeSlot = v.InferOutput<typeof TimeSlot>;
export const TimeSlotsResponse = v.object({ storeNumber: v.string(), timeZone: v.string(), timeSlots: v.array(TimeSlot) });
export type TimeSlotsResponse = v.InferOutput<typeof TimeSlotsResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Previous orders (GraphQL get-previous-orders)

export const GetPreviousOrdersInput = v.object({
  locale: v.optional(Locale, 'en-US'),
  storeNumber: v.optional(StoreNumber),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ORDERING_LIMITS.previousOrdersLimit)), ORDERING_LIMITS.previousOrdersLimit),
  storePricingInput: StorePricingInput,
});
/** a chosen option as the server answers it (previous orders, favorites): enough to rebuild the cart item key */
export const AnsweredChildItem = v.object({ commerce: v.object({ sku: v.string() }), optionProductNumber: v.number(), name: v.string(), sizeCode: v.nullable(v.string()), quantity: v.number() });
export type AnsweredChildItem = v.InferOutput<typeof AnsweredChildItem>;
export const BasketItem = v.object({
  product: v.object({ productNumber: v.nullable(v.number()), formCode: v.string(), name: v.string(), imageURL: v.string(), availability: Availability }),
  size: v.object({ sku: v.string(), sizeCode: v.string(), name: v.string() }),
  /** sizeCode: the option's level (no/light/medium/extra, warming no/yes) or null: the cart key needs it */
  childItems: v.array(AnsweredChildItem),
  quantity: v.number(),
});
export type BasketItem = v.InferOutput<typeof BasketItem>;
export const PreviousOrder = v.object({
  orderId: v.string(),
  orderType: v.string(),
  basket: v.object({ items: v.array(BasketItem) }),
  /** express orders (every item available here): the token is null, the server keeps only its hash */
  expressOrder: v.nullable(v.object({ orderToken: v.nullable(v.string()) })),
  locale: v.string(),
  storeNumber: v.string(),
  placedAt: v.string(),
  total: v.number(),
  currency: Currency,
});
export type PreviousOrder = v.InferOutput<typeof PreviousOrder>;
export const PreviousOrdersResponse = v.object({ previousOrders: v.array(PreviousOrder), locale: v.string(), storeNumber: v.nullable(v.string()) });

/** spec 5: drop items whose product number is null or 81 or NotOrderable; orders left with no items stay hidden */
export function visiblePreviousOrders<T extends { basket: { items: BasketItem[] } }>(orders: T[]): T[] {
  return orders
    .map((o) => ({ ...o, basket: { ...o.basket, items: o.basket.items.filter((i) => !EXCLUDED_PREVIOUS_PRODUCT_NUMBERS.includes(i.product.productNumber) && i.product.availability !== 'NotOrderable') } }))
    .filter((o) => o.basket.items.length > 0);
}
export const isExpressOrder = (o: { orderType: string }) => o.orderType === EXPRESS_ORDER_TYPE;

// ---------------------------------------------------------------------------------------------------------------
// Favorite products (GraphQL get / add / delete favorite)

export const FavoriteItemInput = v.object({
  commerce: v.object({ sku: Sku }),
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ORDERING_LIMITS.maximumItemAmount)), 1),
  childItems: v.optional(v.pipe(v.array(ChildItemInput), v.maxLength(30)), []),
});
export type FavoriteItemInput = v.InferOutput<typeof FavoriteItemInput>;
export const GetFavoriteProductsInput = v.object({ locale: v.optional(Locale, 'en-US'), storeNumber: v.optional(StoreNumber), storePricingInput: StorePricingInput });
export const AddFavoriteProductInput = v.object({ locale: v.optional(Locale, 'en-US'), item: FavoriteItemInput });
export const DeleteFavoriteProductInput = v.object({ locale: v.optional(Locale, 'en-US'), favoriteProductId: v.pipe(v.string(), v.regex(/^fav_[A-Za-z0-9]{8,40}$/, 'not a favorite id')) });
export const FavoriteProduct = v.object({
  id: v.string(),
  product: v.object({
    productNumber: v.number(),
    formCode: v.string(),
    name: v.string(),
    imageURL: v.string(),
    availability: Availability,
    forms: v.array(v.object({ formCode: v.string(), name: v.string() })),
    sizes: v.array(v.object({ sku: v.string(), sizeCode: v.string(), name: v.string(), price: v.nullable(v.number()) })),
  }),
  /** the saved item: size sku and code, quantity, and each option with its number, name and level (sizeCode) */
  item: v.object({ commerce: v.object({ sku: v.string() }), sizeCode: v.string(), quantity: v.number(), childItems: v.array(AnsweredChildItem) }),
  /** the cart item key (product id, size code, sorted options): adding skips the server when it is already a favorite */
  itemKey: v.string(),
});
export type FavoriteProduct = v.InferOutput<typeof FavoriteProduct>;
export const FavoriteProductsResponse = v.object({ favoriteProducts: v.array(FavoriteProduct), ids: v.array(v.string()), locale: v.string(), storeNumber: v.nullable(v.string()) });
export type FavoriteProductsResponse = v.InferOutput<typeof FavoriteProductsResponse>;
export const AddFavoriteProductResponse = v.object({ favoriteProduct: FavoriteProduct, alreadyFavorite: v.boolean() });
export const DeleteFavoriteProductResponse = v.object({ favoriteProductId: v.string() });

/**
 * The favorites key (spec 3 item key: product id, size code, sorted options): productNumber/formCode|sizeCode|
 * optionSku×qty sorted. The form is part of it: a hot and an iced grande latte are two favorites.
 */
export function itemKey(productNumber: number, formCode: string, sizeCode: string, childItems: ReadonlyArray<{ commerce: { sku: string }; quantity: number }>): string {
  const opts = childItems.filter((c) => c.quantity > 0).map((c) => `${c.commerce.sku}x${c.quantity}`).sort();
  return [`${productNumber}/${formCode}`, sizeCode, ...opts].join('|');
}

// ---------------------------------------------------------------------------------------------------------------
// Curbside (GraphQL create customer arrival; open to everyone: the order token authorises)

export const CustomerArrivalInput = v.object({
  customerArrivalInput: v.object({
    pickUpOption: PickupOptionCode,
    storeNumber: StoreNumber,
    orderToken: OrderToken,
    displayName: v.pipe(v.string('Enter your first name.'), v.trim(), v.nonEmpty('Enter your first name.'), v.maxLength(60)),
    /** required for CX: 1..stallQuantity, else 'Select your parking spot' (STALL_INVALID) */
    stallNumber: v.optional(v.nullable(v.pipe(v.number(OrderingMessages.selectParkingSpot), v.integer(OrderingMessages.selectParkingSpot)))),
  }),
});
export const CustomerArrivalResponse = v.object({ arrivalId: v.string(), orderId: v.string(), storeNumber: v.string(), stallNumber: v.nullable(v.number()), arrivedAt: v.string() });

// ---------------------------------------------------------------------------------------------------------------
// Similar items (GraphQL similar-items; spec 7 names it only): other products of the same category that the
// store sells, for an item that is unavailable there (ITEMS_UNAVAILABLE / CHOOSE_DIFFERENT_ITEM recovery)

export const SimilarItemsInput = v.object({ productNumber: ProductNumber, storeNumber: v.optional(StoreNumber), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), 6) });


// ---------------------------------------------------------------------------------------------------------------
// Pricing rules and pricing by store number (GraphQL pricing-rules / pricing-by-store-number; spec 7 names them
// only, spec 4: "Pricing by store is stale after 5 minutes or when the store changes. Guest pricing rules are
// stale after 5 minutes"). Shapes chosen here (docs/ordering.md).

/** what ordering at a store allows (limits, tenders, tipping, tax display), for a member or a guest */
export const PricingRulesInput = v.object({ storeNumber: v.optional(StoreNumber), guest: v.optional(v.boolean(), false) });
export const PricingRules = v.object({
  storeNumber: v.nullable(v.string()),
  guest: v.boolean(),
  /** the cart is full at this many items (quantities summed) */
  maximumItemAmount: v.number(),
  /** option units on one item at most */
  maximumModifierAmount: v.number(),
  /** the store takes orders from this caller now (open, READY, guest ordering for guests); else the pricing code */
  canOrder: v.boolean(),
  refusalCode: v.nullable(v.string()),
  guestOrdering: v.boolean(),
  /** tenders the store takes from this caller (guests: GUEST_CARD; stored-value-only stores: SVC) */
  tenders: v.array(TenderType),
  tipping: v.object({ enabled: v.boolean(), tender: v.literal('SVC'), maximumTipCents: v.number() }),
  currency: Currency,
  /** prices include tax (California, UK) and the CA note applies */
  taxIncluded: v.boolean(),
  taxIncludedNote: v.boolean(),
  /** a priced order (quote) lives this long */
  quoteTtlSeconds: v.number(),
  /** refetch after this long (spec 4: 5 minutes) */
  staleAfterSeconds: v.number(),
});
export type PricingRules = v.InferOutput<typeof PricingRules>;

/** the store's price list: every size (or the skus asked for) and every option, minor units */
export const PricingByStoreNumberInput = v.object({ storeNumber: StoreNumber, skus: v.optional(v.pipe(v.array(Sku), v.maxLength(100, 'at most 100 skus'))) });
export const StorePrice = v.object({ sku: v.string(), productNumber: v.number(), formCode: v.string(), sizeCode: v.string(), price: v.number(), availability: Availability });
export const StoreOptionPrice = v.object({ sku: v.string(), optionProductNumber: v.number(), unitPrice: v.number() });
export const PricingByStoreNumber = v.object({
  storeNumber: v.string(),
  currency: Currency,
  taxIncluded: v.boolean(),
  prices: v.array(StorePrice),
  options: v.array(StoreOptionPrice),
  staleAfterSeconds: v.number(),
});
export type PricingByStoreNumber = v.InferOutput<typeof PricingByStoreNumber>;

// ---------------------------------------------------------------------------------------------------------------
// GraphQL operations (names as spec 7 names them): the operation and root field of each. The schema's types are
// server/ordering/graphql.ts (printed in schema.graphql); the client's documents, typed from it by gql.tada and
// selecting what its pages use, are src/services/ordering/documents.ts; tests and tools that read whole answers
// build a document of every field with server/graphql/full-selection.ts.

export const OrderingOperations = {
  'get-menu': { kind: 'query', name: 'GetMenu', field: 'menu' },
  'get-product': { kind: 'query', name: 'GetProduct', field: 'product' },
  'get-offers': { kind: 'query', name: 'GetOffers', field: 'offers' },
  'price-order': { kind: 'mutation', name: 'PriceOrder', field: 'priceOrder' },
  'price-order-guest': { kind: 'mutation', name: 'PriceOrderGuest', field: 'priceOrderGuest' },
  'submit-order': { kind: 'mutation', name: 'SubmitOrder', field: 'submitOrder' },
  'submit-order-guest': { kind: 'mutation', name: 'SubmitOrderGuest', field: 'submitOrderGuest' },
  'get-order': { kind: 'query', name: 'GetOrder', field: 'order' },
  'get-store-time-slots': { kind: 'query', name: 'GetStoreTimeSlots', field: 'storeTimeSlots' },
  'pre-order-pickup-estimate': { kind: 'query', name: 'PreOrderPickupEstimate', field: 'pickupEstimate' },
  'get-previous-orders': { kind: 'query', name: 'GetPreviousOrders', field: 'previousOrders' },
  'get-favorite-products': { kind: 'query', name: 'GetFavoriteProducts', field: 'favoriteProducts' },
  'add-favorite-product': { kind: 'mutation', name: 'AddFavoriteProduct', field: 'addFavoriteProduct' },
  'delete-favorite-product': { kind: 'mutation', name: 'DeleteFavoriteProduct', field: 'deleteFavoriteProduct' },
  'create-customer-arrival': { kind: 'mutation', name: 'CreateCustomerArrival', field: 'createCustomerArrival' },
  'similar-items': { kind: 'query', name: 'SimilarItems', field: 'similarItems' },
  'pricing-rules': { kind: 'query', name: 'PricingRules', field: 'pricingRules' },
  'pricing-by-store-number': { kind: 'query', name: 'PricingByStoreNumber', field: 'pricingByStoreNumber' },
} as const;
export type OrderingOperationName = keyof typeof OrderingOperations;

/** the GraphQL error extensions of this area (contracts/errors.ts ApiErrorExtensions and this area's extras) */
export const OrderingErrorExtensions = v.looseObject({
  ...ApiErrorExtensions.entries,
  /** ITEMS_NOT_FOUND / ITEMS_UNAVAILABLE / CHOOSE_DIFFERENT_ITEM: the skus concerned */
  skus: v.optional(v.array(v.string())),
  /** INSUFFICIENT_BALANCE: what 'Reload & place order' needs */
  balance: v.optional(v.number()),
  reloadOptions: v.optional(v.array(v.number())),
});
