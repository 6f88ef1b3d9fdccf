import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { connectedAppsMachine } from '../../machines/connected-apps.machine.ts';
import { configQuery } from '../services/config.ts';
import { connectedAppsActors } from '../services/consent/connected-apps.ts';
import { sessionQuery } from '../services/session.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { SettingsView } from '../views/account/SettingsViews.tsx';
import { ConnectedAppsView } from '../views/consent/ConnectedAppsView.tsx';

export const Route = createFileRoute('/account/settings/')({
  component: SettingsPage,
});

function SettingsPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const flow = useAccountFlowActions();
  // connected apps (issue 11, docs/consent.md): the member revokes a third-party app's access here
  const apps = useActorRef(
    connectedAppsMachine.provide({
      actors: connectedAppsActors(),
      actions: { notify: flow.notify },
    }),
  );
  return (
    <>
      <SettingsView email={session.user?.email ?? ''} mfaEnabled={config.universal.enableMfaFeatures} />
      <div className="account-page account-page--wide">
        <ConnectedAppsView actor={apps} />
      </div>
    </>
  );
}
