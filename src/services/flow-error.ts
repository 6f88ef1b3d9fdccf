/**
 * The account flows' error mapper: an API failure as the machines read it, with the catalogue's text. The catalogue's
 * part for failures (`messageForError`, `accountCodeMessages`) is here, not in error-catalogue.ts (which re-exports
 * it), so a page that only maps errors does not load the catalogue's page texts (docs/architecture.md#performance).
 */
import { asFlowError, type FlowError } from '../../machines/flow.ts';
import { ApiRequestError } from './api.ts';
import { AccountMessages } from '../../contracts/account-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';

const GENERIC_ERROR = GENERIC_ERROR_MESSAGE;

/** An API failure as the machines read it: status, code, catalogue message, messageId, field and the body. */
export function toFlowError(e: unknown): FlowError {
  // the one normaliser (machines/flow.ts) reads status, code, messageId, field and body (of an API failure only);
  // the text is the catalogue's
  return { ...asFlowError(e instanceof ApiRequestError ? e : undefined), message: messageForError(e, accountCodeMessages) };
}

/**
 * An API failure as the machines read it, keeping the server's own text (the cards flows, whose texts come with
 * the code); anything that is not an API failure (a network error) is the generic failure.
 */
export function toServerFlowError(e: unknown): FlowError {
  const fromApi = e instanceof ApiRequestError || (!!e && typeof e === 'object' && 'code' in e && 'status' in e);
  return asFlowError(fromApi ? e : undefined);
}

/** `call(request)`: awaits an API request; a failure (an abort excepted) is rethrown as `toError(failure)`. */
export function callRethrowing(toError: (e: unknown) => FlowError) {
  return async function call<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw toError(e);
    }
  };
}

/** `call(request)` for the account, privacy and consent requests: a failure is rethrown as `toFlowError` maps it. */
export const callWithFlowError = callRethrowing(toFlowError);

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
