/**
 * The texts of the cart's own notifications (machines/cart.machine.ts `notify`: 'unexpectedError', 'cartFull'), apart
 * from the ordering catalogue (ordering-texts.ts spreads them) so that the pages that start the cart without showing an
 * ordering page (the home page's last order, the receipt's Reorder) do not load the catalogue
 * (docs/architecture.md#performance). Also the one order-not-found text the history reads (written once here).
 */
import { GENERIC_ERROR_MESSAGE } from './errors.ts';

export const CartTexts = {
  unexpectedError: GENERIC_ERROR_MESSAGE,
  /** "Item maximum per order" (text not shown) */
  cartFull: "You've reached the item maximum for this order. Remove something to add more.",
} as const;

/** ORDER_NOT_FOUND (chosen; docs/ordering.md): ordering's catalogue and the history's both say it */
export const ORDER_NOT_FOUND_MESSAGE = 'We could not find that order.';
