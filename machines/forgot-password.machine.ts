import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { ForgotPasswordRequest } from '../contracts/account-recovery.ts';
import { fieldErrorsOf, notProvided, type FieldErrors } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';

/**
 * Forgot password (spec 2 sections 4 "Password reset", 5): an email form; fire and forget: it sends and
 * navigates to the success page whatever the answer (the answer never reveals whether an account exists).
 */
export interface ForgotPasswordContext {
  fieldErrors: FieldErrors;
  destination: string | null;
  /** the address submitted, for the `sendResetLink` request */
  emailAddress: string | null;
}
export type ForgotPasswordEvent =
  | { type: 'user.submit'; emailAddress: string }
  | DoneActorEvent<unknown, 'sendResetLink'>
  | ErrorActorEvent<unknown, 'sendResetLink'>;

export const FORGOT_PASSWORD_SUCCESS = PATHS.forgotPasswordSuccess;

/** The request of the `sendResetLink` actor (docs/machines.md). */
export function sendResetLinkRequest({ context }: { context: Pick<ForgotPasswordContext, 'emailAddress'> }): { emailAddress: string } {
  if (context.emailAddress === null) throw new Error('sendResetLink: no email address submitted');
  return { emailAddress: context.emailAddress.trim() };
}

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent },
  actors: {
    sendResetLink: fromPromise<unknown, { emailAddress: string }>(async () => notProvided('sendResetLink')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return v.safeParse(ForgotPasswordRequest, { emailAddress: event.emailAddress }).success;
    },
  },
  actions: {
    redirect: () => {},
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const r = v.safeParse(ForgotPasswordRequest, { emailAddress: event.emailAddress });
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues) };
    }),
    clearErrors: assign({ fieldErrors: {} }),
    assignSuccessDestination: assign({ destination: FORGOT_PASSWORD_SUCCESS }),
    assignEmailAddress: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { emailAddress: event.emailAddress };
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  description: 'Asks for a password reset link by email, then shows the success page.',
  meta: { title: 'Forgot password', spec: '2 §2 Password recovery, §4 Password reset, §5 Forgot password' },
  context: { fieldErrors: {}, destination: null, emailAddress: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The email form with its field error.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'sending', actions: ['clearErrors', 'assignEmailAddress'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    sending: {
      description: 'POST /account/forgot-password; the outcome is ignored.',
      tags: ['loading'],
      invoke: {
        id: 'sendResetLink',
        src: 'sendResetLink',
        input: sendResetLinkRequest,
        onDone: { target: 'redirecting', actions: 'assignSuccessDestination' },
        onError: { target: 'redirecting', actions: 'assignSuccessDestination' },
      },
    },
    redirecting: { description: 'Goes to /account/forgot-password/success.', type: 'final', entry: 'redirect' },
  },
});
