/**
 * The real actors the account machines are provided with (design.md section 2): requests over the API client
 * with the contract's schemas. Every failure rejects with a FlowError (machines/account-flow.ts) whose message
 * comes from the error catalogue (server message first). Sign-in, MFA, SSO, sign-out and account creation
 * refresh the session query, so guards and the app shell see the new state before the redirect.
 *
 * Each actor receives its request as `input`: the invoking state's named input mapper, exported by the machine
 * file (`invoke: { src: 'signIn', input: signInRequest }`), built it from the machine's context (docs/machines.md).
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
import type { SignInRequestInput, VerifyCodeInput } from '../../machines/sign-in.machine.ts';
import type { SsoInput } from '../../machines/sso.machine.ts';
import type { SignOutInput } from '../../machines/sign-out.machine.ts';
import type { CreateAccountPayload } from '../../machines/create-account.machine.ts';
import type { ChangePasswordValues } from '../../machines/change-password.machine.ts';
import type { ChangeEmailValues } from '../../machines/change-email.machine.ts';
import type { SavePreferenceRequest } from '../../machines/communication-preferences.machine.ts';
import type { ProfilePatchInput } from '../../machines/personal-details.machine.ts';
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
    signIn: fromPromise<SignInResponseT, SignInRequestInput>(async ({ input }) => {
      const out = await accountApi.signIn(input);
      await refreshSession(queryClient);
      return out;
    }),
    verifyCode: fromPromise<SignInResponseT, VerifyCodeInput>(async ({ input }) => {
      const out = await accountApi.signInMfa(input);
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
    ssoSignIn: fromPromise<SsoSignInResponseT, SsoInput>(async ({ input }) => {
      const out = await ssoOnce(input);
      await refreshSession(queryClient);
      return out;
    }),
  };
}

export function signOutActors(queryClient: QueryClient) {
  return {
    signOut: fromPromise<{ returnUrl: string }, SignOutInput>(async ({ input }) => {
      try {
        return await accountApi.signOut(input);
      } finally {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'account' });
        await refreshSession(queryClient);
      }
    }),
  };
}

export function forgotPasswordActors() {
  return {
    sendResetLink: fromPromise<unknown, { emailAddress: string }>(async ({ input }) => accountApi.forgotPassword(input.emailAddress)),
  };
}

export function resetPasswordActors() {
  return { resetPassword: fromPromise<unknown, { token: string; newPassword: string }>(async ({ input }) => accountApi.resetPassword(input)) };
}

export function createAccountActors(queryClient: QueryClient) {
  return {
    createAccount: fromPromise<CreateAccountResponseT, CreateAccountPayload>(async ({ input }) => accountApi.createAccount(input)),
    refreshSession: fromPromise<unknown, void>(async () => {
      await refreshSession(queryClient);
    }),
  };
}

export function changePasswordActors() {
  return { changePassword: fromPromise<unknown, ChangePasswordValues>(async ({ input }) => accountApi.changePassword(input)) };
}

export function changeEmailActors(queryClient: QueryClient) {
  return {
    loadEmailStatus: fromPromise<EmailStatusT, void>(async () => accountApi.emailStatus()),
    requestEmailChange: fromPromise<{ proposedNewEmail: string }, ChangeEmailValues>(async ({ input }) => accountApi.requestEmailChange(input)),
    verifyEmailChange: fromPromise<EmailStatusT, { code: string }>(async ({ input }) => {
      const out = await accountApi.verifyEmailChange(input);
      await refreshSession(queryClient);
      return out;
    }),
  };
}

export function reauthActors() {
  return {
    checkPassword: fromPromise<MfaReauthResponseT, { password: string }>(async ({ input }) => accountApi.mfaReauth(input)),
    checkCode: fromPromise<MfaStatusT, { code: string }>(async ({ input }) => accountApi.mfaReauthVerify(input)),
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
    sendPhoneCode: fromPromise<{ pendingPhoneNumber: string }, { phoneNumber: string }>(async ({ input }) => accountApi.mfaSendPhoneCode(input)),
    verifyPhoneCode: fromPromise<MfaStatusT, { code: string }>(async ({ input }) => accountApi.mfaVerifyPhoneCode(input)),
  };
}

export function communicationPreferencesActors() {
  return {
    loadPreferences: fromPromise<CommunicationPreferencesT, void>(async () => accountApi.communicationPreferences()),
    savePreference: fromPromise<CommunicationPreferencesT, SavePreferenceRequest>(async ({ input }) => accountApi.saveCommunicationPreference(input)),
  };
}

export function personalDetailsActors(queryClient: QueryClient) {
  return {
    loadProfile: fromPromise<ProfileT, void>(async () => accountApi.profile()),
    saveProfile: fromPromise<ProfileT, ProfilePatchInput>(async ({ input }) => {
      const out = await accountApi.updateProfile(input);
      queryClient.setQueryData(['account', 'profile'], out);
      await refreshSession(queryClient);
      return out;
    }),
  };
}

export function partnerNumberActors() {
  return {
    loadPartnerNumber: fromPromise<PartnerNumberT, void>(async () => accountApi.partnerNumber()),
    savePartnerNumber: fromPromise<PartnerNumberT, { partnerNumber: string | null }>(async ({ input }) => accountApi.savePartnerNumber(input.partnerNumber)),
  };
}
