import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { ssoMachine } from '../../machines/sso.machine.ts';
import { ssoActors } from '../services/account/sso.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { RedirectingView } from '../views/account/RedirectingView.tsx';
import { ReturnUrlSearch } from './-account/search.ts';

/** /account/signin/sso/:token?returnUrl= (spec 2 sections 2, 4 "Single sign-on"). */
export const Route = createFileRoute('/account/signin_/sso/$token')({
  validateSearch: ReturnUrlSearch,
  staticData: { chrome: 'logoOnly' },
  component: SsoPage,
});

function SsoPage() {
  const { token } = Route.useParams();
  const { returnUrl } = Route.useSearch();
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  useActorRef(ssoMachine.provide({ actors: ssoActors(queryClient), actions: flow }), { input: { token, returnUrl: returnUrl ?? null } });
  return <RedirectingView title="Signing you in…" />;
}
