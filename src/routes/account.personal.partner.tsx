import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { partnerNumberMachine } from '../../machines/partner-number.machine.ts';
import { partnerNumberActors } from '../services/account/partner-number.ts';
import { partnerNumberQuery } from '../services/account.queries.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { PartnerNumberView } from '../views/account/PartnerNumberView.tsx';

/** /account/personal/partner: the partner number. */
export const Route = createFileRoute('/account/personal/partner')({
  component: PartnerNumberPage,
});

function PartnerNumberPage() {
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    partnerNumberMachine.provide({
      actors: partnerNumberActors(),
      actions: {
        notify: (...args) => {
          flow.notify(...args);
          void queryClient.invalidateQueries({ queryKey: partnerNumberQuery.queryKey });
        },
      },
    }),
  );
  return <PartnerNumberView actor={actor} />;
}
