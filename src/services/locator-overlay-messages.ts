/**
 * Locator (spec 1, section 8): the texts of the locator's dialogs (favorite sign-in, account required, store
 * unavailable), apart from src/services/locator-messages.ts: only src/views/locator/LocatorOverlays.tsx reads them,
 * and it loads after the first paint, so they load with it, not with the page (issue 32, docs/architecture.md#performance).
 */
export const locatorOverlayMessages = {
  favoriteSignIn: 'You must sign in to add this store to your favorites.',
  favoriteSignInTitle: 'Sign in to save favorites',
  accountRequiredTitle: 'Account required',
  storeUnavailableTitle: 'Store unavailable',
  storeUnavailableForGuests: "This store isn't taking mobile orders right now. Choose another store, or sign in or create an account to order.",
} as const;
