import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { mfaSettingsMachine } from '../../machines/mfa-settings.machine.ts';
import { mfaSettingsActors } from '../services/account/mfa-settings.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { refreshSession } from '../services/session.ts';
import { MfaSettingsView } from '../views/account/MfaSettingsView.tsx';

export const Route = createFileRoute('/account/settings/mfa/')({
  component: MfaSettingsPage,
});

function MfaSettingsPage() {
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    mfaSettingsMachine.provide({ actors: mfaSettingsActors(), actions: { notify: flow.notify, requestReauth: () => void refreshSession(queryClient) } }),
  );
  return <MfaSettingsView actor={actor} />;
}
