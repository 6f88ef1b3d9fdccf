import * as v from 'valibot';
import { IdempotencyKey, PaymentMethodId } from './card-shared.ts';
import { StoreNumber } from './store-number.ts';
import { OrderingMessages } from './ordering-messages.ts';
import { ApiErrorExtensions } from './error-extensions.ts';

// constants, codes and rules; shared fields; the checkout's, favorites' and previous orders' answers: modules of
// their own, so the client loads only what a page reads (docs/architecture.md#performance); re-exported here
export * from './ordering-rules.ts';
export * from './ordering-fields.ts';
export * from './ordering-checkout.ts';
export * from './ordering-favorites.ts';
export * from './ordering-previous.ts';
import { ORDERING_LIMITS, DEFAULT_DELIVERY_TYPE } from './ordering-rules.ts';
import { Availability, ConsumptionType, Currency, OfferCode, PickupOptionCode, TenderType } from './ordering-fields.ts';
export { OfferCode };
import { OrderSummary, WaitEstimate, OrderStatus } from './ordering-checkout.ts';

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

// Constants (spec 9), pricing codes (spec 8) and other codes, and the pure rules: contracts/ordering-rules.ts

export { OrderingMessages };

// ---------------------------------------------------------------------------------------------------------------
// Shared fields

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

/** spec 3 storePricingInput (sent with previous orders and favorites; the server reads the store itself) */
export const StorePricingInput = v.optional(
  v.object({
    timeZone: v.optional(v.pipe(v.string(), v.maxLength(64))),
    ownershipTypeCode: v.optional(v.pipe(v.string(), v.maxLength(8))),
    countryCode: v.optional(v.pipe(v.string(), v.maxLength(2))),
  }),
);

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
/** an offer's code (get-offers' `code`, a reward coupon's `couponCode`) */
export const OfferInput = v.object({ code: OfferCode });

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

/** GraphQL get-offers: the member's offers at a store (STAR_REWARD tiers the member's Stars reach, REWARD coupons) */
export const GetOffersInput = v.object({ storeNumber: v.optional(StoreNumber) });

// ---------------------------------------------------------------------------------------------------------------
// Submit (GraphQL submit-order / submit-order-guest)

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

export const GetStoreTimeSlotsInput = v.object({ storeNumber: StoreNumber });

// ---------------------------------------------------------------------------------------------------------------
// Previous orders (GraphQL get-previous-orders)

export const GetPreviousOrdersInput = v.object({
  locale: v.optional(Locale, 'en-US'),
  storeNumber: v.optional(StoreNumber),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ORDERING_LIMITS.previousOrdersLimit)), ORDERING_LIMITS.previousOrdersLimit),
  storePricingInput: StorePricingInput,
});

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

// ---------------------------------------------------------------------------------------------------------------
// Curbside (GraphQL create customer arrival; open to everyone: the order token authorises, or the owner's session
// with the orderId: docs/order-status.md 1, 3.7)

export const CustomerArrivalInput = v.object({
  customerArrivalInput: v.pipe(v.object({
    pickUpOption: PickupOptionCode,
    storeNumber: StoreNumber,
    /** a guest (or a member with the token in this browser); else orderId with the member's session */
    orderToken: v.optional(v.nullable(OrderToken)),
    /** the order checked in: with the token it must be the token's order; alone, the signed-in owner's */
    orderId: v.optional(v.nullable(OrderId)),
    displayName: v.pipe(v.string('Enter your first name.'), v.trim(), v.nonEmpty('Enter your first name.'), v.maxLength(60)),
    /** required for CX: 1..stallQuantity, else 'Select your parking spot' (STALL_INVALID) */
    stallNumber: v.optional(v.nullable(v.pipe(v.number(OrderingMessages.selectParkingSpot), v.integer(OrderingMessages.selectParkingSpot)))),
  }), v.check((a) => !!a.orderToken || !!a.orderId, 'orderToken or orderId is required')),
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
  // ITEMS_UNAVAILABLE at pricing also carries `soldOut` (issue 30): which of `skus` are sold out, the others not sold at
  // this store; read by the checkout route as it marks the bag (a loose object keeps it; no schema entry, so the menu
  // pages' first load does not carry it)
  /** INSUFFICIENT_BALANCE: what 'Reload & place order' needs */
  balance: v.optional(v.number()),
  reloadOptions: v.optional(v.array(v.number())),
});
