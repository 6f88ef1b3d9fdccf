/**
 * The texts of the menu's list pages (the menu, its categories, favorites, previous orders: MenuViews,
 * FavoritesView, PreviousView, MemberListStatus, the favorites' toasts), apart from ordering's catalogue
 * (ordering-messages.ts and ordering-texts.ts read them from here, so each text is written once): those pages no
 * longer load every checkout and curbside text for the few they show (docs/architecture.md#performance).
 */
import { CartTexts } from './cart-texts.ts';

/** the spec's texts of the menu pages (OrderingMessages takes them from here) */
export const MenuMessages = {
  menuLoadError: 'Could not load menus for this store. Showing national menu.',
  menuNotAvailable: 'Menu not available for this store.',
  favoritesMaximum: "Sorry, you've reached the maximum number of favorite items",
  // texts the spec does not give (chosen; docs/ordering.md)
  emptyMenu: 'There is nothing on the menu at this store right now.',
  categoryNotFound: 'We could not find that part of the menu.',
} as const;

/** what the list pages show, by the keys of OrderingTexts (which spreads this object) */
export const MenuTexts = {
  ...MenuMessages,
  unexpectedError: CartTexts.unexpectedError,
  notSoldHere: 'Not sold at this store',
  /** favorite notifications (texts not shown) */
  favoriteAdded: 'Added to your favorites.',
  favoriteRemoved: 'Removed from your favorites.',
  noFavorites: "You haven't saved any favorites yet.",
  /** no previous orders (text not shown) */
  noPreviousOrders: "You haven't ordered anything here yet.",
} as const;
