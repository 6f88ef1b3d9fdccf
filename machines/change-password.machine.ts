import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import * as v from 'valibot';
import { ChangePasswordRequest, passwordProblem } from '../contracts/account.ts';
import { asFlowError, fieldErrorsOf, notProvided, type FieldErrors, type NotifyParams } from './account-flow.ts';
import { PATHS } from './app-paths.ts';

/**
 * Change password (spec 2 section 4 "Password change": loading and generic-error flags). Field errors from the
 * server name currentPassword or newPassword; anything else sets the generic-error flag. Success goes back to
 * the settings page with a toast (the server ends the user's other sessions).
 */
export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
}
export interface ChangePasswordContext {
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

const PASSWORD_CHANGED: NotifyParams = { kind: 'toast', tone: 'success', message: 'passwordChanged' };

export function validateChangePassword(values: ChangePasswordValues): FieldErrors {
  const r = v.safeParse(ChangePasswordRequest, values);
  const errors: FieldErrors = r.success ? {} : fieldErrorsOf(r.issues);
  const p = passwordProblem(values.newPassword);
  if (p) errors.newPassword = p.message;
  return errors;
}

/** The request of the `changePassword` actor (docs/machines.md). */
export function changePasswordRequest({ context }: { context: Pick<ChangePasswordContext, 'values'> }): ChangePasswordValues {
  if (!context.values) throw new Error('changePassword: no passwords submitted');
  return { currentPassword: context.values.currentPassword, newPassword: context.values.newPassword };
}

const fieldOf = (event: ChangePasswordEvent) => (event.type === 'xstate.error.actor.changePassword' ? asFlowError(event.error).field : undefined);

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    changePassword: fromPromise<unknown, ChangePasswordValues>(async () => notProvided('changePassword')),
  },
  guards: {
    isFormValid: ({ event }) => event.type === 'user.submit' && Object.keys(validateChangePassword(event)).length === 0,
    isFieldError: ({ event }) => fieldOf(event) === 'currentPassword' || fieldOf(event) === 'newPassword',
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    redirect: () => {},
    assignFieldErrors: assign(({ event }) => (event.type === 'user.submit' ? { fieldErrors: validateChangePassword(event), genericError: null } : {})),
    clearErrors: assign({ fieldErrors: {}, genericError: null }),
    assignServerFieldError: assign(({ event }) => {
      if (event.type !== 'xstate.error.actor.changePassword') return {};
      const e = asFlowError(event.error);
      return { fieldErrors: { [e.field ?? 'newPassword']: e.message } };
    }),
    assignGenericError: assign(({ event }) => (event.type === 'xstate.error.actor.changePassword' ? { genericError: asFlowError(event.error).message } : {})),
    assignSettingsDestination: assign({ destination: PATHS.settings }),
    assignValues: assign(({ event }) => (event.type === 'user.submit' ? { values: { currentPassword: event.currentPassword, newPassword: event.newPassword } } : {})),
    forgetValues: assign({ values: null }),
  },
}).createMachine({
  id: 'changePassword',
  description: 'Changes the password with the current one.',
  meta: { title: 'Change password', spec: '2 §2 Personal details and settings, §4 Password change, §6' },
  context: { fieldErrors: {}, genericError: null, destination: null, values: null },
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
      entry: [{ type: 'notify', params: PASSWORD_CHANGED }, 'redirect'],
    },
  },
});
