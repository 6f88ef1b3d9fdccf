import * as v from 'valibot';
import { Availability, Currency, PickupOptionCode } from './ordering-fields.ts';
import { BasketItem } from './ordering-previous.ts';
import { StoreNumber } from './store-number.ts';

/**
 * Order history, receipt and reorder check (docs/home.md 2.4, 2.5, 3.5, 4): the GraphQL operations' inputs (checked
 * by the resolvers before they run: 400 BAD_REQUEST naming the field) and answers (read by the client documents in
 * src/services/history/history.graphql.ts). Money in minor units. Spec 3 section 2 "Order history" leaves the
 * layout and fields "not shown": the fields here are the design's choice.
 */

export const HistoryStatus = v.picklist(['placed', 'preparing', 'ready', 'picked_up', 'cancelled']);
export type HistoryStatus = v.InferOutput<typeof HistoryStatus>;

export const ORDER_HISTORY_PAGE_SIZE = 10;
export const ORDER_HISTORY_MAX_LIMIT = 20;

/** `^ord_[A-Za-z0-9]{10,40}$`: the receipt route's param and every operation's orderId */
export const HistoryOrderId = v.pipe(v.string('orderId is required'), v.regex(/^ord_[A-Za-z0-9]{10,40}$/, 'not an order id'));
/** the keyset cursor: base64url of `placedAt|orderId` (opaque to the client) */
export const HistoryCursor = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,120}$/, 'not a cursor'));

export const OrderHistoryInput = v.object({
  limit: v.optional(v.pipe(v.number('limit must be a number'), v.integer('limit must be a whole number'), v.minValue(1, 'limit must be 1 to 20'), v.maxValue(ORDER_HISTORY_MAX_LIMIT, 'limit must be 1 to 20')), ORDER_HISTORY_PAGE_SIZE),
  cursor: v.optional(HistoryCursor),
});
export type OrderHistoryInput = v.InferInput<typeof OrderHistoryInput>;
export const OrderReceiptInput = v.object({ orderId: HistoryOrderId });
export const ReorderCheckInput = v.object({ orderId: HistoryOrderId, storeNumber: StoreNumber });
export type ReorderCheckInput = v.InferOutput<typeof ReorderCheckInput>;

export const HistoryOption = v.object({ name: v.string(), quantity: v.number(), price: v.number() });
export const HistoryItem = v.object({
  name: v.string(),
  sizeName: v.string(),
  quantity: v.number(),
  options: v.array(HistoryOption),
  /** the line's price before its discount (minor units) */
  price: v.number(),
  discount: v.number(),
});
export type HistoryItem = v.InferOutput<typeof HistoryItem>;
export const HistoryStore = v.object({ storeNumber: v.string(), name: v.string(), timeZone: v.string() });

const historyOrderFields = {
  orderId: v.string(),
  placedAt: v.string(),
  store: HistoryStore,
  pickupOption: PickupOptionCode,
  items: v.array(HistoryItem),
  total: v.number(),
  currency: Currency,
  /** 'Harbor Card •••• 0001', 'Visa •••• 4242', 'PayPal' */
  payment: v.string(),
  starsEarned: v.number(),
  status: HistoryStatus,
};
export const HistoryOrder = v.object(historyOrderFields);
export type HistoryOrder = v.InferOutput<typeof HistoryOrder>;
export const OrderHistoryPage = v.object({ orders: v.array(HistoryOrder), nextCursor: v.nullable(v.string()) });
export type OrderHistoryPage = v.InferOutput<typeof OrderHistoryPage>;

export const Tender = v.object({ label: v.string(), amount: v.number() });
export const OrderReceipt = v.object({
  ...historyOrderFields,
  subtotal: v.number(),
  discount: v.number(),
  /** descriptions of the offers applied */
  offers: v.array(v.string()),
  tax: v.number(),
  taxIncluded: v.boolean(),
  /** 'CA prices of taxable food and beverage include sales tax.' where the store's prices include it */
  taxIncludedNote: v.nullable(v.string()),
  tip: v.number(),
  tenders: v.array(Tender),
  starsSpent: v.number(),
});
export type OrderReceipt = v.InferOutput<typeof OrderReceipt>;

export const UnavailableItem = v.object({ name: v.string(), reason: Availability });
export const ReorderCheck = v.object({ storeNumber: v.string(), items: v.array(BasketItem), unavailable: v.array(UnavailableItem) });
export type ReorderCheck = v.InferOutput<typeof ReorderCheck>;
