/**
 * The promo flow's GraphQL documents (spec 3 section 7 REDEEM_PROMO_CODE; docs/rewards.md 4.2): the user's promo data
 * (user.loyaltyProgram { subMarket joinDate }) and the redemption, typed from schema.graphql by gql.tada, each
 * answer validated with its contract (contracts/rewards-promo.ts). Loaded on the first call (promo.ts).
 */
import { graphql } from '../../graphql/graphql.ts';
import { PromoUserAnswer, RedeemPromoCodeAnswer, type PromoUser, type RedeemPromoCodeVariables } from '../../../contracts/rewards-promo.ts';
import { ApiRequestError } from '../api.ts';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  PROMO_USER: graphql(`query PROMO_USER { user { loyaltyProgram { subMarket joinDate } } }`),
  REDEEM_PROMO_CODE: graphql(`mutation REDEEM_PROMO_CODE($promoCode: String!) { redeemPromoCode(promoCode: $promoCode) { message } }`),
};

/** the contract each document's `data` is validated with (scripts/graphql-documents.test.ts checks they agree) */
export const answers = {
  PROMO_USER: PromoUserAnswer,
  REDEEM_PROMO_CODE: RedeemPromoCodeAnswer,
};

export const promoGraphql = {
  user: async (signal?: AbortSignal): Promise<PromoUser> => {
    const data = await graphqlOperation(documents.PROMO_USER, {}, answers.PROMO_USER, signal);
    if (!data.user) throw new ApiRequestError(401, 'UNAUTHORIZED', 'Sign in required.');
    return data.user.loyaltyProgram;
  },
  redeem: async (input: RedeemPromoCodeVariables, signal?: AbortSignal) => (await graphqlOperation(documents.REDEEM_PROMO_CODE, input, answers.REDEEM_PROMO_CODE, signal)).redeemPromoCode,
};
