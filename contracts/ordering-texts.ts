import { OrderingMessages as M } from './ordering-messages.ts';
import { CARD_TOKEN_EXPIRED_MESSAGE } from './card-shared.ts';
import { CartTexts } from './cart-texts.ts';
import { MenuTexts } from './menu-texts.ts';

/**
 * The ordering texts the client shows, by key (machines name them in `meta.message` and `notify` params): the
 * spec's texts come from `OrderingMessages` (contracts/ordering.ts, written once there); the few the client alone
 * shows, whose text the spec does not give, are written here (docs/ordering-client.md).
 */
export const OrderingTexts = {
  productDataInvalid: M.productInvalid,
  unexpectedError: MenuTexts.unexpectedError,
  /** "Item maximum per order" (text not shown; contracts/cart-texts.ts) */
  cartFull: CartTexts.cartFull,
  cartEmpty: 'Your bag is empty.',
  /** "no items available" (text not shown) */
  noItemsAvailable: 'None of the items in your bag are available at this store.',
  /** "unavailable or sold-out items" (text not shown) */
  itemsUnavailable: 'Some items are not available at this store.',
  menuLoadError: M.menuLoadError,
  menuNotAvailable: M.menuNotAvailable,
  emptyMenu: M.emptyMenu,
  categoryNotFound: M.categoryNotFound,
  productNotFound: M.productNotFound,
  /** product fetch error (text not shown) */
  productError: "We couldn't load this item. Please try again.",
  notSoldHere: MenuTexts.notSoldHere,
  offerNotApplied: M.offerNotApplied,
  caTaxNote: M.caTaxNote,
  tipRemovedTitle: M.tipRemovedHeading,
  tipRemovedBody: M.tipRemovedBody,
  noPaymentMethods: M.noPaymentMethods,
  noPaymentSelected: M.noPaymentSelected,
  /** a payment the store does not take (its svc-only notice names the brand: OrderingMessages.svcOnly) */
  paymentNotAccepted: 'Choose a payment this store accepts.',
  /** guest checkout without email or first name (text not shown) */
  guestDetailsMissing: 'Enter your email and first name to check out as a guest.',
  /** the guest's single-use card timed out or was used up (the cards area's text, spec 2 §9 token max age) */
  guestCardExpired: CARD_TOKEN_EXPIRED_MESSAGE,
  balanceTooLow: M.insufficientBalance,
  insufficientBalance: M.insufficientBalanceShort,
  stalePricing: M.stalePricing,
  timeSlotUnavailable: M.timeSlotUnavailable,
  favoritesMaximum: M.favoritesMaximum,
  /** favorite notifications (texts not shown) */
  favoriteAdded: MenuTexts.favoriteAdded,
  favoriteRemoved: MenuTexts.favoriteRemoved,
  noFavorites: MenuTexts.noFavorites,
  /** no previous orders (text not shown) */
  noPreviousOrders: MenuTexts.noPreviousOrders,
  curbsideError: M.curbsideError,
  curbsideUnavailable: M.curbsideUnavailable,
  curbsideClosed: M.curbsideClosed,
  selectParkingSpot: M.selectParkingSpot,
} as const;

export type OrderingTextKey = keyof typeof OrderingTexts;
