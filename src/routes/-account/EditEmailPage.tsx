import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { changeEmailMachine } from '../../../machines/change-email.machine.ts';
import { changeEmailActors } from '../../services/account/change-email.ts';
import { useAccountFlowActions } from '../../services/account-flow.tsx';
import { ChangeEmailView } from '../../views/account/ChangeEmailView.tsx';

/** The two pages of the email change: the form and the enter-code step (one machine, started at either). */
export function EditEmailPage({ step }: { step: 'form' | 'code' }) {
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(changeEmailMachine.provide({ actors: changeEmailActors(queryClient), actions: flow }), { input: { step } });
  return <ChangeEmailView actor={actor} />;
}
