/**
 * Reads of the rewards programme for the pages (/rewards/my-rewards, /account/rewards) and the home stream
 * (docs/home.md): every figure computed from the Stars ledger (server/rewards/ledger.ts), after settling expiry.
 * STUB (R1, 2026-11-28): the signature and shape are final; the body lands in the next commits.
 */
import type { Db } from '../db/db.ts';
import { now } from '../clock.ts';

/** Stars that expire (or expired) on one date: `expiresAt` ISO 8601 UTC, 00:00 on the 1st of a month */
export interface StarExpiration {
  stars: number;
  expiresAt: string;
}

export interface RewardCoupon {
  couponCode: string;
  status: 'Available' | 'Redeemed' | 'Expired';
  startDate: string;
  expirationDate: string;
}

export interface StarActivity {
  delta: number;
  balanceAfter: number;
  kind: 'earn' | 'spend' | 'adjustment' | 'bonus' | 'promo' | 'reverse_earn' | 'return_spend' | 'expire';
  description: string;
  createdAt: string;
  orderId: string | null;
}

export interface RewardsSummary {
  /** the Stars balance (= the sum of the member's ledger) */
  stars: number;
  /** the level name from config rewards.starLevels, lower case as configured ('green', 'gold'); pages capitalise */
  level: string;
  tierId: number;
  /** earn + bonus Stars of the last 365 days, less their reversals */
  qualifyingStars: number;
  /** when the level drops without new earning (ISO); null for the lowest level */
  levelExpiresAt: string | null;
  /** the smallest reward tier (25/100/200/300/400) above the balance; null at 400 or more */
  nextReward: { tier: number; starsToNext: number } | null;
  /** unexpired Stars grouped by expiry date, soonest first */
  expiringStars: StarExpiration[];
  /** expired: expiry rows of the last 12 months, newest first; expiringSoon: expiringStars within 60 days */
  expirations: { expired: StarExpiration[]; expiringSoon: StarExpiration[] };
  coupons: RewardCoupon[];
  /** users.market and users.created_at (ISO) */
  subMarket: string;
  joinDate: string;
}

/** the member's summary at `at` (settles expiry first, in its own short transaction) */
export async function rewardsSummary(db: Db, userId: string, at: Date = now()): Promise<RewardsSummary> {
  void db;
  void userId;
  void at;
  return { stars: 0, level: 'green', tierId: 1, qualifyingStars: 0, levelExpiresAt: null, nextReward: { tier: 25, starsToNext: 25 }, expiringStars: [], expirations: { expired: [], expiringSoon: [] }, coupons: [], subMarket: 'US', joinDate: new Date(0).toISOString() };
}

/** the member's last `limit` ledger rows, newest first ("Star activity") */
export async function starActivity(db: Db, userId: string, limit = 20): Promise<StarActivity[]> {
  void db;
  void userId;
  void limit;
  return [];
}
