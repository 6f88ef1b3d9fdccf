import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { forgotPasswordActors } from '../services/account/forgot-password.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { ForgotPasswordView } from '../views/account/ForgotPasswordView.tsx';

/** /account/forgot-password (spec 2 section 2 "Password recovery"). */
export const Route = createFileRoute('/account/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const flow = useAccountFlowActions();
  const actor = useActorRef(forgotPasswordMachine.provide({ actors: forgotPasswordActors(), actions: { redirect: flow.redirect } }));
  return <ForgotPasswordView actor={actor} />;
}
