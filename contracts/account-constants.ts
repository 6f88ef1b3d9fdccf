/**
 * Account constants that route guards and route params need before any account page loads: kept apart from
 * contracts/account.ts (schemas, password strength) so the entry chunk does not carry those
 * (docs/architecture.md#performance); contracts/account.ts re-exports them.
 */
/** MFA settings need session.mfaVerifiedAt within this window */
export const REAUTH_WINDOW_MS = 15 * 60_000;
/** the `messageId`s of a partially successful account creation (/account/create/partial-success/:message) */
export const PARTIAL_SUCCESS_MESSAGE_IDS = ['card-information-error', 'card-state-error'] as const;
export type PartialSuccessMessageIdValue = (typeof PARTIAL_SUCCESS_MESSAGE_IDS)[number];
export const isPartialSuccessMessageId = (s: string): s is PartialSuccessMessageIdValue => (PARTIAL_SUCCESS_MESSAGE_IDS as readonly string[]).includes(s);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 50;
