/**
 * The rewards summary (/rewards/my-rewards, /account/rewards; docs/rewards.md 2.5): its queryOptions (the route's
 * loader prefetches it; the rewardsSummary machine's actor reads through the same cache) and the machine's actors.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { RewardsPageSummary } from '../../../contracts/rewards.ts';

/** the member's summary; fresh for 30 s (an order changes it) */
export const rewardsSummaryQuery = queryOptions({
  queryKey: ['rewards', 'summary'],
  queryFn: async ({ signal }) => (await import('./summary.graphql.ts')).rewardsSummaryCall(signal),
  staleTime: 30_000,
  retry: false,
});

/** the loader's prefetch: signed in only, and a failure is left to the machine (its 'Uh oh!' and Try again) */
export function prefetchRewardsSummary(queryClient: QueryClient, signedIn: boolean) {
  return signedIn ? queryClient.ensureQueryData(rewardsSummaryQuery).then(() => undefined, () => undefined) : Promise.resolve();
}

export function rewardsSummaryActors(queryClient: QueryClient) {
  return {
    // a retry after a failure reads again (fetchQuery: a failed query is not fresh)
    loadRewardsSummary: fromPromise<RewardsPageSummary, void>(() => queryClient.fetchQuery(rewardsSummaryQuery)),
  };
}
