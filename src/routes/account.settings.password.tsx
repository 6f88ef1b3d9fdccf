import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { changePasswordMachine } from '../../machines/change-password.machine.ts';
import { changePasswordActors } from '../services/account/change-password.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { configQuery } from '../services/config.ts';
import { ChangePasswordView } from '../views/account/ChangePasswordView.tsx';
import { ReauthGate } from './-account/ReauthGate.tsx';
import { loadPasswordStrength } from '../../contracts/password-strength.ts';

/**
 * /account/settings/password: needs a recent second-factor check (spec 2 section 6). The re-authentication
 * endpoints exist only with universal.enableMfaFeatures; without them the current password on the form is the check.
 */
export const Route = createFileRoute('/account/settings/password')({
  // the password-strength dictionaries load in the background (their own chunk, not in the entry bundle)
  loader: () => void loadPasswordStrength().catch(() => undefined),
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  return (
    <ReauthGate enabled={config.universal.enableMfaFeatures}>
      {/* behind the gate the re-authentication has just checked the password: the form does not ask again */}
      <ChangePasswordForm askCurrentPassword={!config.universal.enableMfaFeatures} />
    </ReauthGate>
  );
}

function ChangePasswordForm({ askCurrentPassword }: { askCurrentPassword: boolean }) {
  const flow = useAccountFlowActions();
  const actor = useActorRef(changePasswordMachine.provide({ actors: changePasswordActors(), actions: flow }), { input: { askCurrentPassword } });
  return <ChangePasswordView actor={actor} />;
}
