import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';
import { PhoneNumber, required } from './account-fields.ts';

/** Two-step verification settings (contracts/account.ts re-exports them). */

/**
 * MFA settings (404 NOT_FOUND when config universal.enableMfaFeatures is off):
 * GET  /account/settings/mfa → MfaStatus (no re-auth needed);
 * POST /account/settings/mfa/reauth { password } → MfaReauthResponse: without an MFA phone the session is
 *      verified now; with one an SMS code is sent and POST /account/settings/mfa/reauth/verify { code } → MfaStatus
 *      completes it. 400 CURRENT_PASSWORD_INVALID (field password), 429.
 * The following need session.mfaVerifiedAt within 15 minutes, else 403 REAUTH_REQUIRED:
 * POST   /account/settings/mfa/phone { phoneNumber } → 200 { pendingPhoneNumber } (masked): SMS code to that phone;
 * POST   /account/settings/mfa/phone/verify { code } → MfaStatus (phone added or replaced);
 * DELETE /account/settings/mfa/phone → MfaStatus (removed).
 */
export const MfaStatus = v.object({
  enabled: v.boolean(),
  /** masked '•••-•••-1234' */
  phoneNumber: v.nullable(v.string()),
  mfaVerifiedAt: v.nullable(v.string()),
  /** when the current re-authentication stops counting (ISO), null when there is none */
  reauthValidUntil: v.nullable(v.string()),
});
export type MfaStatus = v.InferOutput<typeof MfaStatus>;
export const MfaReauthRequest = v.object({ password: required(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024))) });
export const MfaReauthResponse = v.object({
  status: v.picklist(['verified', 'code-sent']),
  /** masked phone the code went to, when status is code-sent */
  phoneNumber: v.nullable(v.string()),
  mfaVerifiedAt: v.nullable(v.string()),
});
export type MfaReauthResponse = v.InferOutput<typeof MfaReauthResponse>;
export const MfaPhoneRequest = v.object({ phoneNumber: required(PhoneNumber) });
export type MfaPhoneRequest = v.InferInput<typeof MfaPhoneRequest>;
export const MfaPhonePendingResponse = v.object({ pendingPhoneNumber: v.string() });

/** '2065550123' → '•••-•••-0123' */
export const maskPhone = (digits: string) => `•••-•••-${digits.slice(-4)}`;
