import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { BonusCodes, type BonusOutcome } from '../../contracts/rewards-promo.ts';

/**
 * Bonus offers (docs/rewards.md 3.5; spec 3 section 2 "opt-in result pages"): a member opts in from
 * /rewards/bonus/{offerCode} and the answer names the result page; the order's earn asks `bonusFor` for the extra
 * Stars (a count offer's use is taken conditionally, so concurrent orders never use more than `uses`).
 */

interface OfferRow {
  offer_code: string;
  kind: 'count' | 'multiplier';
  channel: 'web' | 'external';
  multiplier_bp: number;
  uses: number | null;
  starts_at: Date;
  ends_at: Date;
  choice_group: string | null;
}

const inWindow = (o: Pick<OfferRow, 'starts_at' | 'ends_at'>, at: Date) => new Date(o.starts_at).getTime() <= at.getTime() && at.getTime() < new Date(o.ends_at).getTime();

export const bonusNotFound = () => new ApiError(404, BonusCodes.notFound, 'This offer does not exist.');
export const bonusExternalOnly = () => new ApiError(403, BonusCodes.externalOnly, 'This offer is joined through a partner.');

/** the answer for a member who holds an enrolment of this offer (or of its choice group) */
function activeOutcome(o: OfferRow, enrolment: { source: string; offer_code: string } | undefined): BonusOutcome {
  if (enrolment?.offer_code === o.offer_code && enrolment.source === 'external') return 'active-external';
  if (enrolment?.offer_code === o.offer_code && o.kind === 'multiplier') return 'active-multiplier';
  return 'active-choice';
}

/**
 * Opt-in: unknown 404 BONUS_NOT_FOUND; outside its window expired / expired-multiplier; enrolled already (this
 * offer, or another of its choice group) active-*; a partner-only offer not enrolled 403 BONUS_EXTERNAL_ONLY; else
 * one enrolment (insert ... on conflict do nothing: a concurrent second opt-in gets the active answer).
 */
export async function optInBonus(db: Db, userId: string, offerCode: string, at: Date): Promise<{ outcome: BonusOutcome }> {
  const o = (await db.query<OfferRow>('select * from bonus_offers where offer_code = $1', [offerCode])).rows[0];
  if (!o) throw bonusNotFound();
  if (!inWindow(o, at)) return { outcome: o.kind === 'multiplier' ? 'expired-multiplier' : 'expired' };
  const held = async () =>
    (
      await db.query<{ source: string; offer_code: string }>(
        `select source, offer_code from bonus_enrolments where user_id = $1 and (offer_code = $2 or (choice_group is not null and choice_group = $3))
          order by (offer_code = $2) desc limit 1`,
        [userId, o.offer_code, o.choice_group],
      )
    ).rows[0];
  const before = await held();
  if (before) return { outcome: activeOutcome(o, before) };
  if (o.channel === 'external') throw bonusExternalOnly();
  const inserted = await db.query(
    `insert into bonus_enrolments (user_id, offer_code, source, uses_left, enrolled_at, choice_group) values ($1, $2, 'web', $3, $4, $5)
     on conflict do nothing returning offer_code`,
    [userId, o.offer_code, o.uses, at, o.choice_group],
  );
  if (inserted.rows.length) return { outcome: o.kind === 'multiplier' ? 'success-multiplier' : 'success' };
  return { outcome: activeOutcome(o, await held()) };
}

/** Enrols a member from outside the web opt-in (the hotel partner's link enrols PARTNERSTAY, docs/rewards.md 3.7). */
export async function enrolExternal(db: Queryable, userId: string, offerCode: string, at: Date): Promise<boolean> {
  const r = await db.query(
    `insert into bonus_enrolments (user_id, offer_code, source, uses_left, enrolled_at, choice_group)
     select $1, offer_code, 'external', uses, $3, choice_group from bonus_offers where offer_code = $2
     on conflict do nothing returning offer_code`,
    [userId, offerCode, at],
  );
  return r.rows.length > 0;
}

export interface OrderBonus {
  offerCode: string;
  /** the Stars added to the base: floor(base × (multiplier − 1)) */
  extra: number;
}

/**
 * The bonus of one order (call in the order's transaction, after its base earn): of the member's enrolments whose
 * offer is in its window at `at` and (count) has uses left, the largest multiplier applies (ties: count before
 * multiplier, then code); a count use is taken with a conditional update (none left: the next candidate). At most
 * one bonus an order; null when none applies or the base is 0 (no use is taken then).
 */
export async function bonusFor(tx: Queryable, userId: string, base: number, at: Date): Promise<OrderBonus | null> {
  if (base <= 0) return null;
  const candidates = await tx.query<{ offer_code: string; kind: 'count' | 'multiplier'; multiplier_bp: number }>(
    `select o.offer_code, o.kind, o.multiplier_bp
       from bonus_enrolments e join bonus_offers o on o.offer_code = e.offer_code
      where e.user_id = $1 and o.starts_at <= $2 and $2 < o.ends_at and (o.kind = 'multiplier' or e.uses_left > 0)
      order by o.multiplier_bp desc, (o.kind = 'count') desc, o.offer_code`,
    [userId, at],
  );
  for (const c of candidates.rows) {
    if (c.kind === 'count') {
      const used = await tx.query('update bonus_enrolments set uses_left = uses_left - 1 where user_id = $1 and offer_code = $2 and uses_left > 0 returning uses_left', [userId, c.offer_code]);
      if (!used.rows.length) continue;
    }
    return { offerCode: c.offer_code, extra: Math.floor((base * (c.multiplier_bp - 10000)) / 10000) };
  }
  return null;
}

/** A cancelled order gives its count use back (never above the offer's uses); multiplier bonuses have none. */
export async function giveBonusUseBack(tx: Queryable, userId: string, offerCode: string): Promise<void> {
  await tx.query(
    `update bonus_enrolments e set uses_left = least(e.uses_left + 1, o.uses)
       from bonus_offers o where o.offer_code = e.offer_code and o.kind = 'count' and e.user_id = $1 and e.offer_code = $2`,
    [userId, offerCode],
  );
}

/** The hook of the order's earn (R1's server/rewards/stars.ts): `bonusFor` with the order's base Stars. */
export async function orderBonus(tx: Queryable, order: { userId: string; orderId: string; base: number; at: Date }): Promise<OrderBonus | null> {
  return bonusFor(tx, order.userId, order.base, order.at);
}
