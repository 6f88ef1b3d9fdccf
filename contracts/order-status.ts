import * as v from 'valibot';
import { Currency, PickupOptionCode, TenderType } from './ordering-fields.ts';
import { OrderStatus } from './order-status-link-texts.ts';

/**
 * Live order status, barista console, sold-out switch, allergens (issue 29; docs/order-status.md sections 0 and 3.7).
 * Shared by client and server. Light on purpose (no import of contracts/ordering.ts): the tracker's and the
 * console's pages load it. Outputs are `v.InferOutput`.
 */

/** placed → preparing → ready → picked_up, or cancelled (the one definition lives in order-status-link-texts.ts) */
export { OrderStatus };
export const ORDER_STATUSES = OrderStatus.options;
/** the statuses a console still works on */
export const OPEN_ORDER_STATUSES = ['placed', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];
export const isTerminalStatus = (s: OrderStatus) => s === 'picked_up' || s === 'cancelled';

// --- constants (section 0); the server's env overrides live in server/config.ts, the client's in AppConfig.orderStatus
export const SSE_HEARTBEAT_MS = 15_000;
export const SSE_RETRY_MS = 2_000;
export const SSE_SILENCE_MS = 2 * SSE_HEARTBEAT_MS + 5_000;
export const SSE_MAX_AGE_MS = 30 * 60_000;
export const SSE_MAX_PER_PROCESS = 5_000;
export const SSE_MAX_PER_IP = 20;
export const SSE_MAX_PER_ORDER = 5;
export const SSE_BUFFER_BYTES = 65_536;
export const SSE_REPLAY_MAX = 200;
export const STORE_EVENTS_KEEP_DAYS = 2;
export const FEED_RECONNECT_BASE_MS = 1_000;
export const FEED_RECONNECT_MAX_MS = 30_000;
export const FEED_MAX_FAILURES = 3;
export const FEED_POLL_MS = 15_000;
export const ETA_EVENT_MIN_CHANGE_S = 60;
export const ETA_K_ALPHA = 0.2;
export const ETA_K_MIN = 0.5;
export const ETA_K_MAX = 3.0;
export const SUBSTITUTES_MAX = 3;

/** error codes of the new calls (the existing ORDER_NOT_FOUND, STORE_NOT_FOUND, RATE_LIMITED, ITEMS_* are reused) */
export const OrderStatusCodes = {
  statusConflict: 'ORDER_STATUS_CONFLICT',
  staffOnly: 'STAFF_ONLY',
  streamsFull: 'STREAMS_FULL',
  productNotSoldHere: 'PRODUCT_NOT_SOLD_HERE',
} as const;

// --- allergens: one list, in contracts/allergens.ts (codes, names, the filter's storage key), imported from there (a
// re-export here put the allergen catalogue on the tracker's and the console's pages, docs/architecture.md#performance)

// --- shapes
export { OrderIdParam } from './order-id-param.ts';
export const ConsoleAction = v.picklist(['start', 'ready', 'handOff', 'cancel']);
export type ConsoleAction = v.InferOutput<typeof ConsoleAction>;
/** the path segment of POST /store/{n}/orders/{orderId}/{action} */
export const CONSOLE_ACTION_PATHS: Record<ConsoleAction, string> = { start: 'start', ready: 'ready', handOff: 'hand-off', cancel: 'cancel' };

/**
 * Why the store cancelled an order (docs/order-status.md 3.6 "Cancel reason"): the console's cancel dialog asks one
 * of these; `orders.cancel_reason` stores the code; the customer's tracker shows its sentence (OrderStatusTexts).
 */
export const CANCEL_REASONS = ['out_of_stock', 'store_closing', 'customer_asked', 'other'] as const;
export const CancelReason = v.picklist(CANCEL_REASONS);
export type CancelReason = v.InferOutput<typeof CancelReason>;
/** a stored reason (free text from before the fixed list, or a code): the code, else null */
export const cancelReasonOf = (stored: string | null | undefined): CancelReason | null => ((CANCEL_REASONS as readonly string[]).includes(stored ?? '') ? (stored as CancelReason) : null);

export const OrderArrival = v.object({ stallNumber: v.nullable(v.number()), displayName: v.string(), arrivedAt: v.string() });
export type OrderArrival = v.InferOutput<typeof OrderArrival>;
export const Refund = v.object({ amount: v.number(), currency: Currency });
export type Refund = v.InferOutput<typeof Refund>;

/** a card on the barista console: no email, no payment details beyond the tender kind */
export const ConsoleOrder = v.object({
  orderId: v.string(),
  /** the last 6 of the id */
  shortId: v.string(),
  /** member first name or guest first name */
  name: v.string(),
  pickupOption: PickupOptionCode,
  scheduledFor: v.nullable(v.string()),
  placedAt: v.string(),
  status: OrderStatus,
  readyEstimateAt: v.nullable(v.string()),
  items: v.array(v.object({ name: v.string(), sizeName: v.string(), quantity: v.number(), customisations: v.array(v.string()) })),
  arrival: v.nullable(OrderArrival),
  total: v.number(),
  currency: Currency,
  tender: TenderType,
});
export type ConsoleOrder = v.InferOutput<typeof ConsoleOrder>;

/** the data of each event kind (the SSE `data:` line is `{ id, kind, ...data }`) */
export const StatusEventData = v.object({
  orderId: v.string(),
  status: OrderStatus,
  at: v.string(),
  readyEstimateAt: v.nullable(v.string()),
  refund: v.optional(Refund),
  starsReversed: v.optional(v.number()),
  /** cancelled: the reason the console chose */
  cancelReason: v.optional(CancelReason),
});
export type StatusEventData = v.InferOutput<typeof StatusEventData>;
export const EtaEventData = v.object({ orderId: v.string(), readyEstimateAt: v.string() });
export const ArrivalEventData = v.object({ orderId: v.string(), ...OrderArrival.entries });
export const StockEventData = v.object({ productNumber: v.number(), availability: v.picklist(['Available', 'SoldOut']) });
export type StockEventData = v.InferOutput<typeof StockEventData>;

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
export const StoreEvent = v.variant('kind', [
  v.object({ id, kind: v.literal('placed'), order: ConsoleOrder }),
  v.object({ id, kind: v.literal('status'), ...StatusEventData.entries }),
  v.object({ id, kind: v.literal('eta'), ...EtaEventData.entries }),
  v.object({ id, kind: v.literal('arrival'), ...ArrivalEventData.entries }),
  v.object({ id, kind: v.literal('stock'), ...StockEventData.entries }),
]);
export type StoreEvent = v.InferOutput<typeof StoreEvent>;
export type StoreEventKind = StoreEvent['kind'];
export const STORE_EVENT_KINDS = ['placed', 'status', 'eta', 'arrival', 'stock'] as const satisfies readonly StoreEventKind[];
/** the kinds a customer's tracker stream carries (placed is the console's card: not sent to customers) */
export const TRACKER_EVENT_KINDS = ['status', 'eta', 'arrival'] as const satisfies readonly StoreEventKind[];

/** GET …/events.json?after= (the polling fallback) */
export const EventsPoll = v.object({
  events: v.array(StoreEvent),
  lastEventId: v.number(),
  /** more than SSE_REPLAY_MAX behind: refetch the snapshot, then poll after lastEventId */
  reset: v.boolean(),
});
export type EventsPoll = v.InferOutput<typeof EventsPoll>;

/** GET /apiproxy/v1/ordering/orders/{orderId}/tracker */
export const TrackerResponse = v.object({
  orderId: v.string(),
  storeNumber: v.string(),
  storeName: v.string(),
  storeAddress: v.string(),
  timeZone: v.string(),
  status: OrderStatus,
  /** when the status was set (console orders); null for a clock-driven order still on its clock */
  statusAt: v.nullable(v.string()),
  placedAt: v.string(),
  scheduledFor: v.nullable(v.string()),
  readyEstimateAt: v.nullable(v.string()),
  pickupOption: PickupOptionCode,
  items: v.array(v.object({ name: v.string(), sizeName: v.string(), quantity: v.number(), customisations: v.array(v.string()) })),
  total: v.number(),
  currency: Currency,
  guest: v.boolean(),
  arrival: v.nullable(OrderArrival),
  drivenBy: v.picklist(['clock', 'console']),
  /** clock-driven orders: the next status boundary (the tracker refreshes then); null for console orders and at the end */
  nextChangeAt: v.nullable(v.string()),
  /** the highest store_events id of this order (0 when none): the stream's Last-Event-ID to start from */
  lastEventId: v.number(),
  refund: v.nullable(Refund),
  starsReversed: v.number(),
  /** cancelled: the reason the console chose (null: none recorded, or an order cancelled before the list) */
  cancelReason: v.nullable(CancelReason),
  curbside: v.nullable(v.object({ available: v.boolean(), stallQuantity: v.nullable(v.number()) })),
});
export type TrackerResponse = v.InferOutput<typeof TrackerResponse>;

/** GET /apiproxy/v1/store/{storeNumber}/orders */
export const ConsoleStockItem = v.object({ productNumber: v.number(), name: v.string(), categoryName: v.string(), soldOut: v.boolean() });
export type ConsoleStockItem = v.InferOutput<typeof ConsoleStockItem>;
export const ConsoleQueue = v.object({
  storeNumber: v.string(),
  storeName: v.string(),
  timeZone: v.string(),
  lastEventId: v.number(),
  orders: v.array(ConsoleOrder),
  stock: v.array(ConsoleStockItem),
});
export type ConsoleQueue = v.InferOutput<typeof ConsoleQueue>;

/** POST /apiproxy/v1/store/{storeNumber}/orders/{orderId}/{action} */
export const OrderActionRequest = v.object({
  expectedStatus: OrderStatus,
  /** cancel: required (400 without it); other actions: ignored */
  reason: v.optional(CancelReason),
});
export type OrderActionRequest = v.InferOutput<typeof OrderActionRequest>;
export const OrderActionResponse = v.object({ order: ConsoleOrder });
export type OrderActionResponse = v.InferOutput<typeof OrderActionResponse>;

/** PUT /apiproxy/v1/store/{storeNumber}/stock/{productNumber} */
export const StockRequest = v.object({ soldOut: v.boolean() });
export type StockRequest = v.InferOutput<typeof StockRequest>;
/** eventId: the `stock` event this save wrote (0 when the position was already so: no event) */
export const StockResponse = v.object({ productNumber: v.number(), soldOut: v.boolean(), eventId: v.number() });
export type StockResponse = v.InferOutput<typeof StockResponse>;

/** AppConfig.orderStatus (contracts/config.ts; kept there so the config stays light): heartbeatMs, pollMs, reconnectBaseMs, reconnectMaxMs, maxFailures */

/** URLs (under /apiproxy/v1) */
export const OrderStatusPaths = {
  tracker: (orderId: string) => `/apiproxy/v1/ordering/orders/${orderId}/tracker`,
  orderEvents: (orderId: string) => `/apiproxy/v1/ordering/orders/${orderId}/events`,
  orderEventsPoll: (orderId: string) => `/apiproxy/v1/ordering/orders/${orderId}/events.json`,
  stockEvents: (storeNumber: string) => `/apiproxy/v1/ordering/stores/${storeNumber}/stock-events`,
  stockEventsPoll: (storeNumber: string) => `/apiproxy/v1/ordering/stores/${storeNumber}/stock-events.json`,
  consoleQueue: (storeNumber: string) => `/apiproxy/v1/store/${storeNumber}/orders`,
  storeEvents: (storeNumber: string) => `/apiproxy/v1/store/${storeNumber}/events`,
  storeEventsPoll: (storeNumber: string) => `/apiproxy/v1/store/${storeNumber}/events.json`,
  orderAction: (storeNumber: string, orderId: string, action: ConsoleAction) => `/apiproxy/v1/store/${storeNumber}/orders/${orderId}/${CONSOLE_ACTION_PATHS[action]}`,
  stock: (storeNumber: string, productNumber: number) => `/apiproxy/v1/store/${storeNumber}/stock/${productNumber}`,
} as const;
