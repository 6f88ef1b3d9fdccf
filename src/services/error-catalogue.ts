/**
 * The spec's error catalogue in one place: codes from the API (contracts/errors.ts shape) map to the
 * texts customers see. A server-supplied message takes precedence where the spec says so.
 */
import { ApiRequestError } from './api.ts';
import { AccountMessages, PartialSuccessMessages } from '../../contracts/account-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';

/** The generic failure text (contracts/errors.ts: written once, shared with the server's catalogue). */
export const GENERIC_ERROR = GENERIC_ERROR_MESSAGE;

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
  /** a member's favorites and previous stores are listed within 50 miles only: theirs may be elsewhere */
  noFavoriteStoresHere: 'None of your favorite stores are in this area.',
  noPreviousStoresHere: "You haven't ordered from a store in this area yet.",
  favoriteSignIn: 'You must sign in to add this store to your favorites.',
  favoriteFailed: "We couldn't update your favorite stores. Please try again.",
  unavailableStore: 'This store is not accepting mobile orders right now. Choose another store.',
  accountRequired: 'This store needs an account to order ahead. Sign in or create an account to order here.',
  notFoundTitle: 'Store not found',
  placeNotFoundTitle: 'Place not found',
  zoomedOutTitle: 'Zoomed out too far',
  searchOrZoomTitle: 'Find a store near you',
  geolocationTitle: 'Location unavailable',
  genericTitle: "Stores didn't load",
  lookingForNearest: 'Looking for the nearest store…',
  nearestTitle: 'Nearest store',
  nearestNotFound: 'There are no stores anywhere near this area.',
  favoriteSignInTitle: 'Sign in to save favorites',
  noOrderingHere: 'Mobile ordering unavailable',
  orderingNotReady: 'Mobile ordering is not available at this store yet',
  orderingUnavailable: 'Mobile ordering is unavailable at this store',
  orderingAccountRequired: 'Account required: this store has no guest ordering',
  accountRequiredTitle: 'Account required',
  storeUnavailableTitle: 'Store unavailable',
  /** the details overlay could not fetch the whole store (GET /stores/:storeNumber) */
  detailsFailed: "We couldn't load this store's details. Please try again.",
  loadingDetails: 'Loading store details…',
  storeUnavailableForGuests: "This store isn't taking mobile orders right now. Choose another store, or sign in or create an account to order.",
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

/**
 * Accounts and session (spec 2 sections 2, 5, 8 "Account and session"): the client's one place for these texts.
 * The validation and server texts come from the contract (shared with the server); page texts and flow toasts
 * are added here. Machines name toasts by key (machines/account-flow.ts NotifyParams); views read the texts.
 */
export const accountMessages = {
  ...AccountMessages,
  generic: GENERIC_ERROR,
  codeResent: 'We sent a new code. It expires in 10 minutes.',
  passwordJustConfirmed: 'You confirmed your password a moment ago, so you only need to choose a new one.',
  forgotPasswordSuccess: "Thanks - if you have an account, we've sent you an email.",
  resetSuccess: 'Your password has been updated',
  resetLinkExpiredTitle: AccountMessages.resetLinkExpired,
  resetLinkExpiredBody: "If you'd still like to reset your password, we can send you another link.",
  partialSuccessHeading: 'Your account has been created, however there was an error with your card.',
  ...PartialSuccessMessages,
  passwordChanged: 'Your password has been updated',
  emailChanged: 'Your email address has been updated.',
  mfaPhoneSaved: 'Your 2-step verification phone number has been saved.',
  mfaPhoneRemoved: '2-step verification is turned off.',
  mfaPhoneRemoveFailed: "We couldn't turn off 2-step verification. Please try again.",
  preferenceSaved: 'Your communication preferences have been saved.',
  preferenceSaveFailed: "We couldn't save that preference. Please try again.",
  personalDetailsSaved: 'Your personal details have been saved.',
  partnerNumberSaved: 'Your partner number has been saved.',
  partnerNumberRemoved: 'Your partner number has been removed.',
  sessionEnded: 'Signed out of that device.',
  otherSessionsEnded: 'Signed out of all other devices.',
  forgotUsername: 'Your username is the email address you used to create your account.',
  // issue 11 (docs/consent.md): connected apps and the privacy opt-out (texts not shown in the spec)
  appRevoked: 'Access removed. That app can no longer reach your account.',
  appRevokeFailed: "We couldn't remove that app's access. Please try again.",
  privacyOptOutSaved: 'Saved: we will not sell or share your personal information.',
  privacyOptInSaved: 'Saved: your choice was withdrawn.',
  privacySaveFailed: "We couldn't save your privacy choice. Please try again.",
} as const;
export type AccountMessageKey = keyof typeof accountMessages;

/** The text of an account message key; unknown keys are shown as they are. */
export function accountMessage(key: string): string {
  return (accountMessages as Record<string, string>)[key] ?? key;
}

/** Fallbacks by API code when the server sends no message (server messages take precedence: messageForError). */
export const accountCodeMessages: Record<string, string> = {
  INVALID_CREDENTIALS: AccountMessages.invalidCredentials,
  INVALID_CODE: AccountMessages.invalidCode,
  CODE_EXPIRED: AccountMessages.codeExpired,
  RATE_LIMITED: AccountMessages.rateLimited,
  MFA_CHALLENGE_REQUIRED: AccountMessages.mfaChallenge,
  SSO_TOKEN_INVALID: AccountMessages.ssoFailed,
  RESET_TOKEN_EXPIRED: AccountMessages.resetLinkExpired,
  EMAIL_NOT_AVAILABLE: AccountMessages.emailNotAvailable,
  CURRENT_PASSWORD_INVALID: AccountMessages.currentPasswordInvalid,
  REAUTH_REQUIRED: AccountMessages.reauthRequired,
  REPUTATION_REJECTED: AccountMessages.createFailed,
  '111084': AccountMessages.passwordReused,
  '111011': AccountMessages.addPassword,
  '111022': AccountMessages.passwordTooShort,
  UNEXPECTED_ERROR: GENERIC_ERROR,
};
