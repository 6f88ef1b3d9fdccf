/**
 * The spec's error catalogue in one place: codes from the API (contracts/errors.ts shape) map to the
 * texts customers see. A server-supplied message takes precedence where the spec says so.
 */
import { ApiRequestError } from './api.ts';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** Locator (spec 1, section 8). */
export const locatorMessages = {
  storeNotFound: "Whoops! We couldn't find that store.",
  menuNotAvailable: 'Menu not available for this store.',
  generic: 'Something went wrong while finding stores. Please try again.',
  noStoresTitle: 'No stores found',
  noStoresHints: ['Move or zoom out the map', 'Turn off some filters', 'Search a wider area'],
  placeNotFound: "We couldn't find that place. Check the spelling or try a nearby city or ZIP code.",
  zoomedOut: 'Zoom in to see stores in this area.',
  searchOrZoom: 'Search for a place or zoom in on the map to find stores.',
  geolocationUnavailable: "We couldn't get your location. Allow location access in your browser, or search for a place.",
  noPreviousStores: "You haven't ordered from any stores yet.",
  noFavoriteStores: "You haven't added any favorite stores yet.",
  favoriteSignIn: 'You must sign in to add this store to your favorites.',
  favoriteFailed: "We couldn't update your favorite stores. Please try again.",
  unavailableStore: 'This store is not accepting mobile orders right now. Choose another store.',
} as const;

/** Card and payment codes (spec 2, section 8). */
export const cardCodeMessages: Record<string, string> = {
  '121000': "That card number or security code doesn't look right.",
  '121001': "That card number or security code doesn't look right.",
  '121002': "That card number or security code doesn't look right.",
  '121017': "That card number or security code doesn't look right.",
  '121005': 'Enter a reload amount.',
  '121009': 'Enter an Auto reload amount.',
  '121010': 'Enter an Auto reload amount.',
  '121023': 'Your card total cannot exceed $500.',
  '121024': 'Please redeem this Store Credit card with a barista.',
  '121025': 'The balance on this card is too low to transfer.',
  '121030': 'This card is inactive. Please have a barista activate it.',
  '121032': 'This card has been reported lost or stolen. Please contact customer service.',
  '121033': "International cards aren't supported.",
  '121034': "This card isn't registered.",
  '121035': "This payment didn't pass our fraud check. Please contact your bank.",
  '121036': 'That reload amount is not valid.',
  '121037': 'This card has been deactivated or closed.',
  '121044': 'Your card may have expired.',
  '121048': 'Your card was rejected. Please choose another payment method.',
  '121062': 'We noticed something unusual. Please contact customer service.',
  '121063': 'We already received your request, thanks!',
  '121069': 'There was a problem with your American Express card.',
  '121075': GENERIC_ERROR,
  '123000': GENERIC_ERROR,
  DIGITAL_CARD_PROVISION_ERROR: GENERIC_ERROR,
  '122000': 'This card is already registered.',
  INSUFFICIENT_BALANCE: 'Insufficient balance available.',
  UNEXPECTED_ERROR: GENERIC_ERROR,
};
for (const c of ['121043', '121045', '121046', '121065', '121066', '121068', '121070', '121076']) cardCodeMessages[c] = 'There is a problem with this payment method. Please choose another one.';
for (const c of ['121059', '121060', '121061', '121067', '121071', '121072']) cardCodeMessages[c] = 'There was a problem with PayPal. Please try again or choose another payment method.';

/**
 * The text to show for a failed request. Spec 2 section 8: a server-supplied message takes precedence
 * when present; otherwise the catalogue's text for the code; otherwise the generic error.
 * 5xx and network failures always show the generic error (never a server's internals).
 */
export function messageForError(error: unknown, catalogue: Record<string, string> = {}): string {
  if (error instanceof ApiRequestError) {
    if (error.isServerError) return catalogue.UNEXPECTED_ERROR ?? GENERIC_ERROR;
    const serverMessage = typeof error.body.message === 'string' && error.body.message.trim() ? error.body.message : null;
    return serverMessage ?? catalogue[error.code] ?? GENERIC_ERROR;
  }
  return GENERIC_ERROR;
}
