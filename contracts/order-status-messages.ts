/**
 * TEMPORARY (engineer S3): the tracker's texts from docs/order-status.md 1, 2.1–2.3, until S1's
 * contracts/order-status-messages.ts lands (then this file is replaced by S1's, keys kept). Each text once.
 */
import { GENERIC_ERROR_MESSAGE } from './errors.ts';

export const OrderStatusMessages = {
  generic: GENERIC_ERROR_MESSAGE,
  headingPlaced: "We've got your order",
  headingPreparing: "We're making your order",
  headingReady: 'Your order is ready',
  headingPickedUp: 'Enjoy!',
  headingCancelled: 'Your order was cancelled',
  stepPlaced: 'Placed',
  stepPreparing: 'Preparing',
  stepReady: 'Ready',
  stepPickedUp: 'Picked up',
  readyAround: 'Ready around {time}',
  scheduledFor: 'Scheduled for {label}',
  late: 'Taking a little longer than expected',
  refunded: 'Your payment has been refunded.',
  starsReversed: 'Stars from this order have been taken back.',
  orderNotFound: "We couldn't find that order.",
  reconnecting: 'Reconnecting…',
  pollingNotice: 'Live updates paused. Checking every 15 seconds.',
  offline: "You're offline. We'll update when you're back.",
  notifyMe: "Notify me when it's ready",
  noticeArmed: "We'll let you know when it's ready.",
  noticeDenied: 'Notifications are off for this site. Keep this page open to see updates.',
  noticeUnsupported: 'Keep this page open to see updates.',
  noticeTitle: 'Your order is ready',
  noticeBody: "{store}: pick it up when you're ready.",
  trackYourOrder: 'Track your order',
  imHere: "I'm here",
} as const;
export type OrderStatusMessageKey = keyof typeof OrderStatusMessages;
