import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { AccountErrorCodes, AccountMessages } from '../contracts/account-messages.ts';
import { MfaPhoneRequest, type MfaStatus } from '../contracts/account-mfa.ts';
import { OneTimeCode } from '../contracts/account-fields.ts';
import { asFlowError, fieldErrorsOf, notProvided, type FieldErrors, type NotifyParams, inputOf } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';

/**
 * Add or edit the 2-step verification phone (spec 2 section 2 add-phone-number / edit-phone-number, behind
 * universal.enableMfaFeatures; spec 5 'Please enter a 10-digit phone number.'): the number, then the code sent
 * to it. Needs a recent second-factor check (the route shows the re-authentication step first).
 */
export interface MfaPhoneInput {
  mode: 'add' | 'edit';
}
export interface MfaPhoneContext extends MfaPhoneInput {
  phoneNumber: string;
  pendingPhoneNumber: string | null;
  fieldErrors: FieldErrors;
  codeError: string | null;
  genericError: string | null;
  destination: string | null;
  /** the code submitted, for the `verifyPhoneCode` request */
  code: string | null;
}
export type MfaPhoneEvent =
  | { type: 'user.submit'; phoneNumber: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.resendCode' }
  | { type: 'user.changeNumber' }
  | DoneActorEvent<{ pendingPhoneNumber: string }, 'sendPhoneCode'>
  | ErrorActorEvent<unknown, 'sendPhoneCode'>
  | DoneActorEvent<MfaStatus, 'verifyPhoneCode'>
  | ErrorActorEvent<unknown, 'verifyPhoneCode'>;

/** The request of the `sendPhoneCode` actor (docs/machines.md): the number as validated on submit. */
export function sendPhoneCodeRequest({ context }: { context: Pick<MfaPhoneContext, 'phoneNumber'> }): { phoneNumber: string } {
  return { phoneNumber: context.phoneNumber };
}

/** The request of the `verifyPhoneCode` actor. */
export function verifyPhoneCodeRequest({ context }: { context: Pick<MfaPhoneContext, 'code'> }): { code: string } {
  if (context.code === null) throw new Error('verifyPhoneCode: no code submitted');
  return { code: context.code.trim() };
}

type MfaPhoneErrorType = Extract<MfaPhoneEvent, { error: unknown }>['type'];
/** the failure of the invokes named: the guard or action serves exactly those error events, any other throws */
const errorOf = (event: MfaPhoneEvent, types: MfaPhoneErrorType | MfaPhoneErrorType[]) => {
  assertEvent(event, types);
  return asFlowError(event.error);
};

export const mfaPhoneMachine = setup({
  types: { context: {} as MfaPhoneContext, events: {} as MfaPhoneEvent, input: {} as MfaPhoneInput },
  actors: {
    sendPhoneCode: fromPromise<{ pendingPhoneNumber: string }, { phoneNumber: string }>(async () => notProvided('sendPhoneCode')),
    verifyPhoneCode: fromPromise<MfaStatus, { code: string }>(async () => notProvided('verifyPhoneCode')),
  },
  guards: {
    isPhoneValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return v.safeParse(MfaPhoneRequest, { phoneNumber: event.phoneNumber }).success;
    },
    isCodeWellFormed: ({ event }) => {
      assertEvent(event, 'user.submitCode');
      return v.safeParse(OneTimeCode, event.code).success;
    },
    isReauthRequired: ({ event }) => errorOf(event, ['xstate.error.actor.sendPhoneCode', 'xstate.error.actor.verifyPhoneCode']).code === AccountErrorCodes.reauthRequired,
    isPhoneFieldError: ({ event }) => errorOf(event, 'xstate.error.actor.sendPhoneCode').field === 'phoneNumber',
    isCodeError: ({ event }) => ['INVALID_CODE', 'CODE_EXPIRED', 'RATE_LIMITED'].includes(errorOf(event, 'xstate.error.actor.verifyPhoneCode').code),
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<MfaPhoneInput>(event)),
    notify: (_, _params: NotifyParams) => {},
    redirect: () => {},
    requestReauth: () => {},
    assignPhone: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const r = v.safeParse(MfaPhoneRequest, { phoneNumber: event.phoneNumber });
      return r.success ? { phoneNumber: r.output.phoneNumber, fieldErrors: {} } : { fieldErrors: fieldErrorsOf(r.issues) };
    }),
    assignPending: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.sendPhoneCode');
      return { pendingPhoneNumber: event.output.pendingPhoneNumber };
    }),
    clearErrors: assign({ fieldErrors: {}, codeError: null, genericError: null }),
    assignPhoneFieldError: assign(({ event }) => ({ fieldErrors: { phoneNumber: errorOf(event, 'xstate.error.actor.sendPhoneCode').message } })),
    assignGenericError: assign(({ event }) => ({ genericError: errorOf(event, ['xstate.error.actor.sendPhoneCode', 'xstate.error.actor.verifyPhoneCode']).message })),
    assignCodeFormatError: assign({ codeError: AccountMessages.invalidCode }),
    assignCodeError: assign(({ event }) => ({ codeError: errorOf(event, 'xstate.error.actor.verifyPhoneCode').message })),
    assignMfaDestination: assign({ destination: PATHS.mfa }),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'user.submitCode');
      return { code: event.code };
    }),
  },
}).createMachine({
  id: 'mfaPhone',
  description: 'Adds or replaces the phone that receives sign-in codes, confirmed with a code sent to it.',
  meta: { title: 'MFA phone', spec: '2 §2 (mfa/add-phone-number, mfa/edit-phone-number), §3 phone-number state, §5 phone hint, §6' },
  context: { mode: 'add', phoneNumber: '', pendingPhoneNumber: null, fieldErrors: {}, codeError: null, genericError: null, destination: null, code: null },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'The 10-digit phone number.',
      on: {
        'user.submit': [
          { guard: 'isPhoneValid', target: 'sendingCode', actions: ['clearErrors', 'assignPhone'] },
          { actions: 'assignPhone' },
        ],
      },
    },
    sendingCode: {
      description: 'POST /account/settings/mfa/phone: an SMS code goes to the number.',
      tags: ['loading'],
      invoke: {
        id: 'sendPhoneCode',
        src: 'sendPhoneCode',
        input: sendPhoneCodeRequest,
        onDone: { target: 'enteringCode', actions: 'assignPending' },
        onError: [
          { guard: 'isReauthRequired', target: 'reauthRequired' },
          { guard: 'isPhoneFieldError', target: 'editing', actions: 'assignPhoneFieldError' },
          { target: 'editing', actions: 'assignGenericError' },
        ],
      },
    },
    enteringCode: {
      description: 'The code sent to the new phone (shown masked).',
      on: {
        'user.submitCode': [
          { guard: 'isCodeWellFormed', target: 'verifying', actions: ['clearErrors', 'assignCode'] },
          { actions: 'assignCodeFormatError' },
        ],
        'user.resendCode': { target: 'sendingCode', actions: 'clearErrors' },
        'user.changeNumber': { target: 'editing', actions: 'clearErrors' },
      },
    },
    verifying: {
      description: 'POST /account/settings/mfa/phone/verify.',
      tags: ['loading'],
      invoke: {
        id: 'verifyPhoneCode',
        src: 'verifyPhoneCode',
        input: verifyPhoneCodeRequest,
        onDone: { target: 'saved', actions: 'assignMfaDestination' },
        onError: [
          { guard: 'isReauthRequired', target: 'reauthRequired' },
          { guard: 'isCodeError', target: 'enteringCode', actions: 'assignCodeError' },
          { target: 'enteringCode', actions: 'assignGenericError' },
        ],
      },
    },
    saved: {
      description: 'Phone saved: a toast, then the MFA settings page.',
      type: 'final',
      entry: [{ type: 'notify', params: { kind: 'toast', tone: 'success', message: 'mfaPhoneSaved' } }, 'redirect'],
    },
    reauthRequired: {
      description: 'The second-factor check expired meanwhile: the route shows re-authentication again.',
      type: 'final',
      entry: 'requestReauth',
    },
  },
});
