import type { Db } from '../db.ts';

/**
 * The promo campaigns, their links and the bonus offers (docs/rewards.md 3.5): one row per outcome the promo page
 * and the opt-in pages can show, so every code of spec 8 can be reached from a seeded link. `seedRewardsIfEmpty`
 * runs after the menu seed (the campaigns' coupons are offers) and on databases seeded before it existed.
 */
export const PROMO_OFFERS = [
  { code: 'PROMOLATTE', type: 'REWARD', stars: 0, description: 'Promo: one free handcrafted drink', reward_tier: null, percent_off: 100, eligible_from: '2020-01-01T00:00:00Z', market: 'US', grant_only: true },
  { code: 'PROMOPASTRY', type: 'REWARD', stars: 0, description: 'Promo: one free bakery item', reward_tier: null, percent_off: 100, eligible_from: '2020-01-01T00:00:00Z', market: 'CA', grant_only: true },
] as const;

const OPEN = { starts_at: '2020-01-01T00:00:00Z', ends_at: '2099-12-31T23:59:59Z' };
const US = ['US'];

export const CAMPAIGNS = [
  { campaign_code: 'SPRING-LATTE', promo_code: 'SPRINGLATTE', offer_code: 'PROMOLATTE', starts_at: '2026-01-01T00:00:00Z', ends_at: '2099-12-31T23:59:59Z', markets: US, eligible_from: '2020-01-01T00:00:00Z', max_redemptions: null, withdrawn: false },
  { campaign_code: 'PASTRY-CA', promo_code: 'PASTRYCA', offer_code: 'PROMOPASTRY', ...OPEN, markets: ['CA'], eligible_from: '2020-01-01T00:00:00Z', max_redemptions: null, withdrawn: false },
  { campaign_code: 'FOUNDERS-PROMO', promo_code: 'FOUNDERSDRINK', offer_code: 'PROMOLATTE', ...OPEN, markets: US, eligible_from: '2099-01-01T00:00:00Z', max_redemptions: null, withdrawn: false },
  { campaign_code: 'WINTER-2025', promo_code: 'WINTER25', offer_code: 'PROMOLATTE', starts_at: '2025-01-01T00:00:00Z', ends_at: '2025-02-28T23:59:59Z', markets: US, eligible_from: '2020-01-01T00:00:00Z', max_redemptions: null, withdrawn: false },
  { campaign_code: 'WITHDRAWN', promo_code: 'PULLED', offer_code: 'PROMOLATTE', ...OPEN, markets: US, eligible_from: '2020-01-01T00:00:00Z', max_redemptions: null, withdrawn: true },
  { campaign_code: 'TINY-CAP', promo_code: 'ONLYONE', offer_code: 'PROMOLATTE', ...OPEN, markets: US, eligible_from: '2020-01-01T00:00:00Z', max_redemptions: 1, withdrawn: false },
  { campaign_code: 'FUTURE', promo_code: 'SOON', offer_code: 'PROMOLATTE', starts_at: '2099-01-01T00:00:00Z', ends_at: '2099-12-31T23:59:59Z', markets: US, eligible_from: '2020-01-01T00:00:00Z', max_redemptions: null, withdrawn: false },
  { campaign_code: 'NO-CODE', promo_code: 'NOCODE', offer_code: 'PROMOLATTE', ...OPEN, markets: US, eligible_from: '2020-01-01T00:00:00Z', max_redemptions: null, withdrawn: false },
];

export const CAMPAIGN_LINKS = [
  { match_id: 'spring-latte-01', campaign_code: 'SPRING-LATTE', link_data: { PromoCode: 'SPRINGLATTE', utm: 'spring-mail' }, expires_at: null },
  { match_id: 'spring-latte-02', campaign_code: 'SPRING-LATTE', link_data: { promocode: 'springlatte' }, expires_at: null },
  { match_id: 'pastry-ca', campaign_code: 'PASTRY-CA', link_data: { promocode: 'PASTRYCA' }, expires_at: null },
  { match_id: 'founders-link', campaign_code: 'FOUNDERS-PROMO', link_data: { PROMOCODE: 'FOUNDERSDRINK' }, expires_at: null },
  { match_id: 'winter-2025', campaign_code: 'WINTER-2025', link_data: { promoCode: 'WINTER25' }, expires_at: null },
  { match_id: 'withdrawn-link', campaign_code: 'WITHDRAWN', link_data: { promocode: 'PULLED' }, expires_at: null },
  { match_id: 'tiny-cap', campaign_code: 'TINY-CAP', link_data: { promocode: 'ONLYONE' }, expires_at: null },
  { match_id: 'future-link', campaign_code: 'FUTURE', link_data: { promocode: 'SOON' }, expires_at: null },
  { match_id: 'old-link', campaign_code: 'SPRING-LATTE', link_data: { promocode: 'SPRINGLATTE' }, expires_at: '2025-06-01T00:00:00Z' },
  { match_id: 'no-code-link', campaign_code: 'NO-CODE', link_data: { utm: 'mail' }, expires_at: null },
  { match_id: 'bad-data', campaign_code: 'SPRING-LATTE', link_data: [], expires_at: null },
];

export const BONUS_OFFERS = [
  { offer_code: 'DOUBLE3', kind: 'count', channel: 'web', multiplier_bp: 20000, uses: 3, starts_at: '2026-01-01T00:00:00Z', ends_at: '2099-12-31T23:59:59Z', choice_group: null },
  { offer_code: 'TRIPLEDAYS', kind: 'multiplier', channel: 'web', multiplier_bp: 30000, uses: null, starts_at: '2026-01-01T00:00:00Z', ends_at: '2099-12-31T23:59:59Z', choice_group: null },
  { offer_code: 'PARTNERSTAY', kind: 'count', channel: 'external', multiplier_bp: 20000, uses: 5, ...OPEN, choice_group: null },
  { offer_code: 'SPRING24', kind: 'count', channel: 'web', multiplier_bp: 20000, uses: 3, starts_at: '2024-03-01T00:00:00Z', ends_at: '2024-05-31T23:59:59Z', choice_group: null },
  { offer_code: 'SUMMER24X', kind: 'multiplier', channel: 'web', multiplier_bp: 20000, uses: null, starts_at: '2024-06-01T00:00:00Z', ends_at: '2024-08-31T23:59:59Z', choice_group: null },
  { offer_code: 'PICKONE-A', kind: 'count', channel: 'web', multiplier_bp: 20000, uses: 2, ...OPEN, choice_group: 'pick' },
  { offer_code: 'PICKONE-B', kind: 'count', channel: 'web', multiplier_bp: 20000, uses: 2, ...OPEN, choice_group: 'pick' },
];

/** Seeds the campaigns and bonus offers once (campaigns empty); returns the counts or null. */
export async function seedRewardsIfEmpty(db: Db): Promise<{ campaigns: number; links: number; bonusOffers: number } | null> {
  const already = await db.query('select 1 from campaigns limit 1').catch(() => null);
  if (!already || already.rows.length) return null;
  return db.transaction(async (tx) => {
    // two processes seeding one PostgreSQL database: the second waits here, then finds the campaigns there
    await tx.query('lock table campaigns in exclusive mode');
    if ((await tx.query('select 1 from campaigns limit 1')).rows.length) return null;
    for (const o of PROMO_OFFERS) {
      await tx.query(
        `insert into offers (code, type, stars, description, reward_tier, percent_off, eligible_from, market, grant_only) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (code) do nothing`,
        [o.code, o.type, o.stars, o.description, o.reward_tier, o.percent_off, o.eligible_from, o.market, o.grant_only],
      );
    }
    for (const c of CAMPAIGNS) {
      await tx.query(
        `insert into campaigns (campaign_code, promo_code, offer_code, starts_at, ends_at, markets, eligible_from, max_redemptions, withdrawn) values ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9)`,
        [c.campaign_code, c.promo_code, c.offer_code, c.starts_at, c.ends_at, c.markets, c.eligible_from, c.max_redemptions, c.withdrawn],
      );
    }
    for (const l of CAMPAIGN_LINKS) {
      await tx.query('insert into campaign_links (match_id, campaign_code, link_data, expires_at) values ($1, $2, $3::jsonb, $4)', [l.match_id, l.campaign_code, JSON.stringify(l.link_data), l.expires_at]);
    }
    for (const b of BONUS_OFFERS) {
      await tx.query('insert into bonus_offers (offer_code, kind, channel, multiplier_bp, uses, starts_at, ends_at, choice_group) values ($1, $2, $3, $4, $5, $6, $7, $8)', [
        b.offer_code,
        b.kind,
        b.channel,
        b.multiplier_bp,
        b.uses,
        b.starts_at,
        b.ends_at,
        b.choice_group,
      ]);
    }
    return { campaigns: CAMPAIGNS.length, links: CAMPAIGN_LINKS.length, bonusOffers: BONUS_OFFERS.length };
  });
}
