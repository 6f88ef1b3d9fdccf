import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';
import { EmailAddress, OneTimeCode, required } from './account-fields.ts';

/** Changing the e-mail address in the settings (contracts/account.ts re-exports them). */

/**
 * POST /account/settings/email → 200 { proposedNewEmail }: a 6-digit code went to the new address (outbox).
 * Errors: 400 CURRENT_PASSWORD_INVALID (field password), 400 EMAIL_NOT_AVAILABLE (field newEmail), 429.
 * GET /account/settings/email → EmailStatus.
 * POST /account/settings/email/verify { code } → 200 EmailStatus (email changed, proposedNewEmail null);
 * 400 INVALID_CODE, 410 CODE_EXPIRED, 400 EMAIL_NOT_AVAILABLE (taken meanwhile).
 */
export const ChangeEmailRequest = v.object({
  newEmail: required(EmailAddress),
  password: required(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024))),
});
export type ChangeEmailRequest = v.InferInput<typeof ChangeEmailRequest>;
export const ChangeEmailResponse = v.object({ proposedNewEmail: v.string() });
export const EmailStatus = v.object({ email: v.string(), proposedNewEmail: v.nullable(v.string()) });
export type EmailStatus = v.InferOutput<typeof EmailStatus>;
export const VerifyCodeRequest = v.object({ code: required(OneTimeCode) });
export type VerifyCodeRequest = v.InferInput<typeof VerifyCodeRequest>;
