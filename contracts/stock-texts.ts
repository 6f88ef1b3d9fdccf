/**
 * The stock-aware menu's texts (issue 29, docs/order-status.md 3.8), apart from the tracker's catalogue
 * (order-status-messages.ts reads them from here): the menu, product and cart pages say 'Sold out' and 'Try instead'
 * without loading every tracker, feed and console text (docs/architecture.md#performance).
 */
export const StockTexts = {
  soldOut: 'Sold out',
  tryInstead: 'Try instead',
} as const;
