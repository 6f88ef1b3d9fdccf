import { AccountErrorCodes, AccountMessages } from '../../contracts/account.ts';
import { ApiError } from '../http/errors.ts';

/** Errors shared by the sign-in, recovery and settings routes (codes: contracts/account.ts). */
export function codeError(reason: 'invalid' | 'expired'): ApiError {
  return reason === 'invalid'
    ? new ApiError(400, AccountErrorCodes.invalidCode, AccountMessages.invalidCode, { field: 'code', error: AccountErrorCodes.invalidCode, messageId: 'invalid-code' })
    : new ApiError(410, AccountErrorCodes.codeExpired, AccountMessages.codeExpired, { field: 'code', error: AccountErrorCodes.codeExpired, messageId: 'code-expired' });
}

export function passwordError(p: { code: string; messageId: string; message: string }, field: string): ApiError {
  return new ApiError(400, p.code, p.message, { field, messageId: p.messageId });
}

export const reuseError = (field: string) =>
  new ApiError(400, AccountErrorCodes.passwordReused, AccountMessages.passwordReused, { field, messageId: 'password-reused' });
