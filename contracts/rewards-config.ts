import * as v from 'valibot';
import { DEFAULT_STAR_LEVELS, UNIVERSAL_BENEFIT_IDS, type UniversalBenefitId } from './rewards-constants.ts';

export { HOTEL_PARTNER_NAME, HOTEL_PARTNER_SLUG } from './rewards-constants.ts';

/**
 * AppConfig.rewards (docs/rewards.md 4.1; built by server/config.ts rewardsConfig, env rows in README) and the
 * pure helpers over it. A module of its own: contracts/config.ts (in the entry) needs only these schemas.
 */

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** one status level: `level` is the lower-case name ('green'), shown capitalised; `stars` the qualifying threshold */
export const StarLevel = v.object({
  level: v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,19}$/)),
  tierId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  stars: Count,
});
export type StarLevel = v.InferOutput<typeof StarLevel>;
/** `rewardsProgramStarLevels`: ordered by `stars` ascending, the first at 0 */
export const StarLevels = v.pipe(
  v.array(StarLevel),
  v.minLength(1),
  v.check((levels) => levels[0]!.stars === 0 && levels.every((l, i) => i === 0 || l.stars > levels[i - 1]!.stars), 'Star levels start at 0 Stars and rise.'),
);

/** spec 3 "Universal benefit card": id, enabled; unknown ids are dropped by the page (knownBenefits) */
export const UniversalBenefit = v.object({ id: v.string(), enabled: v.boolean() });
export type UniversalBenefit = v.InferOutput<typeof UniversalBenefit>;

export const HotelPartnerConfig = v.object({
  enabled: v.boolean(),
  slug: v.string(),
  name: v.string(),
  /** the partner programme's join page (external; the hero's 'Join') */
  joinUrl: v.string(),
});
export type HotelPartnerConfig = v.InferOutput<typeof HotelPartnerConfig>;

/** AppConfig.rewards (docs/rewards.md 4.1) */
export const RewardsConfig = v.object({
  /** spec: the next-generation-loyalty flag picks the /rewards page (env ENABLE_NEXT_GEN_LOYALTY) */
  nextGenerationLoyalty: v.boolean(),
  starLevels: StarLevels,
  universalBenefits: v.array(UniversalBenefit),
  hotelPartner: HotelPartnerConfig,
});
export type RewardsConfig = v.InferOutput<typeof RewardsConfig>;

/** env REWARDS_STAR_LEVELS 'green:0,gold:500' → levels (tierId by position); anything unreadable → the default */
export function parseStarLevels(value: string | undefined): StarLevel[] {
  const fallback = DEFAULT_STAR_LEVELS.map((l) => ({ ...l }));
  if (!value) return fallback;
  const levels = value.split(',').map((part, i) => {
    const [level, stars] = part.trim().split(':');
    return { level: (level ?? '').toLowerCase(), tierId: i + 1, stars: /^[0-9]{1,7}$/.test(stars ?? '') ? Number(stars) : -1 };
  });
  const parsed = v.safeParse(StarLevels, levels);
  return parsed.success ? parsed.output : fallback;
}

/** env REWARDS_UNIVERSAL_BENEFITS 'free-monday,coffee-loop' → those enabled, the other known ids disabled; unset → all four */
export function parseUniversalBenefits(value: string | undefined): UniversalBenefit[] {
  if (value === undefined) return UNIVERSAL_BENEFIT_IDS.map((id) => ({ id, enabled: true }));
  const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !(UNIVERSAL_BENEFIT_IDS as readonly string[]).includes(id));
  return [...UNIVERSAL_BENEFIT_IDS.map((id) => ({ id, enabled: ids.includes(id) })), ...unknown.map((id) => ({ id, enabled: true }))];
}

/** the cards the page shows: enabled and of a known id, in configured order (spec: unknown ids are dropped) */
export function knownBenefits(cards: readonly UniversalBenefit[]): UniversalBenefitId[] {
  return cards.filter((c) => c.enabled && (UNIVERSAL_BENEFIT_IDS as readonly string[]).includes(c.id)).map((c) => c.id as UniversalBenefitId);
}
