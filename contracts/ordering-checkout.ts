import * as v from 'valibot';
import { Availability, ConsumptionType, Currency, PickupOptionCode, TenderType } from './ordering-fields.ts';
import { OrderStatus } from './order-status-link-texts.ts';

/**
 * The checkout's answers (GraphQL price-order and price-order-guest, submit-order and submit-order-guest, get-offers,
 * pre-order-pickup-estimate, get-store-time-slots; REST pickup-time's parts), apart from contracts/ordering.ts, which
 * re-exports them: only the cart and checkout pages read these (docs/architecture.md#performance).
 */

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
export const OffersResponse = v.object({ stars: v.number(), offers: v.array(Offer) });
export type OffersResponse = v.InferOutput<typeof OffersResponse>;
/** the order's status: defined in order-status-link-texts.ts (the tracker's pages read it without these schemas) */
export { OrderStatus };
export const WaitEstimate = v.object({ minMinutes: v.number(), maxMinutes: v.number(), label: v.string() });
export type WaitEstimate = v.InferOutput<typeof WaitEstimate>;
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
export const PickupEstimateResponse = v.object({
  storeNumber: v.string(),
  /** per pickup option the store offers */
  options: v.array(v.object({ code: PickupOptionCode, name: v.string(), available: v.boolean(), wait: WaitEstimate })),
});
export type PickupEstimateResponse = v.InferOutput<typeof PickupEstimateResponse>;
export const TimeSlot = v.object({ slotStart: v.string(), slotEnd: v.string(), label: v.string(), available: v.boolean() });
export type TimeSlot = v.InferOutput<typeof TimeSlot>;
export const TimeSlotsResponse = v.object({ storeNumber: v.string(), timeZone: v.string(), timeSlots: v.array(TimeSlot) });
export type TimeSlotsResponse = v.InferOutput<typeof TimeSlotsResponse>;
