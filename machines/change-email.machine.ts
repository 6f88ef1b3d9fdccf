import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { AccountMessages } from '../contracts/account-messages.ts';
import { ChangeEmailRequest, type EmailStatus } from '../contracts/account-email.ts';
import { OneTimeCode } from '../contracts/account-fields.ts';
import { asFlowError, fieldErrorsOf, notProvided, type FieldErrors, type NotifyParams, inputOf } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';

/**
 * Change email (spec 2 sections 2 and 4 "Email change"): /account/settings/edit-email asks for the new address
 * and the password and sends a code to the new address; /account/settings/edit-email/enter-code takes the code.
 * The enter-code step stores the new email (proposedNewEmail) or an error. The server keeps the pending change,
 * so each page starts its own machine: `step` says which.
 */
export interface ChangeEmailInput {
  step: 'form' | 'code';
}
export interface ChangeEmailContext extends ChangeEmailInput {
  email: string | null;
  proposedNewEmail: string | null;
  fieldErrors: FieldErrors;
  codeError: string | null;
  genericError: string | null;
  destination: string | null;
  /** the form submitted, for the `requestEmailChange` request; forgotten when the request ends (it holds the password) */
  values: ChangeEmailValues | null;
  /** the code submitted, for the `verifyEmailChange` request */
  code: string | null;
}
export interface ChangeEmailValues {
  newEmail: string;
  password: string;
}
export type ChangeEmailEvent =
  | ({ type: 'user.submit' } & ChangeEmailValues)
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.retry' }
  | DoneActorEvent<EmailStatus, 'loadEmailStatus'>
  | ErrorActorEvent<unknown, 'loadEmailStatus'>
  | DoneActorEvent<{ proposedNewEmail: string }, 'requestEmailChange'>
  | ErrorActorEvent<unknown, 'requestEmailChange'>
  | DoneActorEvent<EmailStatus, 'verifyEmailChange'>
  | ErrorActorEvent<unknown, 'verifyEmailChange'>;

export const EDIT_EMAIL = PATHS.editEmail;
export const EDIT_EMAIL_CODE = PATHS.editEmailCode;

/** The request of the `requestEmailChange` actor (docs/machines.md). */
export function requestEmailChangeRequest({ context }: { context: Pick<ChangeEmailContext, 'values'> }): ChangeEmailValues {
  if (!context.values) throw new Error('requestEmailChange: no form submitted');
  return { newEmail: context.values.newEmail.trim(), password: context.values.password };
}

/** The request of the `verifyEmailChange` actor. */
export function verifyEmailChangeRequest({ context }: { context: Pick<ChangeEmailContext, 'code'> }): { code: string } {
  if (context.code === null) throw new Error('verifyEmailChange: no code submitted');
  return { code: context.code.trim() };
}

type ChangeEmailErrorType = Extract<ChangeEmailEvent, { error: unknown }>['type'];
/** the failure of the invokes named: the guard or action serves exactly those error events, any other throws */
const errorOf = (event: ChangeEmailEvent, types: ChangeEmailErrorType | ChangeEmailErrorType[]) => {
  assertEvent(event, types);
  return asFlowError(event.error);
};

export const changeEmailMachine = setup({
  types: { context: {} as ChangeEmailContext, events: {} as ChangeEmailEvent, input: {} as ChangeEmailInput },
  actors: {
    loadEmailStatus: fromPromise<EmailStatus, void>(async () => notProvided('loadEmailStatus')),
    requestEmailChange: fromPromise<{ proposedNewEmail: string }, ChangeEmailValues>(async () => notProvided('requestEmailChange')),
    verifyEmailChange: fromPromise<EmailStatus, { code: string }>(async () => notProvided('verifyEmailChange')),
  },
  guards: {
    isFormStep: ({ context }) => context.step === 'form',
    hasPendingChange: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadEmailStatus');
      return !!event.output.proposedNewEmail;
    },
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return v.safeParse(ChangeEmailRequest, event).success;
    },
    isCodeWellFormed: ({ event }) => {
      assertEvent(event, 'user.submitCode');
      return v.safeParse(OneTimeCode, event.code).success;
    },
    isFieldError: ({ event }) => {
      const { field } = errorOf(event, 'xstate.error.actor.requestEmailChange');
      return !!field && ['newEmail', 'password'].includes(field);
    },
    isCodeError: ({ event }) => ['INVALID_CODE', 'CODE_EXPIRED', 'RATE_LIMITED', 'EMAIL_NOT_AVAILABLE'].includes(errorOf(event, 'xstate.error.actor.verifyEmailChange').code),
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<ChangeEmailInput>(event)),
    notify: (_, _params: NotifyParams) => {},
    redirect: () => {},
    assignStatus: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadEmailStatus', 'xstate.done.actor.verifyEmailChange']);
      return { email: event.output.email, proposedNewEmail: event.output.proposedNewEmail };
    }),
    assignProposedEmail: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.requestEmailChange');
      return { proposedNewEmail: event.output.proposedNewEmail };
    }),
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const r = v.safeParse(ChangeEmailRequest, event);
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues), genericError: null };
    }),
    assignCodeFormatError: assign({ codeError: AccountMessages.invalidCode }),
    clearErrors: assign({ fieldErrors: {}, codeError: null, genericError: null }),
    assignServerFieldError: assign(({ event }) => {
      const e = errorOf(event, 'xstate.error.actor.requestEmailChange');
      return e.field ? { fieldErrors: { [e.field]: e.message } } : {};
    }),
    assignCodeError: assign(({ event }) => ({ codeError: errorOf(event, 'xstate.error.actor.verifyEmailChange').message })),
    assignGenericError: assign(({ event }) => ({
      genericError: errorOf(event, ['xstate.error.actor.loadEmailStatus', 'xstate.error.actor.requestEmailChange', 'xstate.error.actor.verifyEmailChange']).message,
    })),
    assignCodeStepDestination: assign({ destination: EDIT_EMAIL_CODE }),
    assignFormStepDestination: assign({ destination: EDIT_EMAIL }),
    assignSettingsDestination: assign({ destination: PATHS.settings }),
    assignValues: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { values: { newEmail: event.newEmail, password: event.password } };
    }),
    forgetValues: assign({ values: null }),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'user.submitCode');
      return { code: event.code };
    }),
  },
}).createMachine({
  id: 'changeEmail',
  description: 'Changes the sign-in email: new address and password, then the code sent to the new address.',
  meta: { title: 'Change email', spec: '2 §2 Personal details and settings, §3 proposedNewEmail, §4 Email change' },
  context: { step: 'form', email: null, proposedNewEmail: null, fieldErrors: {}, codeError: null, genericError: null, destination: null, values: null, code: null },
  entry: 'applyInput',
  initial: 'loadingStatus',
  states: {
    loadingStatus: {
      description: 'GET /account/settings/email: the current address and the pending change, if any.',
      tags: ['loading'],
      invoke: {
        id: 'loadEmailStatus',
        src: 'loadEmailStatus',
        onDone: [
          { guard: 'isFormStep', target: 'editing', actions: 'assignStatus' },
          { guard: 'hasPendingChange', target: 'enteringCode', actions: 'assignStatus' },
          { target: 'noPendingChange', actions: ['assignStatus', 'assignFormStepDestination'] },
        ],
        onError: { target: 'loadFailed', actions: 'assignGenericError' },
      },
    },
    loadFailed: {
      description: 'The status could not be loaded; retry.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loadingStatus', actions: 'clearErrors' } },
    },
    noPendingChange: {
      description: 'No code is pending: back to the form page.',
      type: 'final',
      entry: 'redirect',
    },
    editing: {
      description: 'New email and current password.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'requesting', actions: ['clearErrors', 'assignValues'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    requesting: {
      description: 'POST /account/settings/email: a code goes to the new address.',
      tags: ['loading'],
      exit: 'forgetValues',
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: requestEmailChangeRequest,
        onDone: { target: 'codeSent', actions: ['assignProposedEmail', 'assignCodeStepDestination'] },
        onError: [
          { guard: 'isFieldError', target: 'editing', actions: 'assignServerFieldError' },
          { target: 'editing', actions: 'assignGenericError' },
        ],
      },
    },
    codeSent: {
      description: 'Goes to the enter-code page.',
      type: 'final',
      entry: 'redirect',
    },
    enteringCode: {
      description: 'The code sent to proposedNewEmail; the code error shows here.',
      on: {
        'user.submitCode': [
          { guard: 'isCodeWellFormed', target: 'verifying', actions: ['clearErrors', 'assignCode'] },
          { actions: 'assignCodeFormatError' },
        ],
      },
    },
    verifying: {
      description: 'POST /account/settings/email/verify.',
      tags: ['loading'],
      invoke: {
        id: 'verifyEmailChange',
        src: 'verifyEmailChange',
        input: verifyEmailChangeRequest,
        onDone: { target: 'changed', actions: ['assignStatus', 'assignSettingsDestination'] },
        onError: [
          { guard: 'isCodeError', target: 'enteringCode', actions: 'assignCodeError' },
          { target: 'enteringCode', actions: 'assignGenericError' },
        ],
      },
    },
    changed: {
      description: 'Email changed: a toast, then the settings page.',
      type: 'final',
      entry: [{ type: 'notify', params: { kind: 'toast', tone: 'success', message: 'emailChanged' } }, 'redirect'],
    },
  },
});
