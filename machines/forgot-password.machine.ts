import { setup, assign, fromPromise, spawnChild, stopChild, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import * as v from 'valibot';
import { ForgotPasswordRequest } from '../contracts/account.ts';
import { fieldErrorsOf, notProvided, type FieldErrors } from './account-flow.ts';

/**
 * Forgot password (spec 2 sections 4 "Password reset", 5): an email form; fire and forget: it sends and
 * navigates to the success page whatever the answer (the answer never reveals whether an account exists).
 */
export interface ForgotPasswordContext {
  fieldErrors: FieldErrors;
  destination: string | null;
}
export type ForgotPasswordEvent =
  | { type: 'user.submit'; emailAddress: string }
  | DoneActorEvent<unknown, 'sendResetLink'>
  | ErrorActorEvent<unknown, 'sendResetLink'>;

export const FORGOT_PASSWORD_SUCCESS = '/account/forgot-password/success';

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent },
  actors: {
    sendResetLink: fromPromise<unknown, { emailAddress: string }>(async () => notProvided('sendResetLink')),
  },
  guards: {
    isFormValid: ({ event }) => event.type === 'user.submit' && v.safeParse(ForgotPasswordRequest, { emailAddress: event.emailAddress }).success,
  },
  actions: {
    redirect: () => {},
    assignFieldErrors: assign(({ event }) => {
      if (event.type !== 'user.submit') return {};
      const r = v.safeParse(ForgotPasswordRequest, { emailAddress: event.emailAddress });
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues) };
    }),
    clearErrors: assign({ fieldErrors: {} }),
    assignSuccessDestination: assign({ destination: FORGOT_PASSWORD_SUCCESS }),
    startSendResetLink: spawnChild('sendResetLink', {
      id: 'sendResetLink',
      input: ({ event }) => ({ emailAddress: (event as Extract<ForgotPasswordEvent, { type: 'user.submit' }>).emailAddress.trim() }),
    }),
    stopSendResetLink: stopChild('sendResetLink'),
  },
}).createMachine({
  id: 'forgotPassword',
  description: 'Asks for a password reset link by email, then shows the success page.',
  meta: { title: 'Forgot password', spec: '2 §2 Password recovery, §4 Password reset, §5 Forgot password' },
  context: { fieldErrors: {}, destination: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The email form with its field error.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'sending', actions: 'clearErrors' },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    sending: {
      description: 'POST /account/forgot-password; the outcome is ignored.',
      tags: ['loading'],
      entry: 'startSendResetLink',
      exit: 'stopSendResetLink',
      on: {
        'xstate.done.actor.sendResetLink': { target: 'redirecting', actions: 'assignSuccessDestination' },
        'xstate.error.actor.sendResetLink': { target: 'redirecting', actions: 'assignSuccessDestination' },
      },
    },
    redirecting: { description: 'Goes to /account/forgot-password/success.', type: 'final', entry: 'redirect' },
  },
});
