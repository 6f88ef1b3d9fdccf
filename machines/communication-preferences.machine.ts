import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { asFlowError, notProvided, type NotifyParams } from './account-flow.ts';
import type { CommunicationPreferences } from '../contracts/account-preferences.ts';

/**
 * Communication preferences (spec 2 section 2; section 3: "a pending flag per item"). Each switch saves on its
 * own (PUT with that one key) and is pending until the server answers; a failure puts the switch back. One
 * region of `ready` per switch, each invoking `savePreference` with its own named input mapper (the key it saves).
 */
export type PreferenceKey = keyof CommunicationPreferences;
export const PREFERENCE_KEYS = ['receiveHarborEmailCommunications', 'receiveGeneralEmailCommunications', 'receivePersonalizedEmailCommunications'] as const satisfies readonly PreferenceKey[];

export interface SavePreferenceRequest {
  key: PreferenceKey;
  value: boolean;
}
export interface CommunicationPreferencesContext {
  preferences: CommunicationPreferences | null;
  pending: Partial<Record<PreferenceKey, boolean>>;
  error: string | null;
}
type SaveDone<K extends PreferenceKey> = DoneActorEvent<CommunicationPreferences, `save.${K}`>;
type SaveError<K extends PreferenceKey> = ErrorActorEvent<unknown, `save.${K}`>;
export type CommunicationPreferencesEvent =
  | { type: 'user.toggle'; key: PreferenceKey; value: boolean }
  | { type: 'user.retry' }
  | DoneActorEvent<CommunicationPreferences, 'loadPreferences'>
  | ErrorActorEvent<unknown, 'loadPreferences'>
  | SaveDone<'receiveHarborEmailCommunications'>
  | SaveError<'receiveHarborEmailCommunications'>
  | SaveDone<'receiveGeneralEmailCommunications'>
  | SaveError<'receiveGeneralEmailCommunications'>
  | SaveDone<'receivePersonalizedEmailCommunications'>
  | SaveError<'receivePersonalizedEmailCommunications'>;

/** One switch's request: its key and the value it now shows (the toggle was applied optimistically). */
function preferenceRequest(context: Pick<CommunicationPreferencesContext, 'preferences'>, key: PreferenceKey): SavePreferenceRequest {
  if (!context.preferences) throw new Error('savePreference: preferences not loaded');
  return { key, value: context.preferences[key] };
}

/** The request of the rewards-and-offers switch's `savePreference` invoke (docs/machines.md). */
export function saveHarborEmailRequest({ context }: { context: Pick<CommunicationPreferencesContext, 'preferences'> }): SavePreferenceRequest {
  return preferenceRequest(context, 'receiveHarborEmailCommunications');
}
/** The request of the news-and-events switch's `savePreference` invoke. */
export function saveGeneralEmailRequest({ context }: { context: Pick<CommunicationPreferencesContext, 'preferences'> }): SavePreferenceRequest {
  return preferenceRequest(context, 'receiveGeneralEmailCommunications');
}
/** The request of the personalized-offers switch's `savePreference` invoke. */
export function savePersonalizedEmailRequest({ context }: { context: Pick<CommunicationPreferencesContext, 'preferences'> }): SavePreferenceRequest {
  return preferenceRequest(context, 'receivePersonalizedEmailCommunications');
}

export const communicationPreferencesMachine = setup({
  types: { context: {} as CommunicationPreferencesContext, events: {} as CommunicationPreferencesEvent },
  actors: {
    loadPreferences: fromPromise<CommunicationPreferences, void>(async () => notProvided('loadPreferences')),
    savePreference: fromPromise<CommunicationPreferences, SavePreferenceRequest>(async () => notProvided('savePreference')),
  },
  guards: {
    /** the toggle of this region's switch */
    isToggleOf: ({ event }, params: { key: PreferenceKey }) => {
      assertEvent(event, 'user.toggle');
      return event.key === params.key;
    },
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    assignPreferences: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadPreferences');
      return { preferences: event.output as CommunicationPreferences, error: null };
    }),
    assignLoadError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadPreferences');
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
    /** optimistic: the switch moves at once and is pending until the answer */
    applyToggle: assign(({ context, event }) => {
      assertEvent(event, 'user.toggle');
      if (!context.preferences) return {};
      return { preferences: { ...context.preferences, [event.key]: event.value }, pending: { ...context.pending, [event.key]: true } };
    }),
    /** the server's answer for that item; the other items keep their (possibly pending) values */
    settleSaved: assign(({ context, event }, params: { key: PreferenceKey }) => {
      // the answer of that item's own save (a wrong event or key throws: a wiring bug)
      assertEvent(event, `xstate.done.actor.save.${params.key}`);
      if (!context.preferences) return {};
      const saved = event.output;
      return { preferences: { ...context.preferences, [params.key]: saved[params.key] }, pending: { ...context.pending, [params.key]: false } };
    }),
    revertItem: assign(({ context }, params: { key: PreferenceKey }) => {
      if (!context.preferences) return {};
      return { preferences: { ...context.preferences, [params.key]: !context.preferences[params.key] }, pending: { ...context.pending, [params.key]: false } };
    }),
  },
}).createMachine({
  id: 'communicationPreferences',
  description: 'Email communication switches, each saved on its own with a pending flag.',
  meta: { title: 'Communication preferences', spec: '2 §2 settings/communication-preferences, §3 (pending flag per item)' },
  context: { preferences: null, pending: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/communication-preferences.',
      tags: ['loading'],
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: { target: 'ready', actions: 'assignPreferences' },
        onError: { target: 'loadFailed', actions: 'assignLoadError' },
      },
    },
    loadFailed: {
      description: 'The preferences could not be loaded.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description: 'The switches; a pending switch is disabled until its save settles.',
      type: 'parallel',
      states: {
        receiveHarborEmailCommunications: {
          description: 'The rewards-and-offers switch.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Shows the saved value.',
              on: { 'user.toggle': { guard: { type: 'isToggleOf', params: { key: 'receiveHarborEmailCommunications' } }, target: 'saving', actions: 'applyToggle' } },
            },
            saving: {
              description: 'PUT /account/communication-preferences with this key; the switch is pending.',
              invoke: {
                id: 'save.receiveHarborEmailCommunications',
                src: 'savePreference',
                input: saveHarborEmailRequest,
                onDone: { target: 'idle', actions: [{ type: 'settleSaved', params: { key: 'receiveHarborEmailCommunications' } }, { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'preferenceSaved' } }] },
                onError: { target: 'idle', actions: [{ type: 'revertItem', params: { key: 'receiveHarborEmailCommunications' } }, { type: 'notify', params: { kind: 'toast', tone: 'error', message: 'preferenceSaveFailed' } }] },
              },
            },
          },
        },
        receiveGeneralEmailCommunications: {
          description: 'The news-and-events switch.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Shows the saved value.',
              on: { 'user.toggle': { guard: { type: 'isToggleOf', params: { key: 'receiveGeneralEmailCommunications' } }, target: 'saving', actions: 'applyToggle' } },
            },
            saving: {
              description: 'PUT /account/communication-preferences with this key; the switch is pending.',
              invoke: {
                id: 'save.receiveGeneralEmailCommunications',
                src: 'savePreference',
                input: saveGeneralEmailRequest,
                onDone: { target: 'idle', actions: [{ type: 'settleSaved', params: { key: 'receiveGeneralEmailCommunications' } }, { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'preferenceSaved' } }] },
                onError: { target: 'idle', actions: [{ type: 'revertItem', params: { key: 'receiveGeneralEmailCommunications' } }, { type: 'notify', params: { kind: 'toast', tone: 'error', message: 'preferenceSaveFailed' } }] },
              },
            },
          },
        },
        receivePersonalizedEmailCommunications: {
          description: 'The personalized-offers switch.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Shows the saved value.',
              on: { 'user.toggle': { guard: { type: 'isToggleOf', params: { key: 'receivePersonalizedEmailCommunications' } }, target: 'saving', actions: 'applyToggle' } },
            },
            saving: {
              description: 'PUT /account/communication-preferences with this key; the switch is pending.',
              invoke: {
                id: 'save.receivePersonalizedEmailCommunications',
                src: 'savePreference',
                input: savePersonalizedEmailRequest,
                onDone: { target: 'idle', actions: [{ type: 'settleSaved', params: { key: 'receivePersonalizedEmailCommunications' } }, { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'preferenceSaved' } }] },
                onError: { target: 'idle', actions: [{ type: 'revertItem', params: { key: 'receivePersonalizedEmailCommunications' } }, { type: 'notify', params: { kind: 'toast', tone: 'error', message: 'preferenceSaveFailed' } }] },
              },
            },
          },
        },
      },
    },
  },
});
