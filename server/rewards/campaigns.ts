import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { hit } from '../auth/rate-limit.ts';
import { CAMPAIGN_LINK_LOOKUPS_PER_HOUR, PROMO_GRANT_DAYS, PromoCodes, PromoMessages, promoEligible, type CampaignLink } from '../../contracts/rewards-promo.ts';

/**
 * The campaign-link service and REDEEM_PROMO_CODE (docs/rewards.md 3.6; spec 3 section 4 "Promo redemption",
 * section 5 "Offers", section 7, section 8 codes). A link (match id) answers its own data and its campaign's window,
 * markets and eligibility date, or one of the codes 1002-1009; redeeming a campaign's promo code grants its coupon
 * (member_rewards) once per member, at most `max_redemptions` in all, in one transaction.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** the text each code carries (spec 8: the client picks its own text by the code's group) */
const codeMessage = (code: string) =>
  code === PromoCodes.unknownLink || code === PromoCodes.unreadableLinkData
    ? PromoMessages.promoInvalid
    : code === PromoCodes.notStarted
      ? PromoMessages.promoTooSoon
      : code === PromoCodes.tooManyLookups
        ? PromoMessages.promoGeneric
        : PromoMessages.promoExpired;

const STATUS: Record<string, 404 | 409 | 410 | 422 | 429> = {
  [PromoCodes.unknownLink]: 404,
  [PromoCodes.ended]: 410,
  [PromoCodes.withdrawnOrRedeemed]: 410,
  [PromoCodes.capReached]: 410,
  [PromoCodes.notStarted]: 409,
  [PromoCodes.linkExpired]: 410,
  [PromoCodes.tooManyLookups]: 429,
  [PromoCodes.unreadableLinkData]: 422,
};

export const promoError = (code: string) => new ApiError(STATUS[code] ?? 400, code, codeMessage(code));
export const promoIneligible = () => new ApiError(403, PromoCodes.ineligible, PromoMessages.promoIneligible);

interface CampaignRow {
  campaign_code: string;
  offer_code: string;
  starts_at: Date;
  ends_at: Date;
  markets: string[];
  eligible_from: Date;
  max_redemptions: number | null;
  redemptions: number;
  withdrawn: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** the window's codes of a campaign at `at`: 1004 withdrawn, 1006 not started, 1003 ended (null: open) */
function windowCode(c: CampaignRow, at: Date): string | null {
  if (c.withdrawn) return PromoCodes.withdrawnOrRedeemed;
  if (at.getTime() < new Date(c.starts_at).getTime()) return PromoCodes.notStarted;
  if (at.getTime() >= new Date(c.ends_at).getTime()) return PromoCodes.ended;
  return null;
}

/**
 * GET /campaign-links/{matchId}: rate limit (60 a member an hour, 1008); the link (1002); its data an object
 * (1009); withdrawn or already granted to this member (1004); not started (1006); ended (1003); the link expired
 * (1007); the cap reached (1005). Only the link's own data is answered (no promo-code look-up otherwise).
 */
export async function campaignLink(db: Queryable, userId: string, matchId: string, at: Date): Promise<CampaignLink> {
  const limit = await hit(db, `campaign-link:${userId}`, HOUR_MS);
  if (limit.count > CAMPAIGN_LINK_LOOKUPS_PER_HOUR) throw promoError(PromoCodes.tooManyLookups);
  const r = await db.query<CampaignRow & { link_data: unknown; link_expires_at: Date | null; held: boolean }>(
    `select c.*, l.link_data, l.expires_at as link_expires_at,
            exists (select 1 from member_rewards m where m.user_id = $2 and m.source = 'promo' and m.source_ref = c.campaign_code) as held
       from campaign_links l join campaigns c on c.campaign_code = l.campaign_code
      where l.match_id = $1`,
    [matchId, userId],
  );
  const row = r.rows[0];
  if (!row) throw promoError(PromoCodes.unknownLink);
  const data = typeof row.link_data === 'string' ? safeJson(row.link_data) : row.link_data;
  if (!isObject(data)) throw promoError(PromoCodes.unreadableLinkData);
  if (row.held) throw promoError(PromoCodes.withdrawnOrRedeemed);
  const code = windowCode(row, at);
  if (code) throw promoError(code);
  if (row.link_expires_at && at.getTime() >= new Date(row.link_expires_at).getTime()) throw promoError(PromoCodes.linkExpired);
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) throw promoError(PromoCodes.capReached);
  return {
    matchId,
    campaignCode: row.campaign_code,
    linkData: data,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    markets: row.markets,
    eligibleFrom: iso(row.eligible_from),
  };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/**
 * REDEEM_PROMO_CODE: in one transaction, the campaign by its promo code in any case (1002); withdrawn (1004), not
 * started (1006), ended (1003); the spec 5 eligibility with the member's market and join date (PROMO_INELIGIBLE);
 * the grant, once per member (the unique (user_id, source, source_ref): a second or concurrent redemption finds
 * it and is 1004); the cap taken with a conditional update (1005, and the grant rolls back with it).
 */
export async function redeemPromoCode(db: Db, userId: string, promoCode: string, at: Date): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const c = (await tx.query<CampaignRow>('select * from campaigns where lower(promo_code) = lower($1)', [promoCode])).rows[0];
    if (!c) throw promoError(PromoCodes.unknownLink);
    const code = windowCode(c, at);
    if (code) throw promoError(code);
    const u = (await tx.query<{ market: string; created_at: Date }>('select market, created_at from users where id = $1', [userId])).rows[0];
    if (!u || !promoEligible({ eligibleFrom: iso(c.eligible_from), markets: c.markets }, { subMarket: u.market, joinDate: iso(u.created_at) })) throw promoIneligible();
    const granted = await tx.query(
      `insert into member_rewards (reward_id, user_id, offer_code, source, source_ref, granted_at, expires_at)
       values ($1, $2, $3, 'promo', $4, $5, $6) on conflict (user_id, source, source_ref) do nothing returning reward_id`,
      [`mr_${randomBytes(12).toString('base64url')}`, userId, c.offer_code, c.campaign_code, at, new Date(at.getTime() + PROMO_GRANT_DAYS * DAY_MS)],
    );
    if (!granted.rows.length) throw promoError(PromoCodes.withdrawnOrRedeemed);
    const capped = await tx.query(
      `update campaigns set redemptions = redemptions + 1
        where campaign_code = $1 and not withdrawn and (max_redemptions is null or redemptions < max_redemptions) returning redemptions`,
      [c.campaign_code],
    );
    if (!capped.rows.length) throw promoError(PromoCodes.capReached);
    return { message: PromoMessages.promoSuccess };
  });
}
