import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { AccountErrorCodes } from '../contracts/account-messages.ts';
import type { MfaStatus } from '../contracts/account-mfa.ts';
import { asFlowError, notProvided, type NotifyParams } from './account-flow.ts';

/**
 * The 2-step verification settings page (spec 2 section 2, behind universal.enableMfaFeatures): shows whether
 * an MFA phone is set, links to add or edit it, and removes it after a confirmation.
 */
export interface MfaSettingsContext {
  status: MfaStatus | null;
  error: string | null;
}
export type MfaSettingsEvent =
  | { type: 'user.removePhone' }
  | { type: 'user.confirmRemove' }
  | { type: 'user.cancelRemove' }
  | { type: 'user.retry' }
  | DoneActorEvent<MfaStatus, 'loadMfaStatus'>
  | ErrorActorEvent<unknown, 'loadMfaStatus'>
  | DoneActorEvent<MfaStatus, 'removePhone'>
  | ErrorActorEvent<unknown, 'removePhone'>;

export const mfaSettingsMachine = setup({
  types: { context: {} as MfaSettingsContext, events: {} as MfaSettingsEvent },
  actors: {
    loadMfaStatus: fromPromise<MfaStatus, void>(async () => notProvided('loadMfaStatus')),
    removePhone: fromPromise<MfaStatus, void>(async () => notProvided('removePhone')),
  },
  guards: {
    hasPhone: ({ context }) => !!context.status?.phoneNumber,
    isReauthRequired: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.removePhone');
      return asFlowError(event.error).code === AccountErrorCodes.reauthRequired;
    },
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    /** the second-factor check expired: the route refreshes the session so the re-authentication step shows */
    requestReauth: () => {},
    assignStatus: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadMfaStatus', 'xstate.done.actor.removePhone']);
      return { status: event.output, error: null };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadMfaStatus', 'xstate.error.actor.removePhone']);
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'mfaSettings',
  description: '2-step verification settings: status, add or edit the phone, remove it.',
  meta: { title: 'MFA settings', spec: '2 §2 Personal details and settings (mfa), §6' },
  context: { status: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/settings/mfa.',
      tags: ['loading'],
      invoke: {
        id: 'loadMfaStatus',
        src: 'loadMfaStatus',
        onDone: { target: 'showing', actions: 'assignStatus' },
        onError: { target: 'loadFailed', actions: 'assignError' },
      },
    },
    loadFailed: {
      description: 'The status could not be loaded.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    showing: {
      description: 'The phone (masked) or none, with add, edit and remove.',
      on: { 'user.removePhone': { guard: 'hasPhone', target: 'confirmingRemoval' } },
    },
    confirmingRemoval: {
      description: 'A dialog asks to confirm turning 2-step verification off.',
      on: {
        'user.confirmRemove': { target: 'removing' },
        'user.cancelRemove': { target: 'showing' },
      },
    },
    removing: {
      description: 'DELETE /account/settings/mfa/phone.',
      tags: ['loading'],
      invoke: {
        id: 'removePhone',
        src: 'removePhone',
        onDone: { target: 'showing', actions: ['assignStatus', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'mfaPhoneRemoved' } }] },
        onError: [
          { guard: 'isReauthRequired', target: 'reauthRequired' },
          { target: 'showing', actions: ['assignError', { type: 'notify', params: { kind: 'toast', tone: 'error', message: 'mfaPhoneRemoveFailed' } }] },
        ],
      },
    },
    reauthRequired: {
      description: 'The second-factor check expired meanwhile.',
      type: 'final',
      entry: 'requestReauth',
    },
  },
});
