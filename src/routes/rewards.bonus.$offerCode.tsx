import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { bonusOptInMachine } from '../../machines/bonus-opt-in.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { useRedirect } from '../services/redirect.ts';
import { bonusOptInActors } from '../services/rewards/promo.ts';
import { OptInEnrolling } from '../views/rewards/OptInResultView.tsx';

/**
 * /rewards/bonus/{offerCode} (docs/rewards.md 1, 2.2; issue 27): a bonus offer's opt-in link. Signed in only; it
 * enrols the member and replaces itself with the result page /rewards/promo/opt-in/{result}.
 */
export const Route = createFileRoute('/rewards/bonus/$offerCode')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location, { variant: 'promo' }),
  component: BonusOptInPage,
});

function BonusOptInPage() {
  const { offerCode } = Route.useParams();
  const redirect = useRedirect();
  useActorRef(
    bonusOptInMachine.provide({
      actors: bonusOptInActors(),
      actions: {
        redirect,
      },
    }),
    { input: { offerCode } },
  );
  return <OptInEnrolling />;
}
