import * as v from 'valibot';
import { REWARD_TIERS } from './rewards-constants.ts';
import type { StarLevel } from './rewards-config.ts';

/**
 * Rewards programme contracts (spec 3 sections 3, 5, 7; docs/rewards.md section 4): the valibot schemas shared by
 * client and server, and the pure rules both sides use (promo eligibility, promo code of a link, Star expiry date,
 * next reward, level). Constants: contracts/rewards-constants.ts; texts: contracts/rewards-messages.ts.
 * Timestamps are ISO 8601 strings as `Date.prototype.toISOString()` writes them.
 */
export * from './rewards-constants.ts';
export { RewardsMessages, RewardsTexts, type RewardsMessageKey } from './rewards-messages.ts';
export * from './rewards-config.ts';

const IsoTime = v.pipe(v.string(), v.isoTimestamp('Give the time as an ISO 8601 timestamp.'));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

// Configuration: contracts/rewards-config.ts (AppConfig.rewards; kept apart so the config contract stays small)

/** 'green' → 'Green' (spec: level capitalised); empty → 'Green' (the default) */
export function levelLabel(level: string | null | undefined): string {
  const name = (level ?? '').trim();
  return name ? name[0]!.toUpperCase() + name.slice(1).toLowerCase() : 'Green';
}

/** the highest level whose threshold is reached (design 3.3); levels ordered as StarLevels */
export function levelFor(qualifyingStars: number, levels: readonly StarLevel[]): StarLevel {
  let found = levels[0]!;
  for (const l of levels) if (l.stars <= qualifyingStars) found = l;
  return found;
}

/** design 3.3: the smallest reward tier above the balance; none above 400 */
export function nextRewardFor(stars: number): { tier: number; starsToNext: number } | null {
  const tier = REWARD_TIERS.find((t) => t > stars);
  return tier === undefined ? null : { tier, starsToNext: tier - stars };
}

/** design 3.2: a lot earned at `createdAt` expires at 00:00 UTC on the first day of the 7th month after its month */
export function expiresAt(createdAt: Date): Date {
  return new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth() + 7, 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Summary (GraphQL user.loyaltyProgram; server/rewards/summary.ts rewardsSummary, R1)

export const StarExpiration = v.object({ stars: Count, expiresAt: IsoTime });
export type StarExpiration = v.InferOutput<typeof StarExpiration>;
/** spec 3: "rewards expirations are a list of items with a date, split into expired and expiringSoon" */
export const RewardsExpirations = v.object({
  /** `expire` rows of the last 12 months, newest first (expiresAt = the expiry date) */
  expired: v.array(StarExpiration),
  /** expiringStars groups within EXPIRING_SOON_DAYS, soonest first */
  expiringSoon: v.array(StarExpiration),
});
export type RewardsExpirations = v.InferOutput<typeof RewardsExpirations>;
export const NextReward = v.object({ tier: Count, starsToNext: Count });
export type NextReward = v.InferOutput<typeof NextReward>;
export const RewardCoupon = v.object({
  couponCode: v.string(),
  status: v.picklist(['Available', 'Redeemed', 'Expired']),
  startDate: IsoTime,
  expirationDate: IsoTime,
});
export type RewardCoupon = v.InferOutput<typeof RewardCoupon>;
export const STAR_LEDGER_KINDS = ['earn', 'spend', 'adjustment', 'bonus', 'promo', 'reverse_earn', 'return_spend', 'expire'] as const;
export const StarActivity = v.object({
  delta: v.pipe(v.number(), v.integer()),
  balanceAfter: Count,
  kind: v.picklist(STAR_LEDGER_KINDS),
  description: v.string(),
  createdAt: IsoTime,
  orderId: v.nullable(v.string()),
});
export type StarActivity = v.InferOutput<typeof StarActivity>;

/** rewardsSummary(db, userId, at) (design 3.8); also the shape the stream reads */
export const RewardsSummary = v.object({
  stars: Count,
  /** lower-case level name from rewards.starLevels ('green') */
  level: v.string(),
  tierId: v.pipe(v.number(), v.integer()),
  qualifyingStars: Count,
  /** null: the level does not expire (Green) */
  levelExpiresAt: v.nullable(IsoTime),
  nextReward: v.nullable(NextReward),
  /** spec 3 user.loyaltyProgram.expiringStars: remaining Stars by expiry date, soonest first */
  expiringStars: v.array(StarExpiration),
  expirations: RewardsExpirations,
  coupons: v.array(RewardCoupon),
});
export type RewardsSummary = v.InferOutput<typeof RewardsSummary>;

/** GraphQL LoyaltyProgram: the summary, the promo user data and the activity (the pages select what they read) */
export const LoyaltyProgram = v.object({
  ...RewardsSummary.entries,
  subMarket: v.string(),
  joinDate: IsoTime,
  activity: v.array(StarActivity),
});
export type LoyaltyProgram = v.InferOutput<typeof LoyaltyProgram>;

/** what /rewards/my-rewards and /account/rewards read (src/services/rewards/summary.graphql.ts selects these) */
export const RewardsPageSummary = v.object({
  stars: Count,
  level: v.string(),
  levelExpiresAt: v.nullable(IsoTime),
  nextReward: v.nullable(NextReward),
  expiringStars: v.array(StarExpiration),
  expirations: RewardsExpirations,
  activity: v.array(StarActivity),
});
export type RewardsPageSummary = v.InferOutput<typeof RewardsPageSummary>;

// ---------------------------------------------------------------------------------------------------------------
// Promo redemption (spec 3 section 4 "Promo redemption", 5 "Offers", 7, 8; design 2.1, 3.6)

export { MatchId } from './rewards-ids.ts';
/** REDEEM_PROMO_CODE's variable: 1–40 of A-Za-z0-9- (else 400 BAD_REQUEST field promoCode) */
export const PromoCode = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/, 'Give a valid promo code.'));

export const CampaignLink = v.object({
  matchId: v.string(),
  campaignCode: v.string(),
  /** the link's data as stored (an object such as {"PromoCode": "SPRINGLATTE"}); read with promoCodeOf */
  linkData: v.unknown(),
  startsAt: IsoTime,
  endsAt: IsoTime,
  markets: v.array(v.string()),
  eligibleFrom: IsoTime,
});
export type CampaignLink = v.InferOutput<typeof CampaignLink>;

/** spec 3 "Promo user data": userSubMarket, joinDate (GraphQL loyaltyProgram { subMarket joinDate }) */
export const PromoUser = v.object({ subMarket: v.string(), joinDate: IsoTime });
export type PromoUser = v.InferOutput<typeof PromoUser>;

/** data.redeemPromoCode */
export const RedeemPromoCodeAnswer = v.object({ message: v.string() });
export type RedeemPromoCodeAnswer = v.InferOutput<typeof RedeemPromoCodeAnswer>;

/** spec 8 campaign-link codes by outcome (1008 and anything else: generic) */
export const PROMO_CODE_GROUPS = {
  invalid: ['1002', '1009'],
  expired: ['1003', '1004', '1005', '1007'],
  tooSoon: ['1006'],
  ineligible: ['PROMO_INELIGIBLE'],
} as const;

/**
 * Spec 5 "Offers": the eligibility date must be valid and not later than the user's join date, and the market must
 * match the user's sub-market. Shared by the promo machine (isIneligible) and the server (redeemPromoCode).
 */
export function promoEligible(link: Pick<CampaignLink, 'eligibleFrom' | 'markets'>, user: PromoUser): boolean {
  const from = Date.parse(link.eligibleFrom);
  const joined = Date.parse(user.joinDate);
  if (Number.isNaN(from) || Number.isNaN(joined)) return false;
  return from <= joined && link.markets.includes(user.subMarket);
}

/** spec 4 step 4: the value of the link data's key 'promocode' (any case), trimmed; null when absent or empty */
export function promoCodeOf(linkData: unknown): string | null {
  if (!linkData || typeof linkData !== 'object' || Array.isArray(linkData)) return null;
  for (const [key, value] of Object.entries(linkData)) {
    if (key.toLowerCase() === 'promocode' && typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Bonus opt-in (design 2.2, 3.5)

/** the route parameter of /rewards/bonus/$offerCode (seeded codes include PICKONE-A: hyphen allowed) */
export const BonusOfferCode = v.pipe(v.string(), v.regex(/^[A-Z0-9-]{3,20}$/, 'Give a valid offer code.'));
export const BonusOptInAnswer = v.object({
  outcome: v.picklist(['success', 'success-multiplier', 'active-choice', 'active-multiplier', 'active-external', 'expired', 'expired-multiplier']),
});
export type BonusOptInAnswer = v.InferOutput<typeof BonusOptInAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Hotel partner (spec 3 sections 4, 7; design 2.3, 2.4, 3.7)

export const PartnerAuthenticateAnswer = v.object({ redirectURL: v.string() });
export type PartnerAuthenticateAnswer = v.InferOutput<typeof PartnerAuthenticateAnswer>;
export const PartnerUnlinkAnswer = v.object({ unlinked: v.literal(true) });
export type PartnerUnlinkAnswer = v.InferOutput<typeof PartnerUnlinkAnswer>;
/** the unlink refusal's body (spec 7: the client reads data.error.code) */
export const PARTNER_NOT_LINKED_CODE = '8001034';
export const PartnerUnlinkError = v.looseObject({ code: v.string(), message: v.string(), error: v.object({ code: v.string() }) });
/** the partner's form POST to …/callback */
export const PartnerCallbackForm = v.object({
  state: v.pipe(v.string(), v.maxLength(2000)),
  partnerMemberId: v.pipe(v.string(), v.regex(/^[0-9]{9}$/, 'Give a 9-digit member number.')),
  outcome: v.picklist(['linked', 'cancelled']),
});
export type PartnerCallbackForm = v.InferOutput<typeof PartnerCallbackForm>;

/** the data of the REWARDS_SUMMARY document (src/services/rewards/summary.graphql.ts); user null for a guest */
export const RewardsSummaryAnswer = v.object({ user: v.nullable(v.object({ loyaltyProgram: RewardsPageSummary })) });
export type RewardsSummaryAnswer = v.InferOutput<typeof RewardsSummaryAnswer>;
