import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import type { PrivacySettings } from '../contracts/privacy.ts';
import { asFlowError, notProvided, type NotifyParams } from './account-flow.ts';

/**
 * /account/settings/privacy (issue 11): the member's "Do Not Sell or Share" opt-out, shown and changed. Load, then
 * one switch that saves at once (a toast each way; a failure keeps the stored value and says so).
 */
export interface PrivacySettingsContext {
  optedOut: boolean | null;
  /** the value being saved */
  saving: boolean | null;
  error: string | null;
}
export type PrivacySettingsEvent =
  | { type: 'user.toggle'; optedOut: boolean }
  | { type: 'user.retry' }
  | DoneActorEvent<PrivacySettings, 'loadPrivacy'>
  | ErrorActorEvent<unknown, 'loadPrivacy'>
  | DoneActorEvent<PrivacySettings, 'savePrivacy'>
  | ErrorActorEvent<unknown, 'savePrivacy'>;

/** The request of the `savePrivacy` actor (docs/machines.md). */
export function savePrivacyRequest({ context }: { context: Pick<PrivacySettingsContext, 'saving'> }): PrivacySettings {
  if (context.saving === null) throw new Error('savePrivacy: nothing to save');
  return { optedOut: context.saving };
}

export const privacySettingsMachine = setup({
  types: { context: {} as PrivacySettingsContext, events: {} as PrivacySettingsEvent },
  actors: {
    loadPrivacy: fromPromise<PrivacySettings, void>(async () => notProvided('loadPrivacy')),
    savePrivacy: fromPromise<PrivacySettings, PrivacySettings>(async () => notProvided('savePrivacy')),
  },
  guards: {
    isChange: ({ context, event }) => {
      assertEvent(event, 'user.toggle');
      return event.optedOut !== context.optedOut;
    },
    savedOptOut: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.savePrivacy');
      return event.output.optedOut;
    },
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    assignSettings: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadPrivacy', 'xstate.done.actor.savePrivacy']);
      return { optedOut: (event.output as PrivacySettings).optedOut, saving: null, error: null };
    }),
    assignSaving: assign(({ event }) => {
      assertEvent(event, 'user.toggle');
      return { saving: event.optedOut };
    }),
    clearSaving: assign({ saving: null }),
    assignLoadError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadPrivacy');
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'privacySettings',
  description: "Shows and changes the member's Do Not Sell or Share opt-out.",
  meta: { title: 'Privacy settings', spec: '2 §2 /account/settings/privacy, /personal-information redirect; issue 11' },
  context: { optedOut: null, saving: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/privacy.',
      tags: ['loading'],
      invoke: { id: 'loadPrivacy', src: 'loadPrivacy', onDone: { target: 'ready', actions: 'assignSettings' }, onError: { target: 'loadFailed', actions: 'assignLoadError' } },
    },
    loadFailed: { description: 'Could not be loaded.', tags: ['error'], on: { 'user.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: 'The switch shows the stored opt-out.',
      on: { 'user.toggle': { guard: 'isChange', target: 'saving', actions: 'assignSaving' } },
    },
    saving: {
      description: 'PUT /account/privacy.',
      tags: ['loading'],
      invoke: {
        id: 'savePrivacy',
        src: 'savePrivacy',
        input: savePrivacyRequest,
        onDone: [
          { guard: 'savedOptOut', target: 'ready', actions: ['assignSettings', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'privacyOptOutSaved' } }] },
          { target: 'ready', actions: ['assignSettings', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'privacyOptInSaved' } }] },
        ],
        onError: { target: 'ready', actions: ['clearSaving', { type: 'notify', params: { kind: 'toast', tone: 'error', message: 'privacySaveFailed' } }] },
      },
    },
  },
});
