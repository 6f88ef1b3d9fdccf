/**
 * The ordering texts customers see (spec 1 sections 5 and 8, spec 2 section 5), written once. Client machines name
 * them by key (`meta.message`, `notify` params); tests assert the spec's literals. Where the spec names a message
 * without its text ("not shown"), the text is ours and docs/ordering-client.md says so.
 */
export const OrderingTexts = {
  // spec 1 §5 / §8
  productDataInvalid: 'Product data is invalid',
  unexpectedError: 'Something went wrong. Please try again.',
  /** "Item maximum per order" (text not shown) */
  cartFull: "You've reached the item maximum for this order. Remove something to add more.",
  /** "no items available" (text not shown) */
  cartEmpty: 'Your bag is empty.',
  noItemsAvailable: 'None of the items in your bag are available at this store.',
  /** "unavailable or sold-out items" (text not shown) */
  itemsUnavailable: 'Some items are not available at this store.',
  menuLoadError: 'Could not load menus for this store. Showing national menu.',
  menuNotAvailable: 'Menu not available for this store.',
  /** empty menu (404; text not shown) */
  emptyMenu: 'There is nothing on this menu yet.',
  /** missing category or category with no content (404; text not shown) */
  categoryNotFound: "We couldn't find that part of the menu.",
  /** product fetch error (text not shown) */
  productError: "We couldn't load this item. Please try again.",
  productNotFound: "We couldn't find that item.",
  notSoldHere: 'Not sold at this store',
  chooseStore: 'Choose a store to see its menu.',
  offerNotApplied: 'Offer not applied',
  caTaxNote: 'CA prices of taxable food and beverage include sales tax.',
  tipRemovedTitle: 'Your tip has been removed',
  tipRemovedBody: 'Tipping is not yet available for this payment type',
  noPaymentMethods: 'Your account has no payment methods.',
  noPaymentSelected: 'no payment method selected',
  balanceTooLow: 'Looks like your card balance is too low to complete your order.',
  insufficientBalance: 'Insufficient balance for order',
  stalePricing: 'Looks like your order may be a little stale. Refresh to continue with your order.',
  favoritesMaximum: "Sorry, you've reached the maximum number of favorite items",
  curbsideError: 'Something went wrong on our end. If you have placed an order, park in curbside pick up.',
  curbsideUnavailable: 'Curbside is not available right now. Head to the entryway or drive-thru to pick up your order. See you soon!',
  curbsideClosed: 'Curbside pickup is closed right now.',
  selectParkingSpot: 'Select your parking spot',
} as const;

export type OrderingTextKey = keyof typeof OrderingTexts;
