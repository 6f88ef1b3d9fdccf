import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { AccountErrorCodes, AccountMessages } from '../contracts/account-messages.ts';
import { OneTimeCode } from '../contracts/account-fields.ts';
import { SignInRequest, type MfaChallengeMethod, type SignInResponse, type SignInMfaResendResponse } from '../contracts/account-signin.ts';
import { GenericCodes } from '../contracts/errors.ts';
import { asFlowError, destinationOr, fieldErrorsOf, FOR_YOU, notProvided, type FieldErrors, type NotifyParams, inputOf } from './account-flow.ts';

/**
 * Sign-in (spec 2 section 4 "Sign-in", section 8 "Account and session"). Submit sets loading and records a
 * login-click; success records a success event, signs in to the payment service (its failure is ignored) and
 * redirects to the return URL or /account/for-you. The MFA challenge opens the enter-code overlay. Other errors
 * show the persistent 'Sign in unsuccessful.' notification, or an inline error when the server sends a messageId.
 */
export interface SignInInput {
  returnUrl: string | null;
}
export interface SignInCredentials {
  username: string;
  password: string;
  rememberMe: boolean;
}
export interface SignInContext {
  returnUrl: string | null;
  fieldErrors: FieldErrors;
  /** inline error from the server (messageId) or the rate limit */
  formError: string | null;
  challenge: { challengeId: string; methods: MfaChallengeMethod[] } | null;
  codeError: string | null;
  destination: string | null;
  /** what the user submitted, for the `signIn` request; forgotten when the request ends (it holds the password) */
  credentials: SignInCredentials | null;
  /** the code submitted, for the `verifyCode` request */
  code: string | null;
  /** set when a new code was sent (the overlay says so) */
  codeResent: boolean;
}
export type SignInEvent =
  | ({ type: 'user.submit' } & SignInCredentials)
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.cancelCode' }
  | { type: 'user.resendCode' }
  | DoneActorEvent<SignInMfaResendResponse, 'resendCode'>
  | ErrorActorEvent<unknown, 'resendCode'>
  | DoneActorEvent<SignInResponse, 'signIn'>
  | ErrorActorEvent<unknown, 'signIn'>
  | DoneActorEvent<SignInResponse, 'verifyCode'>
  | ErrorActorEvent<unknown, 'verifyCode'>
;

export type SignInRequestInput = SignInCredentials & { returnUrl: string | null };
export type VerifyCodeInput = { challengeId: string; code: string };
export type ResendCodeInput = { challengeId: string };

/** The request of the `resendCode` actor: the pending challenge. */
export function resendCodeRequest({ context }: { context: Pick<SignInContext, 'challenge'> }): ResendCodeInput {
  if (!context.challenge) throw new Error('resendCode: no challenge');
  return { challengeId: context.challenge.challengeId };
}

/** The request of the `signIn` actor (docs/machines.md): the submitted credentials and the return URL. */
export function signInRequest({ context }: { context: Pick<SignInContext, 'credentials' | 'returnUrl'> }): SignInRequestInput {
  if (!context.credentials) throw new Error('signIn: no credentials submitted');
  return { ...context.credentials, username: context.credentials.username.trim(), returnUrl: context.returnUrl };
}

/** The request of the `verifyCode` actor: the challenge answered and the submitted code. */
export function verifyCodeRequest({ context }: { context: Pick<SignInContext, 'challenge' | 'code'> }): VerifyCodeInput {
  if (context.code === null) throw new Error('verifyCode: no code submitted');
  return { challengeId: context.challenge?.challengeId ?? '', code: context.code.trim() };
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    signIn: fromPromise<SignInResponse, SignInRequestInput>(async () => notProvided('signIn')),
    verifyCode: fromPromise<SignInResponse, VerifyCodeInput>(async () => notProvided('verifyCode')),
    resendCode: fromPromise<SignInMfaResendResponse, ResendCodeInput>(async () => notProvided('resendCode')),
    paymentSignIn: fromPromise<unknown, void>(async () => notProvided('paymentSignIn')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return v.safeParse(SignInRequest, event).success;
    },
    isCodeWellFormed: ({ event }) => {
      assertEvent(event, 'user.submitCode');
      return v.safeParse(OneTimeCode, event.code).success;
    },
    isMfaChallenge: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.signIn');
      const e = asFlowError(event.error);
      return e.code === AccountErrorCodes.mfaChallengeRequired && Array.isArray(e.body.mfaChallengeMethods);
    },
    hasMessageId: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.signIn');
      return !!asFlowError(event.error).messageId;
    },
    isRateLimited: ({ event }) => {
      assertEvent(event, ['xstate.error.actor.signIn', 'xstate.error.actor.verifyCode']);
      return asFlowError(event.error).code === GenericCodes.rateLimited;
    },
    isInvalidCode: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verifyCode');
      return asFlowError(event.error).code === AccountErrorCodes.invalidCode;
    },
    /** too early or over the SMS limit (429), or the challenge has ended (410): the overlay says why */
    isResendRefused: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.resendCode');
      return [GenericCodes.rateLimited, AccountErrorCodes.codeExpired].includes(asFlowError(event.error).code as never);
    },
    isCodeExpired: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verifyCode');
      return asFlowError(event.error).code === AccountErrorCodes.codeExpired;
    },
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<SignInInput>(event)),
    /** analytics: the login click (spec 4: submit records a login-click event) */
    trackLoginClick: () => {},
    /** analytics: sign-in success */
    trackSignInSuccess: () => {},
    /** shows a notification through the root notifications actor (provided by the route) */
    notify: (_, _params: NotifyParams) => {},
    /** navigates to context.destination (provided by the route) */
    redirect: () => {},
    assignCredentials: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { credentials: { username: event.username, password: event.password, rememberMe: event.rememberMe } };
    }),
    forgetCredentials: assign({ credentials: null }),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'user.submitCode');
      return { code: event.code };
    }),
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const r = v.safeParse(SignInRequest, event);
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues), formError: null };
    }),
    clearErrors: assign({ fieldErrors: {}, formError: null, codeError: null, codeResent: false }),
    assignFormError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.signIn');
      return { formError: asFlowError(event.error).message };
    }),
    assignChallenge: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.signIn');
      const body = asFlowError(event.error).body;
      const methods = (body.mfaChallengeMethods as MfaChallengeMethod[]) ?? [];
      const challengeId = typeof body.challengeId === 'string' ? body.challengeId : (methods[0]?.id ?? '');
      return { challenge: { challengeId, methods }, codeError: null };
    }),
    clearChallenge: assign({ challenge: null, codeError: null, codeResent: false }),
    assignResentChallenge: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.resendCode');
      return { challenge: { challengeId: event.output.challengeId, methods: event.output.mfaChallengeMethods as MfaChallengeMethod[] }, codeError: null, codeResent: true };
    }),
    assignCodeFormatError: assign({ codeError: AccountMessages.invalidCode, codeResent: false }),
    assignCodeError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.resendCode', 'xstate.error.actor.verifyCode']);
      return { codeError: asFlowError(event.error).message };
    }),
    assignInvalidCodeError: assign({ codeError: AccountMessages.invalidCode }),
    assignDestination: assign(({ context, event }) => {
      // signed in by the password or by the code: the server's return URL, else the page's, else For you
      assertEvent(event, ['xstate.done.actor.signIn', 'xstate.done.actor.verifyCode']);
      return { destination: destinationOr(FOR_YOU, event.output.returnUrl, context.returnUrl) };
    }),
  },
}).createMachine({
  id: 'signIn',
  description: 'Sign in with email or username and password, with the MFA code step when the account has a phone.',
  meta: { title: 'Sign in', spec: '2 §2 Sign-in and session, §4 Sign-in, §5, §8 Account and session' },
  context: {
    returnUrl: null,
    fieldErrors: {},
    formError: null,
    challenge: null,
    codeError: null,
    destination: null,
    credentials: null,
    code: null,
    codeResent: false,
  },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'The sign-in form; field errors and the inline server error show here.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: ['clearErrors', 'trackLoginClick', 'assignCredentials'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      description: 'POST /account/signin; the submit button shows loading.',
      tags: ['loading'],
      exit: 'forgetCredentials',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: signInRequest,
        onDone: { target: 'signingInToPaymentService', actions: ['trackSignInSuccess', 'assignDestination'] },
        onError: [
          { guard: 'isMfaChallenge', target: 'enteringCode', actions: 'assignChallenge' },
          { guard: 'hasMessageId', target: 'editing', actions: 'assignFormError' },
          { guard: 'isRateLimited', target: 'editing', actions: 'assignFormError' },
          { target: 'editing', actions: { type: 'notify', params: { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' } } },
        ],
      },
    },
    enteringCode: {
      description: 'The enter-code overlay: shows the phone the code went to and the invalid-code message.',
      on: {
        'user.submitCode': [
          { guard: 'isCodeWellFormed', target: 'verifyingCode', actions: ['clearErrors', 'assignCode'] },
          { actions: 'assignCodeFormatError' },
        ],
        'user.cancelCode': { target: 'editing', actions: 'clearChallenge' },
        'user.resendCode': { target: 'resendingCode', actions: 'clearErrors' },
      },
    },
    resendingCode: {
      description: 'POST /account/signin/mfa/resend: a new code replaces the old one ("not shown" in the spec: docs/accounts.md).',
      tags: ['loading'],
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: resendCodeRequest,
        onDone: { target: 'enteringCode', actions: 'assignResentChallenge' },
        onError: [
          { guard: 'isResendRefused', target: 'enteringCode', actions: 'assignCodeError' },
          { target: 'editing', actions: ['clearChallenge', { type: 'notify', params: { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' } }] },
        ],
      },
    },
    verifyingCode: {
      description: 'POST /account/signin/mfa with the code.',
      tags: ['loading'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: verifyCodeRequest,
        onDone: { target: 'signingInToPaymentService', actions: ['trackSignInSuccess', 'assignDestination'] },
        onError: [
          { guard: 'isInvalidCode', target: 'enteringCode', actions: 'assignInvalidCodeError' },
          { guard: 'isCodeExpired', target: 'enteringCode', actions: 'assignCodeError' },
          { guard: 'isRateLimited', target: 'enteringCode', actions: 'assignCodeError' },
          { target: 'editing', actions: ['clearChallenge', { type: 'notify', params: { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' } }] },
        ],
      },
    },
    signingInToPaymentService: {
      description: 'Signs in to the payment service; a failure there is ignored.',
      tags: ['loading'],
      invoke: { id: 'paymentSignIn', src: 'paymentSignIn', onDone: { target: 'redirecting' }, onError: { target: 'redirecting' } },
    },
    redirecting: {
      description: 'Signed in: goes to the return URL or /account/for-you.',
      tags: ['loading'],
      type: 'final',
      entry: 'redirect',
    },
  },
});
