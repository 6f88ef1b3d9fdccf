/**
 * Ordering's texts without its schemas: contracts/ordering.ts re-exports them, and pages that only show a text
 * (pickup options, curbside check-in) import this module so their first load does not carry the schemas.
 */
import { ORDER_NOT_FOUND_MESSAGE } from './cart-texts.ts';
import { MenuMessages } from './menu-texts.ts';

/** The spec's texts for ordering (written once; the client's catalogue imports them). */
export const OrderingMessages = {
  menuLoadError: MenuMessages.menuLoadError,
  menuNotAvailable: MenuMessages.menuNotAvailable,
  productInvalid: 'Product data is invalid',
  stalePricing: 'Looks like your order may be a little stale. Refresh to continue with your order.',
  insufficientBalance: 'Looks like your card balance is too low to complete your order.',
  insufficientBalanceShort: 'Insufficient balance for order',
  noPaymentSelected: 'no payment method selected',
  noPaymentMethods: 'Your account has no payment methods.',
  tipRemovedHeading: 'Your tip has been removed',
  tipRemovedBody: 'Tipping is not yet available for this payment type',
  favoritesMaximum: MenuMessages.favoritesMaximum,
  caTaxNote: 'CA prices of taxable food and beverage include sales tax.',
  svcOnly: (product: string) => `This store only accepts ${product} Cards as payment to order ahead`,
  offerNotApplied: 'offer not applied',
  curbsideError: 'Something went wrong on our end. If you have placed an order, park in curbside pick up.',
  curbsideUnavailable: 'Curbside is not available right now. Head to the entryway or drive-thru to pick up your order. See you soon!',
  curbsideClosed: 'Curbside pickup is closed right now.',
  selectParkingSpot: 'Select your parking spot',
  reloadAndPlaceOrder: 'Reload & place order',
  placeOrder: 'Place order',
  // texts the spec does not give (chosen; docs/ordering.md)
  timeSlotUnavailable: 'That pickup time is no longer available. Choose another time.',
  timeUnavailable: 'That pickup time is not available at this store.',
  orderAlreadyPlaced: 'This order was already placed.',
  orderNotFound: ORDER_NOT_FOUND_MESSAGE,
  emptyMenu: MenuMessages.emptyMenu,
  categoryNotFound: MenuMessages.categoryNotFound,
  productNotFound: 'We could not find that product.',
  itemsNotFound: 'Some items in your order could not be found.',
  itemsUnavailable: 'Some items in your order are not available at this store.',
  chooseDifferentItem: 'This item can no longer be ordered. Choose a different item.',
  addInLimit: (max: number) => `You can add up to ${max} customizations to one item.`,
  storeNotFound: "Whoops! We couldn't find that store.",
  storeClosed: 'This store is closed right now.',
  storeUnavailable: 'This store is not taking mobile orders right now.',
  highVolume: 'This store is very busy right now. Choose another store.',
  wrongRegion: 'This store is in a different region from your account. Choose another store.',
  missingCountry: 'We could not work out the tax for this store.',
  mopNotAccepted: 'This store does not take guest orders.',
  unexpected: 'Something went wrong. Please try again.',
  tipNotAllowed: 'Tipping is not yet available for this payment type',
  favoriteNotFound: 'We could not find that favorite.',
  guestOrderingUnavailable: 'An account is required to order from this store.',
  pickupOptionUnavailable: 'This store does not offer that pickup option.',
} as const;
