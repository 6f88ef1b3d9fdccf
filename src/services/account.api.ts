/**
 * The account API client: one function per endpoint of spec 2 (REST under /apiproxy/v1/account), each validated
 * with its contract schema. Every failure rejects with a FlowError (machines/flow.ts) whose message comes from the
 * error catalogue (src/services/flow-error.ts). Used by the account actors and by route loaders (account.queries.ts).
 */
import {
  ChangeEmailResponse,
  CommunicationPreferences,
  CreateAccountResponse,
  EmailStatus,
  MfaPhonePendingResponse,
  MfaReauthResponse,
  MfaStatus,
  OkResponse,
  SignInMfaResendResponse,
  SignInResponse,
  SignOutResponse,
  SsoSignInResponse,
} from '../../contracts/account.ts';
import type { ResendCodeInput, SignInRequestInput, VerifyCodeInput } from '../../machines/sign-in.machine.ts';
import type { SsoInput } from '../../machines/sso.machine.ts';
import type { SignOutInput } from '../../machines/sign-out.machine.ts';
import type { CreateAccountPayload } from '../../machines/create-account.machine.ts';
import type { ChangePasswordValues } from '../../machines/change-password.machine.ts';
import type { ChangeEmailValues } from '../../machines/change-email.machine.ts';
import type { SavePreferenceRequest } from '../../machines/communication-preferences.machine.ts';
import type { ProfilePatchInput } from '../../machines/personal-details.machine.ts';
import { api } from './api.ts';
import { callRethrowing, toFlowError } from './flow-error.ts';
import { accountReads } from './account.queries.ts';
import { PartnerNumber, Profile } from '../../contracts/account-reads.ts';

const call = callRethrowing(toFlowError);

/** Device data sent as the spec's `reputation` (recorded by the server, never echoed). */
export function reputation(): Record<string, string> {
  if (typeof navigator === 'undefined') return {};
  return {
    userAgent: navigator.userAgent.slice(0, 200),
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  };
}

const A = '/account';

export const accountApi = {
  signIn: (input: SignInRequestInput) =>
    call(
      api.post(`${A}/signin`, {
        username: input.username,
        password: input.password,
        rememberMe: input.rememberMe,
        market: 'US',
        transactionSubType: 'signin',
        reputation: reputation(),
        ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
      }, { schema: SignInResponse }),
    ),
  signInMfa: (input: VerifyCodeInput) => call(api.post(`${A}/signin/mfa`, { challengeId: input.challengeId, code: input.code }, { schema: SignInResponse })),
  signInMfaResend: (input: ResendCodeInput) => call(api.post(`${A}/signin/mfa/resend`, { challengeId: input.challengeId }, { schema: SignInMfaResendResponse })),
  ssoSignIn: (input: SsoInput) =>
    call(api.post(`${A}/signin/sso/${encodeURIComponent(input.token)}`, { reputation: reputation() }, { schema: SsoSignInResponse, query: { returnUrl: input.returnUrl } })),
  signOut: (input: SignOutInput) => call(api.post(`${A}/signout`, input.returnUrl ? { returnUrl: input.returnUrl } : {}, { schema: SignOutResponse })),
  forgotPassword: (emailAddress: string) => call(api.post(`${A}/forgot-password`, { emailAddress, userName: emailAddress }, { schema: OkResponse })),
  resetTokenStatus: accountReads.resetTokenStatus,
  resetPassword: (input: { token: string; newPassword: string }) => call(api.post(`${A}/reset-password`, input, { schema: OkResponse })),
  createAccount: (payload: CreateAccountPayload) => call(api.post(`${A}/create`, { ...payload, reputation: reputation() }, { schema: CreateAccountResponse })),
  profile: accountReads.profile,
  updateProfile: (patch: ProfilePatchInput) => call(api.patch(`${A}/profile`, patch, { schema: Profile })),
  partnerNumber: accountReads.partnerNumber,
  savePartnerNumber: (partnerNumber: string | null) => call(api.put(`${A}/partner-number`, { partnerNumber }, { schema: PartnerNumber })),
  communicationPreferences: () => call(api.get(`${A}/communication-preferences`, { schema: CommunicationPreferences })),
  saveCommunicationPreference: (input: SavePreferenceRequest) =>
    call(api.put(`${A}/communication-preferences`, { [input.key]: input.value }, { schema: CommunicationPreferences })),
  changePassword: (input: ChangePasswordValues) => call(api.post(`${A}/settings/password`, input, { schema: OkResponse })),
  emailStatus: () => call(api.get(`${A}/settings/email`, { schema: EmailStatus })),
  requestEmailChange: (input: ChangeEmailValues) => call(api.post(`${A}/settings/email`, input, { schema: ChangeEmailResponse })),
  verifyEmailChange: (input: { code: string }) => call(api.post(`${A}/settings/email/verify`, input, { schema: EmailStatus })),
  mfaStatus: () => call(api.get(`${A}/settings/mfa`, { schema: MfaStatus })),
  mfaReauth: (input: { password: string }) => call(api.post(`${A}/settings/mfa/reauth`, input, { schema: MfaReauthResponse })),
  mfaReauthVerify: (input: { code: string }) => call(api.post(`${A}/settings/mfa/reauth/verify`, input, { schema: MfaStatus })),
  mfaSendPhoneCode: (input: { phoneNumber: string }) => call(api.post(`${A}/settings/mfa/phone`, input, { schema: MfaPhonePendingResponse })),
  mfaVerifyPhoneCode: (input: { code: string }) => call(api.post(`${A}/settings/mfa/phone/verify`, input, { schema: MfaStatus })),
  mfaRemovePhone: () => call(api.del(`${A}/settings/mfa/phone`, { schema: MfaStatus })),
};
