/** Connected apps (issue 11): load; revoke an app of the list (toast 'Access removed...'); a failure keeps the list (error toast). */
import { expect } from 'vitest';
import { connectedAppsMachine, revokeAppRequest } from '../connected-apps.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { spyActions, type Flow } from './flow.ts';
import { AFTER_REVOKE, APPS, connectedAppsEvents } from './connected-apps.events.ts';

export const connectedAppsFlow: Flow<typeof connectedAppsMachine> = {
  machine: connectedAppsMachine,
  table: {
    loading: { 'xstate.done.actor.loadApps': 'ready', 'xstate.error.actor.loadApps': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ready: { 'user.revoke': { guard: 'isConnected', to: 'revoking' } },
    revoking: { 'xstate.done.actor.revokeApp': 'ready', 'xstate.error.actor.revokeApp': 'ready' },
  },
  // spec 2 "connected apps": revoke a connected app; a failed load can be retried
  journeys: [
    { name: 'revoke', events: [connectedAppsEvents[3], connectedAppsEvents[0], connectedAppsEvents[5]], ends: 'ready' },
    { name: 'revoking', events: [connectedAppsEvents[3], connectedAppsEvents[0]], ends: 'revoking' },
    { name: 'revoke fails', events: [connectedAppsEvents[3], connectedAppsEvents[0], connectedAppsEvents[6]], ends: 'ready' },
    { name: 'an app not connected is not revoked', events: [connectedAppsEvents[3], connectedAppsEvents[1]], ends: 'ready' },
    { name: 'the load fails, retried', events: [connectedAppsEvents[4], connectedAppsEvents[2], connectedAppsEvents[3]], ends: 'ready' },
    { name: 'the load fails', events: [connectedAppsEvents[4]], ends: 'loadFailed' },
  ],
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, revoking: { tags: ['loading'] } },
  effects: {
    'xstate.done.actor.revokeApp -> ready': ['notify:toast/success/appRevoked'],
    'xstate.error.actor.revokeApp -> ready': ['notify:toast/error/appRevokeFailed'],
  },
  arrange(machine) {
    const fakes = requestFakes({ revokeApp: revokeAppRequest });
    const spy = spyActions(['notify'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadApps: stuck() }, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: connectedAppsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, a: s.context.apps, r: s.context.revoking, e: s.context.error }) } }],
      onStep(s, event) {
        const c = s.context;
        if (s.matches('revoking')) {
          expect(c.revoking).toBe('brewbudget');
          expect(fakes.last('revokeApp')).toEqual({ clientId: 'brewbudget' });
        }
        if (event.type === 'xstate.done.actor.loadApps') expect(c.apps).toEqual(APPS.apps);
        if (event.type === 'xstate.done.actor.revokeApp') expect(c.apps).toEqual(AFTER_REVOKE.apps);
        if (event.type === 'xstate.error.actor.revokeApp') expect(c.apps).toEqual(APPS.apps);
        if (s.matches('ready')) expect(c.revoking).toBeNull();
        if (s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('loading')) expect(c.error).toBeNull();
        expect([accountMessages.appRevoked, accountMessages.appRevokeFailed]).toEqual(['Access removed. That app can no longer reach your account.', "We couldn't remove that app's access. Please try again."]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('revokeApp')).toEqual([{ clientId: 'brewbudget' }]);
      },
    };
  },
};
