import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { ChangePasswordRequest } from '../contracts/account-password.ts';
import { passwordProblem } from '../contracts/password-policy.ts';
import { asFlowError, fieldErrorsOf, inputOf, notProvided, type FieldErrors, type NotifyParams } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';

/**
 * Change password (spec 2 section 4 "Password change": loading and generic-error flags). Field errors from the
 * server name currentPassword or newPassword; anything else sets the generic-error flag. Success goes back to
 * the settings page with a toast (the server ends the user's other sessions).
 */
export interface ChangePasswordValues {
  /** absent when the recent re-authentication stands for it (input `askCurrentPassword: false`) */
  currentPassword?: string;
  newPassword: string;
}
export interface ChangePasswordInput {
  /** false right after the re-authentication step: it checked the password, so the form does not ask again */
  askCurrentPassword: boolean;
}
export interface ChangePasswordContext {
  askCurrentPassword: boolean;
  fieldErrors: FieldErrors;
  /** the generic-error flag: the message shown above the form */
  genericError: string | null;
  destination: string | null;
  /** the passwords submitted, for the `changePassword` request; forgotten when the request ends */
  values: ChangePasswordValues | null;
}
export type ChangePasswordEvent =
  | ({ type: 'user.submit' } & ChangePasswordValues)
  | DoneActorEvent<unknown, 'changePassword'>
  | ErrorActorEvent<unknown, 'changePassword'>;

export function validateChangePassword(values: ChangePasswordValues, askCurrentPassword = true): FieldErrors {
  const r = v.safeParse(ChangePasswordRequest, askCurrentPassword ? { ...values, currentPassword: values.currentPassword ?? '' } : { newPassword: values.newPassword });
  const errors: FieldErrors = r.success ? {} : fieldErrorsOf(r.issues);
  const p = passwordProblem(values.newPassword);
  if (p) errors.newPassword = p.message;
  return errors;
}

/** The request of the `changePassword` actor (docs/machines.md). */
export function changePasswordRequest({ context }: { context: Pick<ChangePasswordContext, 'values'> }): ChangePasswordValues {
  if (!context.values) throw new Error('changePassword: no passwords submitted');
  const { currentPassword, newPassword } = context.values;
  return currentPassword === undefined ? { newPassword } : { currentPassword, newPassword };
}

/** the field a refusal names (read only on that event: any other throws) */
const fieldOf = (event: ChangePasswordEvent) => {
  assertEvent(event, 'xstate.error.actor.changePassword');
  return asFlowError(event.error).field;
};

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent, input: {} as Partial<ChangePasswordInput> | undefined },
  actors: {
    changePassword: fromPromise<unknown, ChangePasswordValues>(async () => notProvided('changePassword')),
  },
  guards: {
    isFormValid: ({ context, event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(validateChangePassword(event, context.askCurrentPassword)).length === 0;
    },
    isFieldError: ({ event }) => fieldOf(event) === 'currentPassword' || fieldOf(event) === 'newPassword',
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    redirect: () => {},
    applyInput: assign(({ event }) => ({ askCurrentPassword: inputOf<ChangePasswordInput>(event, { askCurrentPassword: true }).askCurrentPassword })),
    assignFieldErrors: assign(({ context, event }) => {
      assertEvent(event, 'user.submit');
      return { fieldErrors: validateChangePassword(event, context.askCurrentPassword), genericError: null };
    }),
    clearErrors: assign({ fieldErrors: {}, genericError: null }),
    assignServerFieldError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.changePassword');
      const e = asFlowError(event.error);
      // a current-password error (the re-authentication window ended meanwhile) brings its field back
      return { fieldErrors: { [e.field ?? 'newPassword']: e.message }, ...(e.field === 'currentPassword' ? { askCurrentPassword: true } : {}) };
    }),
    assignGenericError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.changePassword');
      return { genericError: asFlowError(event.error).message };
    }),
    assignSettingsDestination: assign({ destination: PATHS.settings }),
    assignValues: assign(({ context, event }) => {
      assertEvent(event, 'user.submit');
      return { values: context.askCurrentPassword ? { currentPassword: event.currentPassword ?? '', newPassword: event.newPassword } : { newPassword: event.newPassword } };
    }),
    forgetValues: assign({ values: null }),
  },
}).createMachine({
  id: 'changePassword',
  description: 'Changes the password: with the current one, or right after the re-authentication step that checked it.',
  meta: { title: 'Change password', spec: '2 §2 Personal details and settings, §4 Password change, §6' },
  context: { askCurrentPassword: true, fieldErrors: {}, genericError: null, destination: null, values: null },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'Current and new password; field errors and the generic error show here.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: ['clearErrors', 'assignValues'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      description: 'POST /account/settings/password (the loading flag).',
      tags: ['loading'],
      exit: 'forgetValues',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: changePasswordRequest,
        onDone: { target: 'changed', actions: 'assignSettingsDestination' },
        onError: [
          { guard: 'isFieldError', target: 'editing', actions: 'assignServerFieldError' },
          { target: 'editing', actions: 'assignGenericError' },
        ],
      },
    },
    changed: {
      description: 'Updated: a toast, then back to the settings page.',
      type: 'final',
      entry: [{ type: 'notify', params: { kind: 'toast', tone: 'success', message: 'passwordChanged' } }, 'redirect'],
    },
  },
});
