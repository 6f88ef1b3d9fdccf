import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { rewardsSummaryMachine } from '../../machines/rewards-summary.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { prefetchRewardsSummary, rewardsSummaryActors } from '../services/rewards/summary.ts';
import { AccountRewardsView } from '../views/rewards/AccountRewardsView.tsx';

/**
 * /account/rewards (spec 3 section 2: a signed-in account page with a rewards theme): the member's Stars, level,
 * next Reward, expiring Stars and Star activity. The loader prefetches the summary; the machine reads the cache.
 */
export const Route = createFileRoute('/account/rewards/')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context }) => prefetchRewardsSummary(context.queryClient, true),
  component: AccountRewardsPage,
});

function AccountRewardsPage() {
  const queryClient = useQueryClient();
  const actor = useActorRef(rewardsSummaryMachine.provide({ actors: rewardsSummaryActors(queryClient) }), { input: { signedIn: true } });
  return <AccountRewardsView actor={actor} />;
}
