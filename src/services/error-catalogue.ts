/**
 * The spec's error catalogue in one place: codes from the API (contracts/errors.ts shape) map to the
 * texts customers see. A server-supplied message takes precedence where the spec says so.
 */
import { ApiRequestError } from './api.ts';
import { AccountMessages, PartialSuccessMessages } from '../../contracts/account-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';

/** The generic failure text (contracts/errors.ts: written once, shared with the server's catalogue). */
export const GENERIC_ERROR = GENERIC_ERROR_MESSAGE;

// Each area's texts are their own module, so a page loads only its own (docs/architecture.md, Performance).
export { locatorMessages } from './locator-messages.ts';

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
