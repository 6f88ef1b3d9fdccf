/** The connected-apps flow (machines/connected-apps.machine.ts, /account/settings): its actors (docs/machines.md). */
import { fromPromise } from 'xstate';
import type { ConnectedApps } from '../../../contracts/oauth.ts';
import { consentApi } from '../consent.api.ts';

export function connectedAppsActors() {
  return {
    loadApps: fromPromise<ConnectedApps, void>(() => consentApi.connectedApps()),
    revokeApp: fromPromise<ConnectedApps, { clientId: string }>(({ input }) => consentApi.revokeApp(input.clientId)),
  };
}
