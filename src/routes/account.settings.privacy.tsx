import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { privacySettingsMachine } from '../../machines/privacy-settings.machine.ts';
import { privacySettingsActors } from '../services/privacy/privacy-settings.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { PrivacySettingsView } from '../views/consent/PrivacySettingsView.tsx';

/** /account/settings/privacy (issue 11): the member's Do Not Sell or Share opt-out, shown and changed. */
export const Route = createFileRoute('/account/settings/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    privacySettingsMachine.provide({
      actors: privacySettingsActors(),
      actions: { notify: flow.notify },
    }),
  );
  return <PrivacySettingsView actor={actor} />;
}
