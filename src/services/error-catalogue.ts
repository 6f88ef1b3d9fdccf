/**
 * The spec's error catalogue in one place: codes from the API (contracts/errors.ts shape) map to the
 * texts customers see. A server-supplied message takes precedence where the spec says so.
 */
import { AccountMessages, PartialSuccessMessages } from '../../contracts/account-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';

// The one function from a failure to its text (errorText) and the account's texts by API code live with the error path
// (src/services/flow-error.ts), so the pages that only map errors do not load the page texts below
// (docs/architecture.md#performance).
export { errorText, accountCodeMessages } from './flow-error.ts';

/** The generic failure text (contracts/errors.ts: written once, shared with the server's catalogue). */
export const GENERIC_ERROR = GENERIC_ERROR_MESSAGE;

// Each area's texts are their own module, so a page loads only its own (docs/architecture.md, Performance).
export { locatorMessages } from './locator-messages.ts';

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
