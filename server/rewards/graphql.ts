import type { GqlContext, GqlModule } from '../graphql/schema.ts';
import { resolver } from '../graphql/errors.ts';
import { badRequest } from '../http/errors.ts';
import { now } from '../clock.ts';
import { rewardsSummary, starActivity, type MemberRewards } from './summary.ts';

/**
 * GraphQL `user.loyaltyProgram` (spec 3 section 7 expiring stars; docs/rewards.md 4.2): the member's Stars, level,
 * next reward, expiring Stars, expirations (expired / expiring soon), coupons, the promo user data and the ledger
 * activity, all from server/rewards/summary.ts. Typed (no JSON scalar). Guests have no `user` (null).
 */
const typeDefs = /* GraphQL */ `
  """Stars that expire (expiringStars, expiringSoon) or expired (expired) on one date (ISO 8601, 00:00 UTC on the 1st of a month)"""
  type StarExpiration {
    stars: Int!
    expiresAt: String!
  }
  type RewardsExpirations {
    """expire rows of the last 12 months, newest first"""
    expired: [StarExpiration!]!
    """unexpired Stars expiring within 60 days, soonest first"""
    expiringSoon: [StarExpiration!]!
  }
  type NextReward {
    tier: Int!
    starsToNext: Int!
  }
  type RewardCoupon {
    couponCode: String!
    """Available, Redeemed or Expired"""
    status: String!
    startDate: String!
    expirationDate: String!
  }
  type StarActivity {
    delta: Int!
    balanceAfter: Int!
    """earn, spend, adjustment, bonus, promo, reverse_earn, return_spend or expire"""
    kind: String!
    description: String!
    createdAt: String!
    orderId: String
  }
  """The member's rewards programme, computed from the Stars ledger"""
  type LoyaltyProgram {
    stars: Int!
    """lower-case level name from rewards.starLevels (green, gold)"""
    level: String!
    tierId: Int!
    qualifyingStars: Int!
    levelExpiresAt: String
    subMarket: String!
    joinDate: String!
    nextReward: NextReward
    expiringStars: [StarExpiration!]!
    expirations: RewardsExpirations!
    coupons: [RewardCoupon!]!
    """the last ledger rows, newest first (1 to 100)"""
    activity(limit: Int = 20): [StarActivity!]!
  }
  extend type User {
    loyaltyProgram: LoyaltyProgram!
  }
`;

type Program = MemberRewards & { userId: string };

export const rewardsGraphql: GqlModule = {
  typeDefs,
  resolvers: {
    User: {
      loyaltyProgram: resolver(async (_args: unknown, ctx: GqlContext, u: { userId: string }): Promise<Program> => ({ ...(await rewardsSummary(ctx.deps.db, u.userId, now())), userId: u.userId })),
    },
    LoyaltyProgram: {
      activity: resolver(async (args: { limit?: number | null }, ctx: GqlContext, p: Program) => {
        const limit = args.limit ?? 20;
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badRequest('limit: give 1 to 100.', 'limit');
        return starActivity(ctx.deps.db, p.userId, limit);
      }),
    },
  },
};
