import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import type { SessionList, SessionSummary } from '../contracts/sessions.ts';
import { asFlowError, notProvided, type NotifyParams } from './account-flow.ts';

/**
 * Your devices (/account/settings/sessions; ASVS 7.4.3): the member's sessions (device, created, last seen, this
 * device marked); end any other one, or all the others at once. Contract: contracts/sessions.ts.
 */
export interface SessionsContext {
  sessions: SessionSummary[];
  /** the session being ended (its public id), or null */
  ending: string | null;
  /** the last error to show (load or end), or null */
  error: string | null;
}

export type SessionsEvent =
  | { type: 'user.endSession'; id: string }
  | { type: 'user.endOthers' }
  | { type: 'user.retry' }
  | DoneActorEvent<SessionList, 'loadSessions'>
  | ErrorActorEvent<unknown, 'loadSessions'>
  | DoneActorEvent<SessionList, 'endSession'>
  | ErrorActorEvent<unknown, 'endSession'>
  | DoneActorEvent<SessionList, 'endOtherSessions'>
  | ErrorActorEvent<unknown, 'endOtherSessions'>;

/** The request of the `endSession` actor (docs/machines.md): the public id of the session to end. */
export function endSessionRequest({ context }: { context: Pick<SessionsContext, 'ending'> }): { id: string } {
  if (!context.ending) throw new Error('endSession: no session chosen');
  return { id: context.ending };
}

export const sessionsMachine = setup({
  types: { context: {} as SessionsContext, events: {} as SessionsEvent },
  actors: {
    loadSessions: fromPromise<SessionList, void>(async () => notProvided('loadSessions')),
    endSession: fromPromise<SessionList, { id: string }>(async () => notProvided('endSession')),
    endOtherSessions: fromPromise<SessionList, void>(async () => notProvided('endOtherSessions')),
  },
  guards: {
    isOtherSession: ({ context, event }) => {
      assertEvent(event, 'user.endSession');
      return context.sessions.some((s) => s.id === event.id && !s.current);
    },
    hasOtherSessions: ({ context }) => context.sessions.some((s) => !s.current),
    isAlreadyEnded: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.endSession');
      return asFlowError(event.error).code === 'SESSION_NOT_FOUND';
    },
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    assignSessions: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.endOtherSessions', 'xstate.done.actor.endSession', 'xstate.done.actor.loadSessions']);
      return { sessions: event.output.sessions, error: null };
    }),
    assignEnding: assign(({ event }) => {
      assertEvent(event, 'user.endSession');
      return { ending: event.id, error: null };
    }),
    clearEnding: assign({ ending: null }),
    dropEnded: assign(({ context }) => ({ sessions: context.sessions.filter((s) => s.id !== context.ending) })),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.endOtherSessions', 'xstate.error.actor.endSession', 'xstate.error.actor.loadSessions']);
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'sessions',
  description: "Lists the member's signed-in devices and ends any other one, or all the others.",
  meta: { title: 'Your devices (sessions)', spec: 'issue 6 (ASVS 7.4.3): /account/settings/sessions; spec 2 §2 settings' },
  context: { sessions: [], ending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/sessions.',
      tags: ['loading'],
      meta: { view: 'a progress indicator' },
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'ready', actions: 'assignSessions' },
        onError: { target: 'loadFailed', actions: 'assignError' },
      },
    },
    loadFailed: {
      description: 'The list could not be loaded: the error and a Try again button.',
      tags: ['error'],
      meta: { view: 'error alert and Try again' },
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description: 'The list: this device marked, a Sign out button per other device, Sign out of all other devices.',
      meta: { view: 'the session list' },
      on: {
        'user.endSession': { guard: 'isOtherSession', target: 'endingOne', actions: 'assignEnding' },
        'user.endOthers': { guard: 'hasOtherSessions', target: 'endingOthers', actions: 'clearError' },
      },
    },
    endingOne: {
      description: 'DELETE /account/sessions/:id; an already ended session just leaves the list.',
      tags: ['busy'],
      meta: { view: 'the list, that Sign out button busy' },
      // `ending` is cleared by each transition's own actions (after dropEnded reads it), not on exit: exit actions
      // run before transition actions
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: endSessionRequest,
        onDone: { target: 'ready', actions: ['assignSessions', 'clearEnding', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'sessionEnded' } }] },
        onError: [
          { guard: 'isAlreadyEnded', target: 'ready', actions: ['dropEnded', 'assignError', 'clearEnding'] },
          { target: 'ready', actions: ['assignError', 'clearEnding'] },
        ],
      },
    },
    endingOthers: {
      description: 'POST /account/sessions/end-others.',
      tags: ['busy'],
      meta: { view: 'the list, Sign out of all other devices busy' },
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: { target: 'ready', actions: ['assignSessions', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'otherSessionsEnded' } }] },
        onError: { target: 'ready', actions: 'assignError' },
      },
    },
  },
});
