import * as v from 'valibot';
import { AnsweredChildItem, Availability, Currency } from './ordering-fields.ts';
import { ORDER_STATUS_LABELS } from './order-status-labels.ts';

/** the order statuses (contracts/ordering-checkout.ts `OrderStatus`), from the labels' keys: the checkout's schemas stay out of /menu/previous */
const PreviousOrderStatus = v.picklist(Object.keys(ORDER_STATUS_LABELS) as (keyof typeof ORDER_STATUS_LABELS)[]);

/**
 * The previous orders' answer (GraphQL get-previous-orders), apart from contracts/ordering.ts, which re-exports it:
 * only /menu/previous reads it (docs/architecture.md#performance).
 */

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
  /** the store's name and IANA time zone (the times read as the store's, like the slots), the status now (issue 30) */
  storeName: v.string(),
  timeZone: v.string(),
  status: PreviousOrderStatus,
  placedAt: v.string(),
  total: v.number(),
  currency: Currency,
});
export type PreviousOrder = v.InferOutput<typeof PreviousOrder>;
export const PreviousOrdersResponse = v.object({ previousOrders: v.array(PreviousOrder), locale: v.string(), storeNumber: v.nullable(v.string()) });
