/**
 * The client's one error path (issue 31, docs/architecture.md#errors): a failed request becomes the FlowError the
 * machines read, its text chosen by the one rule of `errorText` (machines/flow.ts, pure so machines share it; re-
 * exported here): the server's text for a 4xx when it sent one, else the area's catalogue (texts by API code),
 * else the generic text; always the generic text for 5xx and network failures.
 *
 * An area registers its catalogue by passing it: `const call = callWith(giftCodeMessages)` in its service module
 * (`src/services/<area>/<flow>.ts`), then `call(api.post(...))`; every failure (an abort excepted) is rethrown as
 * `toFlowError(failure, giftCodeMessages)`. The account's catalogue (`accountCodeMessages`) is here, not in
 * error-catalogue.ts (which re-exports it), so a page that only maps errors does not load the catalogue's page
 * texts (docs/architecture.md#performance).
 */
import { callWith, errorText, flowErrorWith, type CodeTexts, type FlowError } from '../../machines/flow.ts';
import { AccountMessages } from '../../contracts/account-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';

export { callWith, errorText, type CodeTexts };

/** The account's catalogue: texts by API code when the server sends none (server texts take precedence: errorText). */
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
  UNEXPECTED_ERROR: GENERIC_ERROR_MESSAGE,
};

/** A failure as the machines read it: status, code, messageId, field and body, and the text `errorText` gives. */
export function toFlowError(e: unknown, catalogue: CodeTexts = accountCodeMessages): FlowError {
  return flowErrorWith(e, catalogue);
}

/** `call(request)` for the account, privacy and consent requests (the account's catalogue). */
export const callWithFlowError = callWith(accountCodeMessages);
