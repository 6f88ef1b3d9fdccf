import type { Queryable } from '../db/db.ts';
import type { OffersResponse } from '../../contracts/ordering.ts';
import { now } from '../clock.ts';
import { grantedOffers, memberOf, offerRefusal } from './pricing.ts';

/** get-offers: the STAR_REWARD tiers the member's Stars reach and the REWARD coupons the member may still use (granted ones included) */
export async function offersFor(db: Queryable, userId: string): Promise<OffersResponse> {
  const member = await memberOf(db, userId);
  const redeemed = new Set((await db.query<{ code: string }>('select code from offer_redemptions where user_id = $1', [userId])).rows.map((r) => r.code));
  const granted = await grantedOffers(db, userId, now());
  const rows = (
    await db.query<{ code: string; type: 'STAR_REWARD' | 'REWARD'; stars: number; description: string; reward_tier: number | null; percent_off: number | null; eligible_from: Date | null; market: string; grant_only?: boolean }>(
      'select * from offers order by type desc, stars, code',
    )
  ).rows;
  const offers = rows
    .filter((o) => offerRefusal(o, member, redeemed, member.stars, granted) === null)
    .map((o) => ({ code: o.code, stars: o.stars, type: o.type, couponId: o.type === 'REWARD' ? `cp_${o.code}` : null, hasBeenApplied: false, description: o.description }));
  return { stars: member.stars, offers };
}
