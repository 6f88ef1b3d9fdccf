/**
 * The home stream's sources (docs/home.md 3.1): one function per source, each answering its items for one member at
 * `at`. server/home/stream.ts runs them side by side with a timeout; a failing source makes the answer a 206. The
 * rewards sources share one `rewardsSummary` read per request (server/rewards/summary.ts; it settles Star expiry).
 */
import type { Db } from '../db/db.ts';
import { levelLabel, EXPIRING_SOON_DAYS } from '../../contracts/rewards.ts';
import { rewardsConfig } from '../config.ts';
import type { MemberRewards } from '../rewards/summary.ts';
import type { CouponStreamItem, GuestStreamItem, InformationStreamItem, StarExpiryStreamItem, StreamContentItem, StreamItem, StreamItemType, StreamSource } from '../../contracts/home.ts';
import { onboardingFacts, onboardingItem } from './onboarding.ts';

const DAY = 86_400_000;
export const RANKS = { onboarding: 10, starExpiry: 20, coupons: 30, tier: 40 } as const;

export interface SourceContext {
  db: Db;
  userId: string;
  at: Date;
  /** the member's rewards summary, read once per request (memoised by stream.ts) */
  summary: () => Promise<MemberRewards>;
}
export type Source = (ctx: SourceContext) => Promise<StreamItem[]>;

/** which item types each source answers (a source none of whose types is asked for is not run) */
export const SOURCE_TYPES: Record<StreamSource, readonly StreamItemType[]> = {
  coupons: ['coupon'],
  starExpiry: ['rewardPointsExpiration'],
  tier: ['information'],
  onboarding: ['onboarding'],
  editorial: ['content', 'information'],
};

const dateOnly = (iso: string) => iso.slice(0, 10);

/** rewardsSummary().coupons: REWARD offers the member may use and granted coupons (a code granted twice: twice) */
export const coupons: Source = async ({ summary }) => {
  const s = await summary();
  return s.coupons.map((c, i): CouponStreamItem => ({
    streamItemId: `coupon:${c.couponCode}:${c.startDate}`,
    streamItemType: 'coupon',
    fill: { type: 'rewardsCoupon' },
    startDate: c.startDate,
    endDate: c.expirationDate,
    rank: RANKS.coupons + i,
    rewardsCoupon: {
      coupon: { couponCode: c.couponCode, status: c.status, startDate: c.startDate, startDateOnly: dateOnly(c.startDate), expirationDate: c.expirationDate, expirationDateOnly: dateOnly(c.expirationDate) },
    },
  }));
};

/** the soonest expiring Stars when they expire within 60 days; rewardPointsTotal = the balance */
export const starExpiry: Source = async ({ summary, at }) => {
  const s = await summary();
  const next = s.expiringStars[0];
  if (!next || new Date(next.expiresAt).getTime() > at.getTime() + EXPIRING_SOON_DAYS * DAY) return [];
  const item: StarExpiryStreamItem = {
    streamItemId: `stars-expiry:${dateOnly(next.expiresAt)}`,
    streamItemType: 'rewardPointsExpiration',
    fill: { type: 'rewardPointsExpiration' },
    // shown from the start of the 60-day window (a stable value: the digest does not move with the clock)
    startDate: new Date(new Date(next.expiresAt).getTime() - EXPIRING_SOON_DAYS * DAY).toISOString(),
    endDate: next.expiresAt,
    rank: RANKS.starExpiry,
    rewardPointsExpiration: {
      rewardPointsTotal: s.stars,
      nextRewardPointsExpirationEvent: { rewardPointsExpirationEvent: { rewardPoints: next.stars, expirationDate: next.expiresAt } },
    },
  };
  return [item];
};

/** the member's level as an information item (tiers: the level's tierId; the client shows tier 2 only, spec 5) */
export const tier: Source = async ({ summary }) => {
  const s = await summary();
  const levels = rewardsConfig().starLevels;
  const label = levelLabel(s.level);
  const higher = levels.find((l) => l.stars > s.qualifyingStars);
  const body = higher ? `Earn ${higher.stars - s.qualifyingStars} more Stars within a year to reach ${levelLabel(higher.level)}.` : `Keep earning to keep ${label}.`;
  const item: InformationStreamItem = {
    streamItemId: `tier:${s.level}`,
    streamItemType: 'information',
    fill: { type: 'information' },
    startDate: s.joinDate,
    endDate: s.levelExpiresAt,
    rank: RANKS.tier,
    information: { segmentation: { tiers: [{ tierId: s.tierId }] } },
    content: { item: { title: `Your ${label} Status`, body } },
  };
  return [item];
};

export const onboarding: Source = async ({ db, userId, at }) => {
  const facts = await onboardingFacts(db, userId);
  const item = facts ? onboardingItem(facts, at) : null;
  return item ? [item] : [];
};

interface ContentRow {
  content_id: string;
  item_type: 'content' | 'information' | 'carousel';
  rank: number;
  start_date: Date;
  end_date: Date | null;
  tiers: number[] | null;
  item: Record<string, unknown>;
  updated_at: Date;
}
const iso = (d: Date | string) => new Date(d).toISOString();

/** the live content rows of an audience at `at` (started, not ended), by rank */
export async function contentRows(db: Db, audience: 'member' | 'guest', at: Date): Promise<ContentRow[]> {
  const r = await db.query<ContentRow>(
    `select content_id, item_type, rank, start_date, end_date, tiers, item, updated_at from stream_content
      where audience = $1 and start_date <= $2 and (end_date is null or end_date > $2) order by rank, content_id`,
    [audience, at],
  );
  return r.rows;
}

/** editorial member items: stream_content rows of audience member (content, and information with their tiers) */
export const editorial: Source = async ({ db, at }) => {
  const rows = await contentRows(db, 'member', at);
  return rows.map((row): StreamItem => {
    const base = { streamItemId: `content:${row.content_id}`, startDate: iso(row.start_date), endDate: row.end_date ? iso(row.end_date) : null, rank: row.rank };
    const item = row.item as StreamContentItem;
    const legal = item.legalfooter ? { legalfooter: item.legalfooter } : {};
    if (row.item_type === 'information') {
      return { ...base, ...legal, streamItemType: 'information', fill: { type: 'information' }, information: { segmentation: { tiers: (row.tiers ?? []).map((tierId) => ({ tierId })) } }, content: { item } };
    }
    return { ...base, ...legal, streamItemType: 'content', fill: { type: 'content' }, content: { item } };
  });
};

export const memberSources: Record<StreamSource, Source> = { coupons, starExpiry, tier, onboarding, editorial };

/** guest items: stream_content rows of audience guest, in the guest shape (spec 3 "Guest stream item") */
export function guestItem(row: ContentRow): GuestStreamItem {
  return {
    id: row.content_id,
    typeName: row.item_type,
    content: row.item as GuestStreamItem['content'],
    metadata: { endDate: row.end_date ? iso(row.end_date) : null, overrideRank: row.rank },
  };
}

/**
 * When the guest stream last changed at `at`: the latest content edit, start or end among the guest rows that have
 * happened by then (an item starting or ending changes what a guest sees without an edit). Compared in whole
 * milliseconds, the clock's precision: an edit stamped 0.4 ms into the request's millisecond has happened by then
 * (compared in microseconds it was left out, and a read right after the edit answered 304 with the new content).
 */
export async function guestModifiedAt(db: Db, at: Date): Promise<Date> {
  const r = await db.query<{ m: Date | null }>(
    `select max(greatest(u, case when s <= $1 then s end, case when e <= $1 then e end)) as m
       from (select date_trunc('milliseconds', updated_at) u, date_trunc('milliseconds', start_date) s, date_trunc('milliseconds', end_date) e
               from stream_content where audience = 'guest') t
      where u <= $1`,
    [at],
  );
  return r.rows[0]?.m ? new Date(r.rows[0].m) : new Date(0);
}
