/**
 * Reads of the rewards programme for the pages (/rewards/my-rewards, /account/rewards) and the home stream
 * (docs/home.md): every figure computed from the Stars ledger (server/rewards/ledger.ts) after settling expiry
 * (its own short transaction, server/rewards/stars.ts). One query per source, no N+1.
 */
import type { Db, Queryable } from '../db/db.ts';
import { now } from '../clock.ts';
import { rewardsConfig } from '../config.ts';
import { offersFor } from '../ordering/offers.ts';
import { STAR_ACTIVITY_LIMIT } from '../../contracts/rewards-constants.ts';
import type { RewardCoupon, RewardsSummary, StarActivity, StarExpiration } from '../../contracts/rewards.ts';
import type { StarLevel } from '../../contracts/rewards-config.ts';
import { expirations, expiringStars, levelStatus, nextReward, starLots, type Expiration } from './ledger.ts';
import { ledgerRows, settleExpiry } from './stars.ts';

export type { RewardCoupon, RewardsSummary, StarActivity, StarExpiration };

/** the summary plus the promo user data (GraphQL LoyaltyProgram without the activity) */
export type MemberRewards = RewardsSummary & { subMarket: string; joinDate: string };

const DAY = 86_400_000;
/** redeemed and expired granted coupons stay listed this long */
const COUPON_HISTORY_DAYS = 30;
const out = (e: Expiration): StarExpiration => ({ stars: e.stars, expiresAt: e.expiresAt.toISOString() });

/**
 * The member's summary at `at` (rewards.starLevels of the config by default). Settles expiry first, so the balance
 * read is the ledger's sum with every due expiry written.
 */
export async function rewardsSummary(db: Db, userId: string, at: Date = now(), levels: readonly StarLevel[] = rewardsConfig().starLevels): Promise<MemberRewards> {
  const stars = await settleExpiry(db, userId, at);
  const [rows, user, coupons] = await Promise.all([ledgerRows(db, userId), db.query<{ market: string; created_at: Date }>('select market, created_at from users where id = $1', [userId]), couponsOf(db, userId, at)]);
  const lots = starLots(rows);
  const level = levelStatus(rows, levels, at);
  const split = expirations(rows, lots, at);
  const u = user.rows[0];
  return {
    stars,
    level: level.level,
    tierId: level.tierId,
    qualifyingStars: level.qualifyingStars,
    levelExpiresAt: level.levelExpiresAt?.toISOString() ?? null,
    nextReward: nextReward(stars),
    expiringStars: expiringStars(lots, at).map(out),
    expirations: { expired: split.expired.map(out), expiringSoon: split.expiringSoon.map(out) },
    coupons,
    subMarket: u?.market ?? 'US',
    joinDate: new Date(u?.created_at ?? 0).toISOString(),
  };
}

/**
 * Coupons: the REWARD offers the member may use now (get-offers' list: start = join date, expiration = join date +
 * 1 year) and the granted coupons (member_rewards) that are usable, or were redeemed or expired in the last 30 days.
 */
async function couponsOf(db: Queryable, userId: string, at: Date): Promise<RewardCoupon[]> {
  const [offers, user, grants] = await Promise.all([
    offersFor(db, userId),
    db.query<{ created_at: Date }>('select created_at from users where id = $1', [userId]),
    db.query<{ offer_code: string; granted_at: Date; expires_at: Date; redeemed_at: Date | null; grant_only: boolean }>(
      `select m.offer_code, m.granted_at, m.expires_at, m.redeemed_at, o.grant_only from member_rewards m join offers o on o.code = m.offer_code
        where m.user_id = $1 and coalesce(m.redeemed_at, m.expires_at) > $2
        order by m.granted_at, m.reward_id`,
      [userId, new Date(at.getTime() - COUPON_HISTORY_DAYS * DAY)],
    ),
  ]);
  const joined = new Date(user.rows[0]?.created_at ?? 0);
  const since = at.getTime() - COUPON_HISTORY_DAYS * DAY;
  const list: RewardCoupon[] = offers.offers
    .filter((o) => o.type === 'REWARD' && !grants.rows.some((g) => g.grant_only && g.offer_code === o.code))
    .map((o) => ({ couponCode: o.code, status: 'Available', startDate: joined.toISOString(), expirationDate: new Date(joined.getTime() + 365 * DAY).toISOString() }));
  for (const g of grants.rows) {
    const expires = new Date(g.expires_at);
    const status: RewardCoupon['status'] = g.redeemed_at ? 'Redeemed' : expires.getTime() <= at.getTime() ? 'Expired' : 'Available';
    if (status !== 'Available' && (g.redeemed_at ? new Date(g.redeemed_at) : expires).getTime() <= since) continue;
    list.push({ couponCode: g.offer_code, status, startDate: new Date(g.granted_at).toISOString(), expirationDate: expires.toISOString() });
  }
  return list;
}

/** the member's last `limit` ledger rows, newest first ("Star activity") */
export async function starActivity(db: Queryable, userId: string, limit: number = STAR_ACTIVITY_LIMIT): Promise<StarActivity[]> {
  const r = await db.query<{ delta: number; balance_after: number; kind: StarActivity['kind']; description: string; created_at: Date; order_id: string | null }>(
    'select delta, balance_after, kind, description, created_at, order_id from stars_ledger where user_id = $1 order by id desc limit $2',
    [userId, Math.max(0, Math.min(limit, 100))],
  );
  return r.rows.map((x) => ({ delta: x.delta, balanceAfter: x.balance_after, kind: x.kind, description: x.description, createdAt: new Date(x.created_at).toISOString(), orderId: x.order_id }));
}
