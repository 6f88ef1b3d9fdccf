import * as v from 'valibot';
import { GENERIC_ERROR_MESSAGE } from './errors.ts';

/**
 * Promo redemption and bonus opt-in (spec 3 section 4 "Promo redemption", section 5 "Offers", section 7
 * REDEEM_PROMO_CODE, section 8 "Promo redemption", "Opt-in pages"; docs/rewards.md 2.1, 2.2, 3.5, 3.6, 4).
 * Written by R2 because R4's contracts/rewards*.ts had not landed when the promo flow needed them: the names are
 * the design's (CampaignLink, PromoUser, promoEligible, promoCodeOf, PROMO_CODE_GROUPS, OPT_IN_RESULTS), so they
 * can move into contracts/rewards.ts unchanged. Shared by the server (server/rewards/campaigns.ts, bonus.ts) and
 * the client (machines/promo-redeem.machine.ts, bonus-opt-in.machine.ts).
 */

/** ?matchId= of /rewards/promo/redeem and the {matchId} of GET /campaign-links/{matchId} */
export const MATCH_ID_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
export const MatchId = v.pipe(v.string(), v.regex(MATCH_ID_PATTERN, 'a match id of 4 to 64 letters, digits, _ or -'));

/** REDEEM_PROMO_CODE's variable: 1 to 40 of A-Z a-z 0-9 - (else 400 BAD_REQUEST field promoCode) */
export const RedeemPromoCodeVariables = v.object({ promoCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/, 'a promo code of 1 to 40 letters, digits or -')) });
export type RedeemPromoCodeVariables = v.InferOutput<typeof RedeemPromoCodeVariables>;

/** GET /apiproxy/v1/campaign-links/{matchId}: the link's own data and its campaign's window, markets, eligibility */
export const CampaignLink = v.object({
  matchId: v.string(),
  campaignCode: v.string(),
  /** the link's data as the campaign wrote it: an object whose `promocode` key (any case) holds the code */
  linkData: v.record(v.string(), v.unknown()),
  startsAt: v.string(),
  endsAt: v.string(),
  markets: v.array(v.string()),
  eligibleFrom: v.string(),
});
export type CampaignLink = v.InferOutput<typeof CampaignLink>;

/** GraphQL user.loyaltyProgram { subMarket joinDate } (spec 3: "Promo user data: userSubMarket, joinDate") */
export const PromoUser = v.object({ subMarket: v.string(), joinDate: v.string() });
export type PromoUser = v.InferOutput<typeof PromoUser>;
export const PromoUserAnswer = v.object({ user: v.nullable(v.object({ loyaltyProgram: PromoUser })) });

/** data of REDEEM_PROMO_CODE: { redeemPromoCode { message } } */
export const RedeemPromoCodeAnswer = v.object({ redeemPromoCode: v.object({ message: v.string() }) });
export type RedeemPromoCodeAnswer = v.InferOutput<typeof RedeemPromoCodeAnswer>;

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

/** spec 8 "Campaign-link codes: 1002 and 1009 invalid; 1003, 1004, 1005 and 1007 expired; 1006 try again; all others generic." */
export const PROMO_CODE_GROUPS = {
  invalid: ['1002', '1009'],
  expired: ['1003', '1004', '1005', '1007'],
  tooSoon: ['1006'],
  ineligible: ['PROMO_INELIGIBLE'],
} as const;

/** The promo code of a link's data: the value of its key `promocode` in any case, trimmed; null when none. */
export function promoCodeOf(linkData: unknown): string | null {
  if (!linkData || typeof linkData !== 'object' || Array.isArray(linkData)) return null;
  for (const [key, value] of Object.entries(linkData)) {
    if (key.toLowerCase() === 'promocode' && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

const validDate = (s: string) => {
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : null;
};

/**
 * Spec 5 "Offers": the eligibility date must be valid and not later than the user's join date, and the market
 * must match the user's sub-market. The server applies the same rule to the member's users.market/created_at.
 */
export function promoEligible(link: Pick<CampaignLink, 'eligibleFrom' | 'markets'>, user: PromoUser): boolean {
  const from = validDate(link.eligibleFrom);
  const joined = validDate(user.joinDate);
  if (from === null || joined === null) return false;
  return from <= joined && link.markets.includes(user.subMarket);
}

/** the eight opt-in result pages of spec 2 (/rewards/promo/opt-in/{result}); any other path shows `error` */
export const OPT_IN_RESULTS = ['success', 'success-multiplier', 'active-choice', 'active-multiplier', 'active-external', 'expired', 'expired-multiplier', 'error'] as const;
export type OptInResult = (typeof OPT_IN_RESULTS)[number];
export const optInResultOf = (path: string): OptInResult => ((OPT_IN_RESULTS as readonly string[]).includes(path) ? (path as OptInResult) : 'error');

/** POST /apiproxy/v1/rewards/bonus-offers/{offerCode}/opt-in answers one of the seven non-error results */
export const BONUS_OUTCOMES = ['success', 'success-multiplier', 'active-choice', 'active-multiplier', 'active-external', 'expired', 'expired-multiplier'] as const;
export type BonusOutcome = (typeof BONUS_OUTCOMES)[number];
export const BonusOptInAnswer = v.object({ outcome: v.picklist(BONUS_OUTCOMES) });
export type BonusOptInAnswer = v.InferOutput<typeof BonusOptInAnswer>;
export const BONUS_OFFER_CODE = /^[A-Z0-9-]{3,20}$/;
export const BonusOfferCode = v.pipe(v.string(), v.regex(BONUS_OFFER_CODE, 'an offer code of 3 to 20 of A-Z, 0-9 or -'));
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
  promoSuccess: 'Success!',
  promoSuccessNote: 'Your Reward may take up to 24 hours to show.',
  promoIneligible: "Looks like you're not eligible for this offer.",
  promoInvalid: 'Looks like this offer could not be validated. Please try again.',
  promoExpired: 'Looks like this offer can no longer be redeemed.',
  promoTooSoon: 'Looks like you tried to redeem this offer too soon. Try again later.',
  promoGeneric: GENERIC_ERROR_MESSAGE,
  /** chosen: the page's heading while loading and on failure */
  promoHeading: 'Redeem offer',
  promoLoading: 'Checking your offer…',
  tryAgain: 'Try again',
  orderNow: 'Order now',
  /** chosen: the disclaimer of every opt-in page (spec: "a disclaimer that the offer is exclusive to the account") */
  optInDisclaimer: 'This offer is exclusive to your account and cannot be transferred.',
  optInSuccessHeading: "You're in!",
  optInSuccessBody: 'Your bonus is ready: earn it on your next orders.',
  optInSuccessMultiplierBody: 'Earn bonus Stars on every order during the event.',
  optInActiveChoiceHeading: 'You already chose this offer',
  optInActiveChoiceBody: 'Your bonus is active: earn it on your next orders.',
  optInAlreadyInHeading: "You're already in",
  optInActiveMultiplierBody: 'The event is on: earn bonus Stars on every order until it ends.',
  optInActiveExternalBody: 'You joined this offer elsewhere; it is active on your account.',
  optInExpiredHeading: 'Sorry!',
  /** spec 8 "Opt-in pages" */
  optInExpiredBody: 'This offer expired.',
  /** spec 8 "Opt-in pages" */
  optInExpiredMultiplierBody: 'This event is over.',
  optInErrorHeading: 'Uh oh!',
  /** spec 8 "Opt-in pages" */
  optInErrorBody: "We're working on this issue, so please try again soon. For immediate help, please visit our customer service page.",
  optInEnrolling: 'Adding this offer to your account…',
  optInEnrollingHeading: 'Bonus offer',
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
