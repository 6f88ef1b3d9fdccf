import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { AccountMessages } from '../contracts/account-messages.ts';
import { MfaReauthRequest, type MfaReauthResponse, type MfaStatus } from '../contracts/account-mfa.ts';
import { OneTimeCode } from '../contracts/account-fields.ts';
import { asFlowError, fieldErrorsOf, notProvided, type FieldErrors } from './account-flow.ts';

/**
 * Re-authentication before sensitive settings (spec 2 section 6: the password, mfa and edit-phone settings need a
 * recent second-factor check): the password, then the SMS code when the account has an MFA phone.
 * Ends in `verified`, where the route refreshes the session (mfaVerifiedAt) and shows the protected page.
 */
export interface ReauthContext {
  fieldErrors: FieldErrors;
  /** masked phone the code went to */
  phoneNumber: string | null;
  codeError: string | null;
  genericError: string | null;
  /** the password submitted, for the `checkPassword` request; forgotten when the request ends */
  password: string | null;
  /** the code submitted, for the `checkCode` request */
  code: string | null;
}
export type ReauthEvent =
  | { type: 'user.submitPassword'; password: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.startOver' }
  | DoneActorEvent<MfaReauthResponse, 'checkPassword'>
  | ErrorActorEvent<unknown, 'checkPassword'>
  | DoneActorEvent<MfaStatus, 'checkCode'>
  | ErrorActorEvent<unknown, 'checkCode'>;

/** The request of the `checkPassword` actor (docs/machines.md). */
export function checkPasswordRequest({ context }: { context: Pick<ReauthContext, 'password'> }): { password: string } {
  if (context.password === null) throw new Error('checkPassword: no password submitted');
  return { password: context.password };
}

/** The request of the `checkCode` actor. */
export function checkCodeRequest({ context }: { context: Pick<ReauthContext, 'code'> }): { code: string } {
  if (context.code === null) throw new Error('checkCode: no code submitted');
  return { code: context.code.trim() };
}

export const reauthMachine = setup({
  types: { context: {} as ReauthContext, events: {} as ReauthEvent },
  actors: {
    checkPassword: fromPromise<MfaReauthResponse, { password: string }>(async () => notProvided('checkPassword')),
    checkCode: fromPromise<MfaStatus, { code: string }>(async () => notProvided('checkCode')),
  },
  guards: {
    isPasswordGiven: ({ event }) => {
      assertEvent(event, 'user.submitPassword');
      return v.safeParse(MfaReauthRequest, { password: event.password }).success;
    },
    isCodeWellFormed: ({ event }) => {
      assertEvent(event, 'user.submitCode');
      return v.safeParse(OneTimeCode, event.code).success;
    },
    isVerifiedNow: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkPassword');
      return event.output.status === 'verified';
    },
    isPasswordError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkPassword');
      return asFlowError(event.error).field === 'password';
    },
  },
  actions: {
    /** the route refreshes the session and shows the protected page */
    onVerified: () => {},
    assignPasswordErrors: assign(({ event }) => {
      assertEvent(event, 'user.submitPassword');
      const r = v.safeParse(MfaReauthRequest, { password: event.password });
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues) };
    }),
    clearErrors: assign({ fieldErrors: {}, codeError: null, genericError: null }),
    assignPhone: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkPassword');
      return { phoneNumber: event.output.phoneNumber };
    }),
    assignPasswordServerError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkPassword');
      return { fieldErrors: { password: asFlowError(event.error).message } };
    }),
    assignGenericError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkPassword');
      return { genericError: asFlowError(event.error).message };
    }),
    assignCodeFormatError: assign({ codeError: AccountMessages.invalidCode }),
    assignCodeError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkCode');
      return { codeError: asFlowError(event.error).message };
    }),
    assignPassword: assign(({ event }) => {
      assertEvent(event, 'user.submitPassword');
      return { password: event.password };
    }),
    forgetPassword: assign({ password: null }),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'user.submitCode');
      return { code: event.code };
    }),
  },
}).createMachine({
  id: 'reauth',
  description: 'Confirms the identity (password, then the SMS code when there is an MFA phone) before sensitive settings.',
  meta: { title: 'Re-authentication', spec: '2 §6 (recent second-factor check), §3 MFA challenge' },
  context: { fieldErrors: {}, phoneNumber: null, codeError: null, genericError: null, password: null, code: null },
  initial: 'enteringPassword',
  states: {
    enteringPassword: {
      description: 'Asks for the current password.',
      on: {
        'user.submitPassword': [
          { guard: 'isPasswordGiven', target: 'checkingPassword', actions: ['clearErrors', 'assignPassword'] },
          { actions: 'assignPasswordErrors' },
        ],
      },
    },
    checkingPassword: {
      description: 'POST /account/settings/mfa/reauth.',
      tags: ['loading'],
      exit: 'forgetPassword',
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        input: checkPasswordRequest,
        onDone: [{ guard: 'isVerifiedNow', target: 'verified' }, { target: 'enteringCode', actions: 'assignPhone' }],
        onError: [
          { guard: 'isPasswordError', target: 'enteringPassword', actions: 'assignPasswordServerError' },
          { target: 'enteringPassword', actions: 'assignGenericError' },
        ],
      },
    },
    enteringCode: {
      description: 'Asks for the code sent to the MFA phone.',
      on: {
        'user.submitCode': [
          { guard: 'isCodeWellFormed', target: 'checkingCode', actions: ['clearErrors', 'assignCode'] },
          { actions: 'assignCodeFormatError' },
        ],
        'user.startOver': { target: 'enteringPassword', actions: 'clearErrors' },
      },
    },
    checkingCode: {
      description: 'POST /account/settings/mfa/reauth/verify.',
      tags: ['loading'],
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: checkCodeRequest,
        onDone: { target: 'verified' },
        onError: { target: 'enteringCode', actions: 'assignCodeError' },
      },
    },
    verified: {
      description: 'Second factor recorded on the session.',
      type: 'final',
      entry: 'onVerified',
    },
  },
});
