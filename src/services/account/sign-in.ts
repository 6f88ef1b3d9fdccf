/**
 * Sign-in and its second step (spec 2 section 2): the requests and the actors of machines/sign-in.machine.ts. Sign-in
 * and the code refresh the session query, so guards and the app shell see the new state before the redirect.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { SignInMfaResendResponse, SignInResponse } from '../../../contracts/account-signin.ts';
import type { ResendCodeInput, SignInRequestInput, VerifyCodeInput } from '../../../machines/sign-in.machine.ts';
import { api } from '../api.ts';
import { refreshSession } from '../session.ts';
import { callWithFlowError as call } from '../flow-error.ts';
import { reputation } from './reputation.ts';

const A = '/account';

export const signInApi = {
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
};

export function signInActors(queryClient: QueryClient) {
  return {
    signIn: fromPromise<SignInResponse, SignInRequestInput>(async ({ input }) => {
      const out = await signInApi.signIn(input);
      await refreshSession(queryClient);
      return out;
    }),
    verifyCode: fromPromise<SignInResponse, VerifyCodeInput>(async ({ input }) => {
      const out = await signInApi.signInMfa(input);
      await refreshSession(queryClient);
      return out;
    }),
    resendCode: fromPromise<SignInMfaResendResponse, ResendCodeInput>(({ input }) => signInApi.signInMfaResend(input)),
    /**
     * Spec 4: after sign-in, sign in to the payment service (a failure is ignored). This deployment has no
     * separate payment service session: the sandbox processor (server) works from the app session.
     */
    paymentSignIn: fromPromise<unknown, void>(async () => undefined),
  };
}
