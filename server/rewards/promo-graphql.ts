import type { GqlModule } from '../graphql/schema.ts';
import { checkInput, resolver, signedInUser } from '../graphql/errors.ts';
import { now } from '../clock.ts';
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
  extend type Mutation {
    """Grants the campaign's coupon to the signed-in member, once per member (a second time: 1004)."""
    redeemPromoCode(promoCode: String!): RedeemPromoCodeResult!
  }
`;

export const promoGraphql: GqlModule = {
  typeDefs,
  resolvers: {
    Mutation: {
      redeemPromoCode: resolver(async (args: unknown, ctx) => {
        const userId = signedInUser(ctx);
        const input = checkInput(RedeemPromoCodeVariables, args);
        return redeemPromoCode(ctx.deps.db, userId, input.promoCode, now());
      }),
    },
  },
};
