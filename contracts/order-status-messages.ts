/**
 * Texts of issue 29 (docs/order-status.md sections 1 and 2): the tracker, the feed, notifications, the barista
 * console and allergens (the stock-aware menu's two: contracts/stock-texts.ts). All are "design" texts (the issue gives
 * none); each lives once here
 * and is asserted as a literal in view tests. Machines hold message keys; views look the text up here.
 * Parametrised texts are functions in OrderStatusTexts.
 */
import { OrderStatusLinkTexts } from './order-status-link-texts.ts';
import type { CancelReason } from './order-status.ts';

export const OrderStatusMessages = {
  // --- tracker (2.2)
  pageTitle: 'Order status',
  headingPlaced: "We've got your order",
  headingPreparing: "We're making your order",
  headingReady: 'Your order is ready',
  headingPickedUp: 'Enjoy!',
  headingCancelled: 'Your order was cancelled',
  stepPlaced: 'Placed',
  stepPreparing: 'Preparing',
  stepReady: 'Ready',
  stepPickedUp: 'Picked up',
  late: 'Taking a little longer than expected',
  refunded: 'Your payment has been refunded.',
  starsReversed: 'Stars from this order have been taken back.',
  // the cancel reason the store chose (OrderStatusTexts.cancelReasonCustomer)
  reasonOutOfStock: 'An item in your order ran out.',
  reasonStoreClosing: 'The store is closing.',
  reasonCustomerAsked: 'Cancelled as you asked.',
  reasonOther: "The store couldn't make your order.",
  orderNotFound: "We couldn't find that order.",
  imHere: "I'm here",
  ...OrderStatusLinkTexts,

  // --- feed (2.1)
  reconnecting: 'Reconnecting…',
  pollingNotice: 'Live updates paused. Checking every 15 seconds.',
  offline: "You're offline. We'll update when you're back.",

  // --- notifications (2.3)
  notifyMe: "Notify me when it's ready",
  noticeArmed: "We'll let you know when it's ready.",
  noticeDenied: 'Notifications are off for this site. Keep this page open to see updates.',
  noticeUnsupported: 'Keep this page open to see updates.',
  noticeTitle: 'Your order is ready',

  // --- console (2.4, 2.5)
  consoleTitle: 'Store orders',
  tabQueue: 'Queue',
  tabMenu: 'Menu',
  columnNew: 'New',
  columnPreparing: 'Preparing',
  columnReady: 'Ready',
  laneScheduled: 'Scheduled',
  start: 'Start',
  markReady: 'Ready',
  handOff: 'Hand off',
  cancel: 'Cancel',
  cancelHeading: 'Cancel this order?',
  cancelConfirm: 'Cancel and refund',
  keepOrder: 'Keep order',
  cancelReasonLegend: 'Why is it cancelled?',
  cancelReasonNeeded: 'Choose a reason to cancel.',
  labelOutOfStock: 'Out of stock',
  labelStoreClosing: 'Store closing',
  labelCustomerAsked: 'Customer asked',
  labelOther: 'Other',
  conflict: 'Someone else updated this order.',
  actionFailed: 'Could not update the order. Try again.',
  emptyColumn: 'Nothing here',
  staffOnly: 'This console is for the staff of this store.',
  devBoardNote: 'For real use: /store/{n}/orders',

  // --- stock-aware menu (3.8): 'Sold out' and 'Try instead' are StockTexts (contracts/stock-texts.ts), read there by
  // the menu, product and cart pages; not spread here, so that the tracker and the console, which show neither, load
  // neither it nor the allergen catalogue it shares a file with (docs/architecture.md#performance)

  // --- allergens (2.7, 2.8, 3.9)
  allergens: 'Allergens',
  filterHeading: 'Hide items containing',
  apply: 'Apply',
  clearAll: 'Clear all',
  showAll: 'Show all',
  allergensBySize: 'Allergens by size',
  allergenNote: 'Allergen information is for guidance. Drinks and food are prepared in shared spaces.',
  warningHeading: 'This changes the allergens',
  addAnyway: 'Add to order anyway',
  goBack: 'Go back',
} as const;
export type OrderStatusMessageKey = keyof typeof OrderStatusMessages;

/** a cancel reason's label on the console's dialog and its sentence on the customer's tracker */
export const CANCEL_REASON_TEXTS = {
  out_of_stock: { label: OrderStatusMessages.labelOutOfStock, customer: OrderStatusMessages.reasonOutOfStock },
  store_closing: { label: OrderStatusMessages.labelStoreClosing, customer: OrderStatusMessages.reasonStoreClosing },
  customer_asked: { label: OrderStatusMessages.labelCustomerAsked, customer: OrderStatusMessages.reasonCustomerAsked },
  other: { label: OrderStatusMessages.labelOther, customer: OrderStatusMessages.reasonOther },
} as const satisfies Record<CancelReason, { label: string; customer: string }>;

export const OrderStatusTexts = {
  readyAround: (time: string) => `Ready around ${time}`,
  scheduledFor: (label: string) => `Scheduled for ${label}`,
  noticeBody: (storeName: string) => `${storeName}: pick it up when you're ready.`,
  arrivedStall: (stall: number | null) => (stall === null ? 'Arrived' : `Arrived · stall ${stall}`),
  cancelBody: (amount: string) => `The customer gets ${amount} back and the order's Stars are taken back.`,
  stockFailed: (name: string) => `Could not change ${name}. Try again.`,
  soldOutSwitch: (name: string) => `${name} sold out`,
  allergensCount: (n: number) => (n === 0 ? 'Allergens' : `Allergens (${n})`),
  hiddenNotice: (n: number) => `${n} items hidden by your allergen filter.`,
  addsAllergens: (list: string) => `Your changes add ${list}.`,
  filterHides: (list: string) => ` Your allergen filter hides items with ${list}.`,
  containsFiltered: (list: string) => `Contains ${list} (in your allergen filter).`,
} as const;
