import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { mfaPhoneMachine } from '../../../machines/mfa-phone.machine.ts';
import { mfaPhoneActors } from '../../services/account/mfa-phone.ts';
import { useAccountFlowActions } from '../../services/account-flow.tsx';
import { refreshSession } from '../../services/session.ts';
import { MfaPhoneView } from '../../views/account/MfaPhoneView.tsx';

/** The add and edit phone pages: one machine, two modes. */
export function MfaPhonePage({ mode }: { mode: 'add' | 'edit' }) {
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    mfaPhoneMachine.provide({
      actors: mfaPhoneActors(),
      actions: { ...flow, requestReauth: () => void refreshSession(queryClient) },
    }),
    { input: { mode } },
  );
  return <MfaPhoneView actor={actor} />;
}
