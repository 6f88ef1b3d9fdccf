import * as v from 'valibot';
import { EmailAddress, required } from './account-fields.ts';

/** Password recovery (spec 2 "Password recovery"; contracts/account.ts re-exports them). */

/**
 * POST /account/forgot-password → always 200 { ok: true } (whether or not the account exists; at most 3 emails
 * per address per hour are sent, silently). 429 RATE_LIMITED after 20 requests per hour from one IP.
 * The email links to /account/reset-password/<token> (1 hour, single use, earlier links stop working).
 */
export const ForgotPasswordRequest = v.object({
  emailAddress: required(EmailAddress),
  /** defaults to the email; when given it must be the same address (there are no separate usernames) */
  userName: v.optional(v.pipe(v.string(), v.maxLength(254))),
});
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequest>;

export const ResetToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));


/**
 * POST /account/reset-password → 200 { ok: true }; every session of the user ends. Errors (field 'newPassword'):
 * 400 '111011' Add password; 400 '111022' policy (messageId password-too-short | password-too-long |
 * password-too-common | password-equals-email); 400 '111084' reuse; 410 'RESET_TOKEN_EXPIRED'.
 * Any other code: show 'Password reset failed'.
 */
export const ResetPasswordRequest = v.object({
  newPassword: v.optional(v.string(), ''),
  token: v.pipe(v.string(), v.maxLength(100)),
});
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequest>;
