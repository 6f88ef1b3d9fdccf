/**
 * The real actors the account machines are provided with (design.md section 2): requests over the API client
 * with the contract's schemas. Every failure rejects with a FlowError (machines/account-flow.ts) whose message
 * comes from the error catalogue (server message first). Sign-in, MFA, SSO, sign-out and account creation
 * refresh the session query, so guards and the app shell see the new state before the redirect.
 *
 * Each actor is invoked without an input mapper and reads its request, as its first step, from the invoking
 * machine's context with that machine's pure builder: `xRequest(parentContext(self))` (docs/machines.md).
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import {
  ChangeEmailResponse,
  type CommunicationPreferences as CommunicationPreferencesT,
  type EmailStatus as EmailStatusT,
  type MfaReauthResponse as MfaReauthResponseT,
  type MfaStatus as MfaStatusT,
  type PartnerNumber as PartnerNumberT,
  type Profile as ProfileT,
  type SignInResponse as SignInResponseT,
  type SsoSignInResponse as SsoSignInResponseT,
  type CreateAccountResponse as CreateAccountResponseT,
  CommunicationPreferences,
  CreateAccountResponse,
  EmailStatus,
  MfaPhonePendingResponse,
  MfaReauthResponse,
  MfaStatus,
  OkResponse,
  PartnerNumber,
  Profile,
  ResetTokenStatusResponse,
  SignInResponse,
  SignOutResponse,
  SsoSignInResponse,
} from '../../contracts/account.ts';
import type { FlowError } from '../../machines/account-flow.ts';
import { signInRequest, verifyCodeRequest, type SignInContext, type SignInRequestInput, type VerifyCodeInput } from '../../machines/sign-in.machine.ts';
import { ssoSignInRequest, type SsoContext, type SsoInput } from '../../machines/sso.machine.ts';
import { signOutRequest, type SignOutContext, type SignOutInput } from '../../machines/sign-out.machine.ts';
import { createAccountRequest, type CreateAccountContext, type CreateAccountPayload } from '../../machines/create-account.machine.ts';
import { changePasswordRequest, type ChangePasswordContext, type ChangePasswordValues } from '../../machines/change-password.machine.ts';
import { requestEmailChangeRequest, verifyEmailChangeRequest, type ChangeEmailContext, type ChangeEmailValues } from '../../machines/change-email.machine.ts';
import {
  savePreferenceRequest,
  type CommunicationPreferencesContext,
  type SavePreferenceInput,
  type SavePreferenceRequest,
} from '../../machines/communication-preferences.machine.ts';
import { saveProfileRequest, type PersonalDetailsContext, type ProfilePatchInput } from '../../machines/personal-details.machine.ts';
import { savePartnerNumberRequest, type PartnerNumberContext } from '../../machines/partner-number.machine.ts';
import { parentContext } from '../../machines/actor-request.ts';
import { checkCodeRequest, checkPasswordRequest, type ReauthContext } from '../../machines/reauth.machine.ts';
import { sendPhoneCodeRequest, verifyPhoneCodeRequest, type MfaPhoneContext } from '../../machines/mfa-phone.machine.ts';
import { sendResetLinkRequest, type ForgotPasswordContext } from '../../machines/forgot-password.machine.ts';
import { resetPasswordRequest, type ResetPasswordContext } from '../../machines/reset-password.machine.ts';
import { api, ApiRequestError } from './api.ts';
import { accountCodeMessages, messageForError } from './error-catalogue.ts';
import { refreshSession } from './session.ts';

/** An API failure as the machines read it: status, code, catalogue message, messageId, field and the body. */
export function toFlowError(e: unknown): FlowError {
  if (e instanceof ApiRequestError) {
    const messageId = typeof e.body.messageId === 'string' ? e.body.messageId : undefined;
    return {
      status: e.status,
      code: e.code,
      message: messageForError(e, accountCodeMessages),
      ...(messageId ? { messageId } : {}),
      ...(e.field ? { field: e.field } : {}),
      body: e.body,
    };
  }
  return { status: 0, code: 'UNEXPECTED_ERROR', message: messageForError(e), body: {} };
}

async function call<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw toFlowError(e);
  }
}

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

// ---- requests (also used by route loaders) --------------------------------------------------------------------

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
  ssoSignIn: (input: SsoInput) =>
    call(api.post(`${A}/signin/sso/${encodeURIComponent(input.token)}`, { reputation: reputation() }, { schema: SsoSignInResponse, query: { returnUrl: input.returnUrl } })),
  signOut: (input: SignOutInput) => call(api.post(`${A}/signout`, input.returnUrl ? { returnUrl: input.returnUrl } : {}, { schema: SignOutResponse })),
  forgotPassword: (emailAddress: string) => call(api.post(`${A}/forgot-password`, { emailAddress, userName: emailAddress }, { schema: OkResponse })),
  resetTokenStatus: (token: string) => call(api.get(`${A}/reset-password/${encodeURIComponent(token)}/status`, { schema: ResetTokenStatusResponse })),
  resetPassword: (input: { token: string; newPassword: string }) => call(api.post(`${A}/reset-password`, input, { schema: OkResponse })),
  createAccount: (payload: CreateAccountPayload) => call(api.post(`${A}/create`, { ...payload, reputation: reputation() }, { schema: CreateAccountResponse })),
  profile: () => call(api.get(`${A}/profile`, { schema: Profile })),
  updateProfile: (patch: ProfilePatchInput) => call(api.patch(`${A}/profile`, patch, { schema: Profile })),
  partnerNumber: () => call(api.get(`${A}/partner-number`, { schema: PartnerNumber })),
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

// ---- actors per machine ---------------------------------------------------------------------------------------

export function signInActors(queryClient: QueryClient) {
  return {
    signIn: fromPromise<SignInResponseT>(async ({ self }) => {
      const out = await accountApi.signIn(signInRequest(parentContext<SignInContext>(self)));
      await refreshSession(queryClient);
      return out;
    }),
    verifyCode: fromPromise<SignInResponseT>(async ({ self }) => {
      const out = await accountApi.signInMfa(verifyCodeRequest(parentContext<SignInContext>(self)));
      await refreshSession(queryClient);
      return out;
    }),
    /**
     * Spec 4: after sign-in, sign in to the payment service (a failure is ignored). This deployment has no
     * separate payment service session: the sandbox processor (server) works from the app session.
     */
    paymentSignIn: fromPromise<unknown, void>(async () => undefined),
  };
}

/**
 * SSO tokens are single use. React's strict mode (development) remounts the page, and the remounted machine
 * restarts its request: the same token shares one request, so the second start does not spend it again.
 */
const ssoInFlight = new Map<string, Promise<SsoSignInResponseT>>();
function ssoOnce(input: SsoInput): Promise<SsoSignInResponseT> {
  let p = ssoInFlight.get(input.token);
  if (!p) {
    p = accountApi.ssoSignIn(input);
    ssoInFlight.set(input.token, p);
    const forget = () => setTimeout(() => ssoInFlight.delete(input.token), 10_000);
    p.then(forget, forget);
  }
  return p;
}

export function ssoActors(queryClient: QueryClient) {
  return {
    ssoSignIn: fromPromise<SsoSignInResponseT>(async ({ self }) => {
      const out = await ssoOnce(ssoSignInRequest(parentContext<SsoContext>(self)));
      await refreshSession(queryClient);
      return out;
    }),
  };
}

export function signOutActors(queryClient: QueryClient) {
  return {
    signOut: fromPromise<{ returnUrl: string }>(async ({ self }) => {
      const request = signOutRequest(parentContext<SignOutContext>(self));
      try {
        return await accountApi.signOut(request);
      } finally {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'account' });
        await refreshSession(queryClient);
      }
    }),
  };
}

export function forgotPasswordActors() {
  return {
    sendResetLink: fromPromise<unknown>(async ({ self }) => accountApi.forgotPassword(sendResetLinkRequest(parentContext<ForgotPasswordContext>(self)).emailAddress)),
  };
}

export function resetPasswordActors() {
  return { resetPassword: fromPromise<unknown>(async ({ self }) => accountApi.resetPassword(resetPasswordRequest(parentContext<ResetPasswordContext>(self)))) };
}

export function createAccountActors(queryClient: QueryClient) {
  return {
    createAccount: fromPromise<CreateAccountResponseT>(async ({ self }) => accountApi.createAccount(createAccountRequest(parentContext<CreateAccountContext>(self)))),
    refreshSession: fromPromise<unknown, void>(async () => {
      await refreshSession(queryClient);
    }),
  };
}

export function changePasswordActors() {
  return { changePassword: fromPromise<unknown>(async ({ self }) => accountApi.changePassword(changePasswordRequest(parentContext<ChangePasswordContext>(self)))) };
}

export function changeEmailActors(queryClient: QueryClient) {
  return {
    loadEmailStatus: fromPromise<EmailStatusT, void>(async () => accountApi.emailStatus()),
    requestEmailChange: fromPromise<{ proposedNewEmail: string }>(async ({ self }) =>
      accountApi.requestEmailChange(requestEmailChangeRequest(parentContext<ChangeEmailContext>(self))),
    ),
    verifyEmailChange: fromPromise<EmailStatusT>(async ({ self }) => {
      const out = await accountApi.verifyEmailChange(verifyEmailChangeRequest(parentContext<ChangeEmailContext>(self)));
      await refreshSession(queryClient);
      return out;
    }),
  };
}

export function reauthActors() {
  return {
    checkPassword: fromPromise<MfaReauthResponseT>(async ({ self }) => accountApi.mfaReauth(checkPasswordRequest(parentContext<ReauthContext>(self)))),
    checkCode: fromPromise<MfaStatusT>(async ({ self }) => accountApi.mfaReauthVerify(checkCodeRequest(parentContext<ReauthContext>(self)))),
  };
}

export function mfaSettingsActors() {
  return {
    loadMfaStatus: fromPromise<MfaStatusT, void>(async () => accountApi.mfaStatus()),
    removePhone: fromPromise<MfaStatusT, void>(async () => accountApi.mfaRemovePhone()),
  };
}

export function mfaPhoneActors() {
  return {
    sendPhoneCode: fromPromise<{ pendingPhoneNumber: string }>(async ({ self }) => accountApi.mfaSendPhoneCode(sendPhoneCodeRequest(parentContext<MfaPhoneContext>(self)))),
    verifyPhoneCode: fromPromise<MfaStatusT>(async ({ self }) => accountApi.mfaVerifyPhoneCode(verifyPhoneCodeRequest(parentContext<MfaPhoneContext>(self)))),
  };
}

export function communicationPreferencesActors() {
  return {
    loadPreferences: fromPromise<CommunicationPreferencesT, void>(async () => accountApi.communicationPreferences()),
    savePreference: fromPromise<CommunicationPreferencesT, SavePreferenceInput>(async ({ self, input }) =>
      accountApi.saveCommunicationPreference(savePreferenceRequest(parentContext<CommunicationPreferencesContext>(self), input)),
    ),
  };
}

export function personalDetailsActors(queryClient: QueryClient) {
  return {
    loadProfile: fromPromise<ProfileT, void>(async () => accountApi.profile()),
    saveProfile: fromPromise<ProfileT>(async ({ self }) => {
      const out = await accountApi.updateProfile(saveProfileRequest(parentContext<PersonalDetailsContext>(self)));
      queryClient.setQueryData(['account', 'profile'], out);
      await refreshSession(queryClient);
      return out;
    }),
  };
}

export function partnerNumberActors() {
  return {
    loadPartnerNumber: fromPromise<PartnerNumberT, void>(async () => accountApi.partnerNumber()),
    savePartnerNumber: fromPromise<PartnerNumberT>(async ({ self }) =>
      accountApi.savePartnerNumber(savePartnerNumberRequest(parentContext<PartnerNumberContext>(self)).partnerNumber),
    ),
  };
}
