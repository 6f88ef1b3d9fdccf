/**
 * Rewards programme constants (spec 3 section 9; docs/rewards.md section 4.1). Small and schema-free so pages,
 * machines and the server import them without valibot.
 */

/** spec 9: the #ways-to-pay scroll offset in px: 50 on a phone ((max-width: 767px), src/services/viewport.ts), 149 otherwise */
export const WAYS_TO_PAY_OFFSET = { mobile: 50, desktop: 149 } as const;
/** spec 9: the partner redirect page waits this long before the authenticate call */
export const PARTNER_REDIRECT_DELAY_MS = 5000;
/** spec 9: reward tiers (what Stars buy; images), smallest first */
export const REWARD_TIERS = [25, 100, 200, 300, 400] as const;
export type RewardTier = (typeof REWARD_TIERS)[number];
/** spec 3: the known universal-benefit ids (unknown ids are dropped) */
export const UNIVERSAL_BENEFIT_IDS = ['free-monday', 'personalized-games', 'double-star-personal-cup', 'coffee-loop'] as const;
export type UniversalBenefitId = (typeof UNIVERSAL_BENEFIT_IDS)[number];
/** spec 2: the eight bonus-offer opt-in result pages (/rewards/promo/opt-in/$result); any other → the error page */
export const OPT_IN_RESULTS = ['success', 'success-multiplier', 'active-choice', 'active-multiplier', 'active-external', 'expired', 'expired-multiplier', 'error'] as const;
export type OptInResult = (typeof OPT_IN_RESULTS)[number];
/** spec 2: the partner sub-paths (/rewards/partnerships/$hotelPartner/$sub); any other → the error page */
export const PARTNER_SUB_PATHS = ['success', 'unlinked', 'error', 'not-linked', 'already-linked', 'redirect'] as const;
export type PartnerSubPath = (typeof PARTNER_SUB_PATHS)[number];
/** design: expiring Stars within this many days are "expiring soon" (summary, stream star-expiry item) */
export const EXPIRING_SOON_DAYS = 60;
/** spec 9: the stream's expiring-stars card shows from this many Stars (docs/home.md) */
export const EXPIRING_STARS_CARD_THRESHOLD = 25;
/** design 3.3: the level window (rolling days) */
export const LEVEL_WINDOW_DAYS = 365;
/** design 3.3: server default of `rewards.starLevels` (env REWARDS_STAR_LEVELS 'green:0,gold:500') */
export const DEFAULT_STAR_LEVELS = [
  { level: 'green', tierId: 1, stars: 0 },
  { level: 'gold', tierId: 2, stars: 500 },
] as const;
/** design 3.7: the only hotel partner (fictional programme 'Lodgecrest Rewards') */
export const HOTEL_PARTNER_SLUG = 'lodgecrest';
export const HOTEL_PARTNER_NAME = 'Lodgecrest Rewards';
/** design: the activity list on /account/rewards shows this many ledger rows */
export const STAR_ACTIVITY_LIMIT = 20;
