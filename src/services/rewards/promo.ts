/**
 * Promo redemption and bonus opt-in (docs/rewards.md 2.1, 2.2, 4): the requests, the machines' actors and the reads,
 * in one place. REST: GET /campaign-links/{matchId}, POST /rewards/bonus-offers/{offerCode}/opt-in; GraphQL (loaded
 * on the first call, promo.graphql.ts): the user's sub-market and join date, REDEEM_PROMO_CODE. Failures reject
 * with a FlowError whose code is the server's (1002-1009, PROMO_INELIGIBLE, BONUS_NOT_FOUND...): the machines
 * choose the text by the code (spec 8).
 */
import { fromPromise } from 'xstate';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { BonusOptInAnswer, CampaignLink, PromoCodes, PromoMessages, type PromoUser, type RedeemPromoCodeVariables } from '../../../contracts/rewards-promo.ts';
import { api } from '../api.ts';
import { callWith } from '../../../machines/flow.ts';

/** texts by code for the one error path (a 4xx's own server text still comes first) */
const callPromo = callWith({
  [PromoCodes.unknownLink]: PromoMessages.promoInvalid,
  [PromoCodes.unreadableLinkData]: PromoMessages.promoInvalid,
  [PromoCodes.ended]: PromoMessages.promoExpired,
  [PromoCodes.withdrawnOrRedeemed]: PromoMessages.promoExpired,
  [PromoCodes.capReached]: PromoMessages.promoExpired,
  [PromoCodes.linkExpired]: PromoMessages.promoExpired,
  [PromoCodes.notStarted]: PromoMessages.promoTooSoon,
  [PromoCodes.ineligible]: PromoMessages.promoIneligible,
});

const graphqlCalls = () => import('./promo.graphql.ts').then((m) => m.promoGraphql);

export const promoApi = {
  campaignLink: (input: { matchId: string }, signal?: AbortSignal) =>
    callPromo(api.get(`/campaign-links/${encodeURIComponent(input.matchId)}`, { schema: CampaignLink, ...(signal ? { signal } : {}) })),
  user: async (signal?: AbortSignal) => callPromo((await graphqlCalls()).user(signal)),
  redeem: async (input: RedeemPromoCodeVariables, signal?: AbortSignal) => callPromo((await graphqlCalls()).redeem(input, signal)),
  optIn: (input: { offerCode: string }, signal?: AbortSignal) =>
    callPromo(api.post(`/rewards/bonus-offers/${encodeURIComponent(input.offerCode)}/opt-in`, {}, { schema: BonusOptInAnswer, ...(signal ? { signal } : {}) })),
};

/** the member's sub-market and join date (spec 3: "Promo user data"); read fresh for each redemption */
export const promoUserQuery = queryOptions({
  queryKey: ['rewards', 'promo-user'],
  queryFn: ({ signal }) => promoApi.user(signal),
  staleTime: 0,
  retry: false,
});

/** the actors of machines/promo-redeem.machine.ts */
export function promoRedeemActors(queryClient: QueryClient) {
  return {
    loadCampaignLink: fromPromise<CampaignLink, { matchId: string }>(({ input, signal }) => promoApi.campaignLink(input, signal)),
    loadPromoUser: fromPromise<PromoUser>(() => queryClient.fetchQuery(promoUserQuery)),
    redeemPromoCode: fromPromise<{ message: string }, RedeemPromoCodeVariables>(({ input, signal }) => promoApi.redeem(input, signal)),
  };
}

/** the actor of machines/bonus-opt-in.machine.ts */
export function bonusOptInActors() {
  return {
    optInBonus: fromPromise<BonusOptInAnswer, { offerCode: string }>(({ input, signal }) => promoApi.optIn(input, signal)),
  };
}
