import type { GqlModule } from '../graphql/schema.ts';
import { checkInput, resolver, signedInUser } from '../graphql/errors.ts';
import { now } from '../clock.ts';
import { ApiError } from '../http/errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { RedeemPromoCodeVariables } from '../../contracts/rewards-promo.ts';
import { redeemPromoCode } from './campaigns.ts';

/**
 * GraphQL REDEEM_PROMO_CODE (spec 3 section 7; docs/rewards.md 3.6, 4.2): a member redeems a campaign's promo code
 * once. The code is checked with the contract (1 to 40 of A-Z a-z 0-9 -, else 400 BAD_REQUEST field promoCode);
 * refusals are the campaign codes 1002-1006 and PROMO_INELIGIBLE in `extensions.code`; a guest 401.
 */
const typeDefs = /* GraphQL */ `
  """The answer of a granted promo code: message 'Success!'"""
  type RedeemPromoCodeResult {
    message: String!
  }
  # INTERIM (R2): the two fields the promo page reads, until R1's server/rewards/graphql.ts defines LoyaltyProgram
  # with the whole summary; on that merge this type and field go (R1's resolver answers them from rewardsSummary)
  """The member's rewards programme data (the promo flow reads its sub-market and join date)."""
  type LoyaltyProgram {
    """the member's market (users.market), e.g. US"""
    subMarket: String!
    """when the member joined (ISO time)"""
    joinDate: String!
  }
  extend type User {
    loyaltyProgram: LoyaltyProgram!
  }
  extend type Mutation {
    """Grants the campaign's coupon to the signed-in member, once per member (a second time: 1004)."""
    redeemPromoCode(promoCode: String!): RedeemPromoCodeResult!
  }
`;

export const promoGraphql: GqlModule = {
  typeDefs,
  resolvers: {
    User: {
      loyaltyProgram: resolver(async (_args: unknown, ctx, u: { userId: string }) => {
        const r = await ctx.deps.db.query<{ market: string; created_at: Date }>('select market, created_at from users where id = $1', [u.userId]);
        const row = r.rows[0];
        if (!row) throw new ApiError(401, GenericCodes.unauthorized, 'Sign in required.');
        return { subMarket: row.market, joinDate: new Date(row.created_at).toISOString() };
      }),
    },
    Mutation: {
      redeemPromoCode: resolver(async (args: unknown, ctx) => {
        const userId = signedInUser(ctx);
        const input = checkInput(RedeemPromoCodeVariables, args);
        return redeemPromoCode(ctx.deps.db, userId, input.promoCode, now());
      }),
    },
  },
};
