import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import type { ConnectedApps } from '../contracts/oauth.ts';
import { asFlowError, notProvided, type NotifyParams } from './account-flow.ts';

/**
 * Connected apps in /account/settings (issue 11: a member sees the third-party apps granted access and revokes
 * one; its tokens stop working at once). Load, then revoke one app at a time with a toast.
 */
export interface ConnectedAppsContext {
  apps: ConnectedApps['apps'] | null;
  /** the app being revoked */
  revoking: string | null;
  error: string | null;
}
export type ConnectedAppsEvent =
  | { type: 'user.revoke'; clientId: string }
  | { type: 'user.retry' }
  | DoneActorEvent<ConnectedApps, 'loadApps'>
  | ErrorActorEvent<unknown, 'loadApps'>
  | DoneActorEvent<ConnectedApps, 'revokeApp'>
  | ErrorActorEvent<unknown, 'revokeApp'>;

/** The request of the `revokeApp` actor (docs/machines.md): the client id of the app being revoked. */
export function revokeAppRequest({ context }: { context: Pick<ConnectedAppsContext, 'revoking'> }): { clientId: string } {
  if (!context.revoking) throw new Error('revokeApp: no app chosen');
  return { clientId: context.revoking };
}

export const connectedAppsMachine = setup({
  types: { context: {} as ConnectedAppsContext, events: {} as ConnectedAppsEvent },
  actors: {
    loadApps: fromPromise<ConnectedApps, void>(async () => notProvided('loadApps')),
    revokeApp: fromPromise<ConnectedApps, { clientId: string }>(async () => notProvided('revokeApp')),
  },
  guards: {
    /** only an app in the list can be revoked */
    isConnected: ({ context, event }) => {
      assertEvent(event, 'user.revoke');
      return !!context.apps?.some((a) => a.clientId === event.clientId);
    },
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    assignApps: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadApps', 'xstate.done.actor.revokeApp']);
      return { apps: (event.output as ConnectedApps).apps, revoking: null, error: null };
    }),
    assignRevoking: assign(({ event }) => {
      assertEvent(event, 'user.revoke');
      return { revoking: event.clientId };
    }),
    clearRevoking: assign({ revoking: null }),
    assignLoadError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadApps');
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'connectedApps',
  description: 'Lists the third-party apps with access to the account and revokes one.',
  meta: { title: 'Connected apps', spec: '2 §1 grant or refuse a third-party application access; issue 11 connected apps' },
  context: { apps: null, revoking: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/connected-apps.',
      tags: ['loading'],
      invoke: { id: 'loadApps', src: 'loadApps', onDone: { target: 'ready', actions: 'assignApps' }, onError: { target: 'loadFailed', actions: 'assignLoadError' } },
    },
    loadFailed: { description: 'The list could not be loaded.', tags: ['error'], on: { 'user.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: 'The list, each app with a Remove access button.',
      on: { 'user.revoke': { guard: 'isConnected', target: 'revoking', actions: 'assignRevoking' } },
    },
    revoking: {
      description: 'DELETE /account/connected-apps/:clientId.',
      tags: ['loading'],
      invoke: {
        id: 'revokeApp',
        src: 'revokeApp',
        input: revokeAppRequest,
        onDone: { target: 'ready', actions: ['assignApps', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'appRevoked' } }] },
        onError: { target: 'ready', actions: ['clearRevoking', { type: 'notify', params: { kind: 'toast', tone: 'error', message: 'appRevokeFailed' } }] },
      },
    },
  },
});
