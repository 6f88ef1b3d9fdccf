import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { sessionsMachine } from '../../machines/sessions.machine.ts';
import { sessionsActors } from '../services/sessions.actors.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { SessionsView } from '../views/account/SessionsView.tsx';

/** /account/settings/sessions: the member's signed-in devices (sign-in required by the settings layout). */
export const Route = createFileRoute('/account/settings/sessions')({
  component: SessionsPage,
});

function SessionsPage() {
  const flow = useAccountFlowActions();
  const actor = useActorRef(sessionsMachine.provide({ actors: sessionsActors(), actions: { notify: flow.notify } }));
  return <SessionsView actor={actor} />;
}
