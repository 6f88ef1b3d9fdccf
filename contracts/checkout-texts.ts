/**
 * Texts only the checkout pages show (issue 30; texts ours, the spec gives none): kept out of `OrderingTexts`, which
 * every menu page loads, so they weigh only on /menu/cart and the guest checkout (docs/ordering-client.md "Issue 30").
 * No machine names them.
 */
export const CheckoutTexts = {
  /** before the names of the bag's lines left out of the price (not sold here, sold out) */
  leftOut: 'Not included in your total:',
  /** what the add-payment buttons lead to, said before the jump */
  addCardHint: "You'll enter your billing address and card on the next pages, then come back here to place your order.",
  addPaymentHint: "You'll add a card on your payment methods page, then come back here to place your order.",
  /** a short stored-value card with no saved card to reload it from */
  reloadNeedsMethod: 'Add a credit or debit card to reload your card, or choose another way to pay.',
} as const;
