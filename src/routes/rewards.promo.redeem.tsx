import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { MatchId } from '../../contracts/rewards-ids.ts';
import { promoRedeemMachine } from '../../machines/promo-redeem.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { promoRedeemActors } from '../services/rewards/promo.ts';
import { PromoView } from '../views/rewards/PromoView.tsx';

/**
 * /rewards/promo/redeem?matchId= (spec 3 sections 2, 4, 6: requires authentication; docs/rewards.md 1, 2.1): a signed-out
 * visitor goes to the sign-in page's 'promo' variant ('Sign in to redeem this offer') and comes back here. A match
 * id that cannot be one is dropped (the machine then shows the invalid message without a call).
 */
export const Route = createFileRoute('/rewards/promo/redeem')({
  validateSearch: v.object({ matchId: v.fallback(v.optional(MatchId), undefined) }),
  beforeLoad: ({ context, location }) => requireSignIn(context, location, { variant: 'promo' }),
  component: PromoRedeemPage,
});

function PromoRedeemPage() {
  const { matchId } = Route.useSearch();
  const queryClient = useQueryClient();
  const actor = useActorRef(promoRedeemMachine.provide({ actors: promoRedeemActors(queryClient) }), { input: { matchId: matchId ?? null } });
  return <PromoView actor={actor} />;
}
