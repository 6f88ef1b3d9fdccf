/**
 * Order history, receipt and reorder texts (docs/home.md 1, 2.4, 2.5). Spec 3 says the layout, fields and errors of
 * order history are "not shown": every text here is chosen (written once; machines name them by key).
 */
import { GENERIC_ERROR_MESSAGE } from './errors.ts';
import { ORDER_NOT_FOUND_MESSAGE } from './cart-texts.ts';
import { ORDER_STATUS_LABELS } from './order-status-labels.ts';

export const HistoryMessages = {
  historyLoadFailed: GENERIC_ERROR_MESSAGE,
  historyEmpty: 'No orders yet.',
  loadMoreFailed: "Couldn't load more orders. Try again.",
  receiptLoadFailed: GENERIC_ERROR_MESSAGE,
  /** 404 ORDER_NOT_FOUND: unknown, malformed, or another member's order (the same answer for all three) */
  orderNotFound: ORDER_NOT_FOUND_MESSAGE,
  reorderNothingAvailable: 'None of the items in this order are available at this store.',
  reorderFailed: GENERIC_ERROR_MESSAGE,
} as const;
export type HistoryMessageId = keyof typeof HistoryMessages;

export const HistoryTexts = {
  historyTitle: 'Order history',
  receiptTitle: 'Receipt',
  startOrder: 'Start an order',
  showMore: 'Show more',
  reorder: 'Reorder',
  viewReceipt: 'Receipt',
  giftHistory: 'eGift history',
  backToHistory: 'Order history',
  lastOrder: 'Your last order',
  allOrders: 'All orders',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  tip: 'Tip',
  total: 'Total',
  paidWith: 'Paid with',
  starsEarned: (n: number) => `+${n} Stars`,
  starsSpent: (n: number) => `${n} Stars spent`,
  status: ORDER_STATUS_LABELS,
  /** the reorder toast naming what was left out (names joined with ', ') */
  reorderPartly: (names: readonly string[]) => `Not available at this store, left out: ${names.join(', ')}.`,
} as const;
