import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { communicationPreferencesMachine } from '../../machines/communication-preferences.machine.ts';
import { communicationPreferencesActors } from '../services/account/communication-preferences.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { configQuery } from '../services/config.ts';
import { CommunicationPreferencesView } from '../views/account/CommunicationPreferencesView.tsx';

export const Route = createFileRoute('/account/settings/communication-preferences')({
  component: CommunicationPreferencesPage,
});

function CommunicationPreferencesPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  const flow = useAccountFlowActions();
  const actor = useActorRef(communicationPreferencesMachine.provide({ actors: communicationPreferencesActors(), actions: { notify: flow.notify } }));
  return <CommunicationPreferencesView actor={actor} brandName={config.brand.name} product={config.brand.product} />;
}
