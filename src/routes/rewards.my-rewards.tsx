import { createFileRoute, redirect } from '@tanstack/react-router';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { rewardsSummaryMachine } from '../../machines/rewards-summary.machine.ts';
import { configQuery } from '../services/config.ts';
import { prefetchRewardsSummary, rewardsSummaryActors } from '../services/rewards/summary.ts';
import { sessionQuery } from '../services/session.ts';
import { MyRewardsView } from '../views/rewards/MyRewardsView.tsx';
import type { UniversalBenefit } from '../../contracts/rewards-config.ts';

/**
 * /rewards/my-rewards (spec 3 section 2: flag on only; docs/rewards.md section 1: flag off goes to /rewards): the
 * member's status benefits. The loader prefetches a member's summary; the machine reads it from the same cache.
 */
export const Route = createFileRoute('/rewards/my-rewards')({
  beforeLoad: async ({ context }) => {
    const config = await context.queryClient.ensureQueryData(configQuery);
    if (!config.rewards.nextGenerationLoyalty) throw redirect({ to: '/rewards', replace: true });
  },
  loader: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery).catch(() => null);
    await prefetchRewardsSummary(context.queryClient, !!session?.signedIn);
  },
  component: MyRewardsPage,
});

function MyRewardsPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  const { data: session } = useQuery(sessionQuery);
  const signedIn = !!session?.signedIn;
  // a sign-in or sign-out elsewhere starts the page again with the new session
  return <MyRewardsMachine key={String(signedIn)} signedIn={signedIn} universalBenefits={config.rewards.universalBenefits} />;
}

function MyRewardsMachine({ signedIn, universalBenefits }: { signedIn: boolean; universalBenefits: readonly UniversalBenefit[] }) {
  const queryClient = useQueryClient();
  const actor = useActorRef(rewardsSummaryMachine.provide({ actors: rewardsSummaryActors(queryClient) }), { input: { signedIn } });
  return <MyRewardsView actor={actor} universalBenefits={universalBenefits} />;
}
