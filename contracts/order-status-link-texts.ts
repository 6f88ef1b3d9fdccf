/**
 * The order tracker's link texts (issue 29, docs/order-status.md 1), apart from the tracker's catalogue
 * (order-status-messages.ts reads them from here): the order-placed dialog of /menu/previous links to the tracker
 * and no longer loads every tracker, feed and console text for it (docs/architecture.md#performance).
 */
export const OrderStatusLinkTexts = {
  trackYourOrder: 'Track your order',
  trackOrderLink: 'Track order',
} as const;
