import * as v from 'valibot';

/**
 * Promo redemption and bonus opt-in (spec 3 section 4 "Promo redemption", section 5 "Offers", section 7
 * REDEEM_PROMO_CODE, section 8 "Promo redemption", "Opt-in pages"; docs/rewards.md 2.1, 2.2, 3.5, 3.6, 4).
 * The shared schemas and rules are R4's contracts/rewards.ts (re-exported here); this module adds what only the
 * promo flow uses: its codes, GraphQL answer shapes, the opt-in pages' table and its texts by key (every text is
 * RewardsMessages' own, contracts/rewards-messages.ts, plus a few page words of ours). Shared by the server
 * (server/rewards/campaigns.ts, bonus.ts) and the client (machines/promo-redeem.machine.ts, bonus-opt-in.machine.ts).
 */
import {
  BonusOfferCode,
  BonusOptInAnswer,
  CampaignLink,
  MatchId,
  OPT_IN_RESULTS,
  PROMO_CODE_GROUPS,
  PromoCode,
  PromoUser,
  RedeemPromoCodeAnswer,
  RewardsMessages,
  promoCodeOf,
  promoEligible,
  type OptInResult,
} from './rewards.ts';

// the shared rewards contracts (R4, contracts/rewards.ts) the promo flow uses, re-exported for one import
export { BonusOfferCode, BonusOptInAnswer, CampaignLink, MatchId, OPT_IN_RESULTS, PROMO_CODE_GROUPS, PromoUser, RedeemPromoCodeAnswer, promoCodeOf, promoEligible, type OptInResult };

/** REDEEM_PROMO_CODE's variables (contracts/rewards.ts PromoCode: else 400 BAD_REQUEST field promoCode) */
export const RedeemPromoCodeVariables = v.object({ promoCode: PromoCode });
export type RedeemPromoCodeVariables = v.InferOutput<typeof RedeemPromoCodeVariables>;

/** data of the promo user query: user.loyaltyProgram { subMarket joinDate } */
export const PromoUserAnswer = v.object({ user: v.nullable(v.object({ loyaltyProgram: PromoUser })) });
/** data of REDEEM_PROMO_CODE: { redeemPromoCode { message } } */
export const RedeemPromoCodeData = v.object({ redeemPromoCode: RedeemPromoCodeAnswer });

/** Campaign-link and REDEEM_PROMO_CODE codes (docs/rewards.md 3.5) */
export const PromoCodes = {
  unknownLink: '1002',
  ended: '1003',
  withdrawnOrRedeemed: '1004',
  capReached: '1005',
  notStarted: '1006',
  linkExpired: '1007',
  tooManyLookups: '1008',
  unreadableLinkData: '1009',
  ineligible: 'PROMO_INELIGIBLE',
} as const;

/** any path of /rewards/promo/opt-in/ that is not one of the eight pages shows the error page (spec 3 section 2) */
export const optInResultOf = (path: string): OptInResult => ((OPT_IN_RESULTS as readonly string[]).includes(path) ? (path as OptInResult) : 'error');
export type BonusOutcome = BonusOptInAnswer['outcome'];
/** the offer-code shape of BonusOfferCode, for the machine's guard */
export const BONUS_OFFER_CODE = /^[A-Z0-9-]{3,20}$/;
export const BonusCodes = { notFound: 'BONUS_NOT_FOUND', externalOnly: 'BONUS_EXTERNAL_ONLY' } as const;

/** a granted promo coupon lasts 30 days (docs/rewards.md 3.6) */
export const PROMO_GRANT_DAYS = 30;
/** look-ups of campaign links: 60 per member per hour (1008) */
export const CAMPAIGN_LINK_LOOKUPS_PER_HOUR = 60;

/**
 * Texts (spec 8 literal where the spec shows them; the others ours, marked "chosen"). Machines name them by key;
 * tests compare with the spec's words written out.
 */
export const PromoMessages = {
  promoSuccess: RewardsMessages.promoSuccess,
  promoSuccessNote: RewardsMessages.promoSuccessNote,
  promoIneligible: RewardsMessages.promoIneligible,
  promoInvalid: RewardsMessages.promoInvalid,
  promoExpired: RewardsMessages.promoExpired,
  promoTooSoon: RewardsMessages.promoTooSoon,
  promoGeneric: RewardsMessages.promoGeneric,
  /** chosen: the page's heading while loading and on failure */
  promoHeading: 'Redeem offer',
  promoLoading: 'Checking your offer…',
  tryAgain: 'Try again',
  orderNow: RewardsMessages.orderNow,
  optInDisclaimer: RewardsMessages.optInDisclaimer,
  optInSuccessHeading: RewardsMessages.optInSuccessHeading,
  optInSuccessBody: RewardsMessages.optInSuccessBody,
  optInSuccessMultiplierBody: RewardsMessages.optInSuccessMultiplierBody,
  optInActiveChoiceHeading: RewardsMessages.optInActiveChoiceHeading,
  optInActiveChoiceBody: RewardsMessages.optInActiveChoiceBody,
  optInAlreadyInHeading: RewardsMessages.optInActiveHeading,
  optInActiveMultiplierBody: RewardsMessages.optInActiveMultiplierBody,
  optInActiveExternalBody: RewardsMessages.optInActiveExternalBody,
  optInExpiredHeading: RewardsMessages.optInExpiredHeading,
  optInExpiredBody: RewardsMessages.optInExpiredBody,
  optInExpiredMultiplierBody: RewardsMessages.optInExpiredMultiplierBody,
  optInErrorHeading: RewardsMessages.optInErrorHeading,
  optInErrorBody: RewardsMessages.optInErrorBody,
  /** chosen: the opt-in link's page while it enrols */
  optInEnrollingHeading: 'Bonus offer',
  optInEnrolling: 'Adding this offer to your account…',
  /** chosen: the error page's link to config cards.commonQuestionsUrl */
  customerService: 'Customer service',
} as const;
export type PromoMessageKey = keyof typeof PromoMessages;

/** per result page: heading, body and whether 'Order now' (to /menu) shows (docs/rewards.md 1 "Opt-in result pages") */
export const OPT_IN_PAGES: Readonly<Record<OptInResult, { heading: PromoMessageKey; body: PromoMessageKey; orderNow: boolean }>> = {
  success: { heading: 'optInSuccessHeading', body: 'optInSuccessBody', orderNow: true },
  'success-multiplier': { heading: 'optInSuccessHeading', body: 'optInSuccessMultiplierBody', orderNow: true },
  'active-choice': { heading: 'optInActiveChoiceHeading', body: 'optInActiveChoiceBody', orderNow: true },
  'active-multiplier': { heading: 'optInAlreadyInHeading', body: 'optInActiveMultiplierBody', orderNow: true },
  'active-external': { heading: 'optInAlreadyInHeading', body: 'optInActiveExternalBody', orderNow: true },
  expired: { heading: 'optInExpiredHeading', body: 'optInExpiredBody', orderNow: false },
  'expired-multiplier': { heading: 'optInExpiredHeading', body: 'optInExpiredMultiplierBody', orderNow: false },
  error: { heading: 'optInErrorHeading', body: 'optInErrorBody', orderNow: false },
};
