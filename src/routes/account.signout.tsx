import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { signOutMachine } from '../../machines/sign-out.machine.ts';
import { signOutActors } from '../services/account/sign-out.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { RedirectingView } from '../views/account/RedirectingView.tsx';
import { ReturnUrlSearch } from './-account/search.ts';

/** /account/signout?returnUrl= (spec 2 section 2): POST sign-out, then the return URL or /. */
export const Route = createFileRoute('/account/signout')({
  validateSearch: ReturnUrlSearch,
  staticData: { chrome: 'logoOnly' },
  component: SignOutPage,
});

function SignOutPage() {
  const { returnUrl } = Route.useSearch();
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  useActorRef(signOutMachine.provide({ actors: signOutActors(queryClient), actions: { redirect: flow.redirect } }), { input: { returnUrl: returnUrl ?? null } });
  return <RedirectingView title="Signing you out…" />;
}
