/**
 * The real actors the account machines are provided with, one factory per flow (docs/machines.md): each receives
 * its request as `input` (the invoking state's named input mapper built it) and sends it with the account API client
 * (src/services/account.api.ts). Sign-in, MFA, SSO, sign-out and account creation refresh the session query, so
 * guards and the app shell see the new state before the redirect.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import type {
  CommunicationPreferences as CommunicationPreferencesT,
  CreateAccountResponse as CreateAccountResponseT,
  EmailStatus as EmailStatusT,
  MfaReauthResponse as MfaReauthResponseT,
  MfaStatus as MfaStatusT,
  PartnerNumber as PartnerNumberT,
  Profile as ProfileT,
  SignInMfaResendResponse,
  SignInResponse as SignInResponseT,
  SsoSignInResponse as SsoSignInResponseT,
} from '../../contracts/account.ts';
import type { ResendCodeInput, SignInRequestInput, VerifyCodeInput } from '../../machines/sign-in.machine.ts';
import type { SsoInput } from '../../machines/sso.machine.ts';
import type { SignOutInput } from '../../machines/sign-out.machine.ts';
import type { CreateAccountPayload } from '../../machines/create-account.machine.ts';
import type { ChangePasswordValues } from '../../machines/change-password.machine.ts';
import type { ChangeEmailValues } from '../../machines/change-email.machine.ts';
import type { SavePreferenceRequest } from '../../machines/communication-preferences.machine.ts';
import type { ProfilePatchInput } from '../../machines/personal-details.machine.ts';
import { accountApi } from './account.api.ts';
import { profileQuery } from './account.queries.ts';
import { refreshSession } from './session.ts';
import { ssoOnce } from './sso-once.ts';

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
    resendCode: fromPromise<SignInMfaResendResponse, ResendCodeInput>(({ input }) => accountApi.signInMfaResend(input)),
    /**
     * Spec 4: after sign-in, sign in to the payment service (a failure is ignored). This deployment has no
     * separate payment service session: the sandbox processor (server) works from the app session.
     */
    paymentSignIn: fromPromise<unknown, void>(async () => undefined),
  };
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
    /** the profile through its one queryOptions (the cache /account/profile reads and the route prefetches); the machine owns retries */
    loadProfile: fromPromise<ProfileT, void>(async () => queryClient.fetchQuery({ ...profileQuery, retry: false })),
    saveProfile: fromPromise<ProfileT, ProfilePatchInput>(async ({ input }) => {
      const out = await accountApi.updateProfile(input);
      queryClient.setQueryData(profileQuery.queryKey, out);
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
