/** Events of the connected-apps model (shared by the path test and the view test). */
import type { ConnectedApps } from '../../contracts/oauth.ts';
import { serverDown } from './account-fakes.ts';

export const APPS: ConnectedApps = {
  apps: [
    { clientId: 'brewbudget', clientName: 'BrewBudget', clientImage: '/oauth-clients/brewbudget.svg', scopes: ['account', 'card'], grantedAt: '2026-11-20T10:00:00.000Z' },
    { clientId: 'starsync', clientName: 'StarSync', clientImage: '/oauth-clients/starsync.svg', scopes: ['rewards'], grantedAt: '2026-11-21T10:00:00.000Z' },
  ],
};
export const AFTER_REVOKE: ConnectedApps = { apps: [APPS.apps[1]!] };

export const connectedAppsEvents = [
  { type: 'user.revoke', clientId: 'brewbudget' },
  { type: 'user.revoke', clientId: 'not-connected' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadApps', output: APPS, actorId: 'loadApps' },
  { type: 'xstate.error.actor.loadApps', error: serverDown, actorId: 'loadApps' },
  { type: 'xstate.done.actor.revokeApp', output: AFTER_REVOKE, actorId: 'revokeApp' },
  { type: 'xstate.error.actor.revokeApp', error: serverDown, actorId: 'revokeApp' },
] as const;
