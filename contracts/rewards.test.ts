import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AppConfig } from './config.ts';
import { loadConfig, rewardsConfig } from '../server/config.ts';
import {
  expiresAt, knownBenefits, levelFor, levelLabel, nextRewardFor, parseStarLevels, parseUniversalBenefits, promoCodeOf, promoEligible,
  BonusOfferCode, MatchId, PromoCode, RewardsSummary, StarLevels, WAYS_TO_PAY_OFFSET,
} from './rewards.ts';

describe('rewards config', () => {
  it('the server config passes the client contract, flag on, two levels, the four benefits, the partner on', () => {
    const config = v.parse(AppConfig, loadConfig({}));
    expect(config.rewards.nextGenerationLoyalty).toBe(true);
    expect(config.rewards.starLevels).toEqual([{ level: 'green', tierId: 1, stars: 0 }, { level: 'gold', tierId: 2, stars: 500 }]);
    expect(knownBenefits(config.rewards.universalBenefits)).toEqual(['free-monday', 'personalized-games', 'double-star-personal-cup', 'coffee-loop']);
    expect(config.rewards.hotelPartner).toMatchObject({ enabled: true, slug: 'lodgecrest' });
  });
  it('env overrides: flag off, levels, benefits (unknown ids kept in config, dropped by the page), partner off', () => {
    const r = rewardsConfig({ ENABLE_NEXT_GEN_LOYALTY: 'false', REWARDS_STAR_LEVELS: 'green:0,gold:300,reserve:900', REWARDS_UNIVERSAL_BENEFITS: 'coffee-loop,mystery', HOTEL_PARTNER_ENABLED: '0' });
    expect(r.nextGenerationLoyalty).toBe(false);
    expect(r.starLevels.map((l) => [l.level, l.tierId, l.stars])).toEqual([['green', 1, 0], ['gold', 2, 300], ['reserve', 3, 900]]);
    expect(r.universalBenefits).toContainEqual({ id: 'mystery', enabled: true });
    expect(knownBenefits(r.universalBenefits)).toEqual(['coffee-loop']);
    expect(knownBenefits(parseUniversalBenefits(''))).toEqual([]);
    expect(r.hotelPartner.enabled).toBe(false);
    expect(v.safeParse(AppConfig, { ...loadConfig({}), rewards: r }).success).toBe(true);
  });
  it('unreadable or unordered levels fall back to the default', () => {
    expect(parseStarLevels('gold:500,green:0')[1]!.level).toBe('gold');
    expect(parseStarLevels('green:0,gold:500,').length).toBe(2);
    expect(parseStarLevels('green:10,gold:500')[0]!.stars).toBe(0);
    expect(parseStarLevels('green:x')).toHaveLength(2);
    expect(v.safeParse(StarLevels, [{ level: 'gold', tierId: 2, stars: 500 }]).success).toBe(false);
  });
});

describe('rewards rules', () => {
  it('level label capitalised, default Green; level by threshold', () => {
    expect(levelLabel('gold')).toBe('Gold');
    expect(levelLabel('GREEN')).toBe('Green');
    expect(levelLabel(null)).toBe('Green');
    expect(levelLabel('')).toBe('Green');
    const levels = parseStarLevels(undefined);
    expect(levelFor(0, levels).level).toBe('green');
    expect(levelFor(499, levels).level).toBe('green');
    expect(levelFor(500, levels).level).toBe('gold');
  });
  it('next reward: the smallest tier above the balance, none from 400', () => {
    expect(nextRewardFor(0)).toEqual({ tier: 25, starsToNext: 25 });
    expect(nextRewardFor(25)).toEqual({ tier: 100, starsToNext: 75 });
    expect(nextRewardFor(399)).toEqual({ tier: 400, starsToNext: 1 });
    expect(nextRewardFor(400)).toBeNull();
  });
  it('expiry: the first day of the 7th month after the month earned, UTC', () => {
    expect(expiresAt(new Date('2026-03-01T00:00:00Z')).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(expiresAt(new Date('2026-03-31T23:59:59Z')).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(expiresAt(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(expiresAt(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe('2028-09-01T00:00:00.000Z');
  });
  it('promo eligibility (spec 5) and promo code of the link data (spec 4 step 4)', () => {
    const user = { subMarket: 'US', joinDate: '2026-11-01T00:00:00.000Z' };
    expect(promoEligible({ eligibleFrom: '2020-01-01T00:00:00.000Z', markets: ['US'] }, user)).toBe(true);
    expect(promoEligible({ eligibleFrom: '2026-11-01T00:00:00.000Z', markets: ['US'] }, user)).toBe(true);
    expect(promoEligible({ eligibleFrom: '2099-01-01T00:00:00.000Z', markets: ['US'] }, user)).toBe(false);
    expect(promoEligible({ eligibleFrom: '2020-01-01T00:00:00.000Z', markets: ['CA'] }, user)).toBe(false);
    expect(promoEligible({ eligibleFrom: 'not a date', markets: ['US'] }, user)).toBe(false);
    expect(promoCodeOf({ PromoCode: ' SPRINGLATTE ' })).toBe('SPRINGLATTE');
    expect(promoCodeOf({ promocode: 'springlatte', utm: 'x' })).toBe('springlatte');
    expect(promoCodeOf({ utm: 'mail' })).toBeNull();
    expect(promoCodeOf({ promocode: '  ' })).toBeNull();
    expect(promoCodeOf({ promocode: 5 })).toBeNull();
    expect(promoCodeOf([])).toBeNull();
    expect(promoCodeOf(null)).toBeNull();
  });
  it('input schemas', () => {
    expect(v.safeParse(MatchId, 'spring-latte-01').success).toBe(true);
    expect(v.safeParse(MatchId, 'a b').success).toBe(false);
    expect(v.safeParse(PromoCode, 'SPRINGLATTE').success).toBe(true);
    expect(v.safeParse(PromoCode, 'x'.repeat(41)).success).toBe(false);
    expect(v.safeParse(BonusOfferCode, 'PICKONE-A').success).toBe(true);
    expect(v.safeParse(BonusOfferCode, 'double3').success).toBe(false);
    expect(WAYS_TO_PAY_OFFSET).toEqual({ mobile: 50, desktop: 149 });
  });
  it('a summary answer parses', () => {
    const summary = {
      stars: 120, level: 'green', tierId: 1, qualifyingStars: 120, levelExpiresAt: null, nextReward: { tier: 200, starsToNext: 80 },
      expiringStars: [{ stars: 30, expiresAt: '2027-05-01T00:00:00.000Z' }], expirations: { expired: [], expiringSoon: [] },
      coupons: [{ couponCode: 'PROMOLATTE', status: 'Available', startDate: '2026-11-01T00:00:00.000Z', expirationDate: '2026-12-01T00:00:00.000Z' }],
    };
    expect(v.safeParse(RewardsSummary, summary).success).toBe(true);
    expect(v.safeParse(RewardsSummary, { ...summary, stars: -1 }).success).toBe(false);
  });
});
