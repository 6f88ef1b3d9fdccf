import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { AccountErrorCodes, AccountMessages } from '../contracts/account-messages.ts';
import { passwordProblem } from '../contracts/password-policy.ts';
import { asFlowError, notProvided, type FieldErrors, inputOf } from './account-flow.ts';
import { PATHS, pathTo } from './app-paths.ts';

/**
 * Reset password (spec 2 sections 4 "Password reset", 5 "Reset password"): the create-new-password form.
 * Server codes: 111084 reuse, 111011 'Add password', 111022 invalid; any other: 'Password reset failed'.
 * Success goes to /account/reset-password-success; an expired token to the expired-link page.
 */
export interface ResetPasswordInput {
  token: string;
}
export interface ResetPasswordContext extends ResetPasswordInput {
  fieldErrors: FieldErrors;
  formError: string | null;
  destination: string | null;
  /** the password submitted, for the `resetPassword` request; forgotten when the request ends */
  newPassword: string | null;
}
export type ResetPasswordEvent =
  | { type: 'user.submit'; newPassword: string }
  | DoneActorEvent<unknown, 'resetPassword'>
  | ErrorActorEvent<unknown, 'resetPassword'>;

export const RESET_PASSWORD_SUCCESS = PATHS.resetPasswordSuccess;

/** The request of the `resetPassword` actor (docs/machines.md): the emailed token and the new password. */
export function resetPasswordRequest({ context }: { context: Pick<ResetPasswordContext, 'token' | 'newPassword'> }): { token: string; newPassword: string } {
  if (context.newPassword === null) throw new Error('resetPassword: no password submitted');
  return { token: context.token, newPassword: context.newPassword };
}

/** the refusal of the reset (read only on that event: any other throws) */
const errorOf = (event: ResetPasswordEvent) => {
  assertEvent(event, 'xstate.error.actor.resetPassword');
  return asFlowError(event.error);
};

export const resetPasswordMachine = setup({
  types: { context: {} as ResetPasswordContext, events: {} as ResetPasswordEvent, input: {} as ResetPasswordInput },
  actors: {
    resetPassword: fromPromise<unknown, { token: string; newPassword: string }>(async () => notProvided('resetPassword')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return passwordProblem(event.newPassword) === null;
    },
    isPasswordReused: ({ event }) => errorOf(event)?.code === AccountErrorCodes.passwordReused,
    isPasswordMissing: ({ event }) => errorOf(event)?.code === AccountErrorCodes.passwordMissing,
    isPasswordInvalid: ({ event }) => errorOf(event)?.code === AccountErrorCodes.passwordInvalid,
    isTokenExpired: ({ event }) => errorOf(event)?.code === AccountErrorCodes.resetTokenExpired,
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<ResetPasswordInput>(event)),
    redirect: () => {},
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const p = passwordProblem(event.newPassword);
      return { fieldErrors: p ? { newPassword: p.message } : {}, formError: null };
    }),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignReusedError: assign({ fieldErrors: { newPassword: AccountMessages.passwordReused } }),
    assignMissingError: assign({ fieldErrors: { newPassword: AccountMessages.addPassword } }),
    /** 111022: the server's policy message (too short, too common, equals the email) */
    assignInvalidError: assign(({ event }) => ({ fieldErrors: { newPassword: errorOf(event)?.message ?? AccountMessages.passwordTooShort } })),
    assignFailedError: assign({ formError: AccountMessages.passwordResetFailed }),
    assignSuccessDestination: assign({ destination: RESET_PASSWORD_SUCCESS }),
    assignExpiredDestination: assign(({ context }) => ({ destination: pathTo.forgotPasswordReset(context.token) })),
    assignNewPassword: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { newPassword: event.newPassword };
    }),
    forgetNewPassword: assign({ newPassword: null }),
  },
}).createMachine({
  id: 'resetPassword',
  description: 'Creates a new password with the emailed reset token.',
  meta: { title: 'Reset password', spec: '2 §2 Password recovery, §4 Password reset, §5 Reset password, §8' },
  context: { token: '', fieldErrors: {}, formError: null, destination: null, newPassword: null },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'The new-password form with the policy and server errors.',
      tags: [],
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: ['clearErrors', 'assignNewPassword'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      description: 'POST /account/reset-password.',
      tags: ['loading'],
      exit: 'forgetNewPassword',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: resetPasswordRequest,
        onDone: { target: 'redirecting', actions: 'assignSuccessDestination' },
        onError: [
          { guard: 'isPasswordReused', target: 'editing', actions: 'assignReusedError' },
          { guard: 'isPasswordMissing', target: 'editing', actions: 'assignMissingError' },
          { guard: 'isPasswordInvalid', target: 'editing', actions: 'assignInvalidError' },
          { guard: 'isTokenExpired', target: 'redirecting', actions: 'assignExpiredDestination' },
          { target: 'editing', actions: 'assignFailedError' },
        ],
      },
    },
    redirecting: { description: 'Goes to the success page, or the expired-link page.', type: 'final', entry: 'redirect' },
  },
});
