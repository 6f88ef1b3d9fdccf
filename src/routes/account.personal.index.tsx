import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { personalDetailsMachine } from '../../machines/personal-details.machine.ts';
import { personalDetailsActors } from '../services/account/personal-details.ts';
import { profileQuery } from '../services/account.queries.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { PersonalDetailsView } from '../views/account/PersonalDetailsView.tsx';

/** /account/personal: name, phone number, birthday. */
export const Route = createFileRoute('/account/personal/')({
  // reads go through the one queryOptions (as /account/profile); the machine owns the edit flow and, on a failed
  // read, its loadFailed/retry states (prefetchQuery never throws)
  loader: ({ context }) => context.queryClient.prefetchQuery(profileQuery),
  component: PersonalDetailsPage,
});

function PersonalDetailsPage() {
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(personalDetailsMachine.provide({ actors: personalDetailsActors(queryClient), actions: { notify: flow.notify } }));
  return <PersonalDetailsView actor={actor} />;
}
