/**
 * The rewards summary's GraphQL document (docs/rewards.md 4.2; schema: server/rewards/graphql.ts, R1): what
 * /rewards/my-rewards and /account/rewards show, validated with contracts/rewards.ts `RewardsSummaryAnswer`.
 * Loaded on the first read (summary.ts), so urql is not part of the pages' first load.
 */
import { graphql } from '../../graphql/graphql.ts';
import { RewardsSummaryAnswer, STAR_ACTIVITY_LIMIT, type RewardsPageSummary } from '../../../contracts/rewards.ts';
import { ApiRequestError } from '../api.ts';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  REWARDS_SUMMARY: graphql(`
    query REWARDS_SUMMARY($activityLimit: Int!) {
      user {
        loyaltyProgram {
          stars
          level
          levelExpiresAt
          nextReward { tier starsToNext }
          expiringStars { stars expiresAt }
          expirations { expired { stars expiresAt } expiringSoon { stars expiresAt } }
          activity(limit: $activityLimit) { delta balanceAfter kind description createdAt orderId }
        }
      }
    }
  `),
};

export const answers = { REWARDS_SUMMARY: RewardsSummaryAnswer };

export async function rewardsSummaryCall(signal?: AbortSignal): Promise<RewardsPageSummary> {
  const data = await graphqlOperation(documents.REWARDS_SUMMARY, { activityLimit: STAR_ACTIVITY_LIMIT }, answers.REWARDS_SUMMARY, signal);
  if (!data.user) throw new ApiRequestError(401, 'UNAUTHORIZED', 'Sign in to see your Rewards.');
  return data.user.loyaltyProgram;
}
