/**
 * Every write of the Stars programme (docs/rewards.md 3.1, 3.2): earn, bonus, spend, reversal, grants, expiry.
 *
 * One member's Stars writes are serialised by the lock on their `stars_balances` row (`lockStars`, taken first,
 * inside the caller's transaction); then expiry is settled from the ledger, and each movement is ONE ledger row
 * (with the exact balance after) plus ONE conditional balance update. The database backs it: balance and
 * balance_after CHECK >= 0, the sign per kind, each order's earn/bonus/spend/reverse_earn/return_spend once and
 * one expire row per member and date (unique indexes: a second insert changes nothing). So the balance always
 * equals the sum of the ledger and never goes negative.
 */
import type { Db, Queryable } from '../db/db.ts';
import { now } from '../clock.ts';
import { baseStars, dueExpiries, starLots, type LedgerRow, type StarKind } from './ledger.ts';
import { giveBonusUseBack, orderBonus } from './bonus.ts';

interface RawRow {
  id: string | number;
  delta: number;
  kind: StarKind;
  order_id: string | null;
  created_at: Date | string;
  expire_date: string | null;
  source_ref: string | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** the member's ledger in id order (ids as numbers; `expire_date` as 00:00 UTC of that day) */
export async function ledgerRows(db: Queryable, userId: string): Promise<Array<LedgerRow & { sourceRef: string | null }>> {
  const r = await db.query<RawRow>('select id, delta, kind, order_id, created_at, expire_date::text as expire_date, source_ref from stars_ledger where user_id = $1 order by id', [userId]);
  return r.rows.map((x) => ({
    id: Number(x.id),
    delta: x.delta,
    kind: x.kind,
    orderId: x.order_id,
    createdAt: new Date(x.created_at),
    expireDate: x.expire_date ? new Date(`${x.expire_date}T00:00:00Z`) : null,
    sourceRef: x.source_ref,
  }));
}

export interface Locked {
  userId: string;
  balance: number;
  rows: LedgerRow[];
}

/**
 * Locks the member's Stars (the balance row, created at 0 when missing) for the rest of the transaction and settles
 * expiry at `at`: one 'expire' row per expiry date <= at with Stars left. Every Stars write starts here.
 */
export async function lockStars(tx: Queryable, userId: string, at: Date): Promise<Locked> {
  await tx.query('insert into stars_balances (user_id, balance) values ($1, 0) on conflict (user_id) do nothing', [userId]);
  const b = await tx.query<{ balance: number }>('select balance from stars_balances where user_id = $1 for update', [userId]);
  const locked: Locked = { userId, balance: b.rows[0]!.balance, rows: await ledgerRows(tx, userId) };
  for (const e of dueExpiries(starLots(locked.rows), at)) {
    await append(tx, locked, -Math.min(e.stars, locked.balance), 'expire', { description: `Stars expired ${isoDay(e.expiresAt)}`, at: e.expiresAt, expireDate: isoDay(e.expiresAt) });
  }
  return locked;
}

/**
 * One movement: the ledger row (on conflict: nothing, the movement happened already) and the balance update,
 * conditional on the result staying >= 0. Returns the row's delta, or 0 when nothing was written.
 */
async function append(
  tx: Queryable,
  locked: Locked,
  delta: number,
  kind: StarKind,
  o: { orderId?: string | null; description: string; at: Date; expireDate?: string | null; sourceRef?: string | null },
): Promise<number> {
  if (delta === 0) return 0;
  const after = locked.balance + delta;
  if (after < 0) return 0;
  const ins = await tx.query<{ id: string | number }>(
    `insert into stars_ledger (user_id, delta, balance_after, kind, order_id, description, created_at, expire_date, source_ref)
     values ($1, $2, $3, $4, $5, $6, $7, $8::date, $9) on conflict do nothing returning id`,
    [locked.userId, delta, after, kind, o.orderId ?? null, o.description, o.at, o.expireDate ?? null, o.sourceRef ?? null],
  );
  if (!ins.rows[0]) return 0;
  const up = await tx.query<{ balance: number }>('update stars_balances set balance = balance + $2 where user_id = $1 and balance + $2 >= 0 returning balance', [locked.userId, delta]);
  if (!up.rows[0]) throw new Error(`stars: balance of ${locked.userId} would go negative`); // the lock makes this unreachable
  locked.balance = up.rows[0].balance;
  locked.rows.push({ id: Number(ins.rows[0].id), delta, kind, orderId: o.orderId ?? null, createdAt: o.at, expireDate: o.expireDate ? new Date(`${o.expireDate}T00:00:00Z`) : null });
  return delta;
}

/** settles the member's expired Stars in its own short transaction (summary reads); answers the balance */
export async function settleExpiry(db: Db, userId: string, at: Date = now()): Promise<number> {
  return db.transaction(async (tx) => (await lockStars(tx, userId, at)).balance);
}

/**
 * The hourly cleanup: settles members holding Stars whose lots may have expired (at most `limit` members per call).
 * A lot earned before the 1st of the month six months back (`cutoff`) has expired by `at`. A member is picked when
 * those lots outweigh every negative row (spends, reversals, earlier expiries): then some Stars are due for certain,
 * and once settled the member is not picked again (so members never starve the limit). An earlier expire row does
 * not hide a later month's lots. Cases this misses (a reversal or a back-dated grant that used newer lots first)
 * settle on the member's next read or write (every one settles first).
 */
export async function settleAllExpiry(db: Db, at: Date = now(), limit = 500): Promise<number> {
  const cutoff = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 6, 1));
  const r = await db.query<{ user_id: string }>(
    `select b.user_id from stars_balances b where b.balance > 0
       and (select coalesce(sum(l.delta) filter (where l.delta > 0 and l.created_at < $1), 0) + coalesce(sum(l.delta) filter (where l.delta < 0), 0)
              from stars_ledger l where l.user_id = b.user_id) > 0
     limit $2`,
    [cutoff, limit],
  );
  for (const u of r.rows) await settleExpiry(db, u.user_id, at);
  return r.rows.length;
}

/**
 * The Stars of a placed order, in the order's transaction (after the order row): the base (1 per dollar, 2 from a
 * stored-value card) as an 'earn' row, then a bonus (server/rewards/bonus.ts) as a 'bonus' row; orders.stars_earned
 * is their sum. Guests and orders under $1 earn nothing.
 */
export async function earnForOrder(tx: Queryable, o: { userId: string | null; orderId: string; totalCents: number; tender: string; at: Date }): Promise<{ base: number; extra: number; offerCode: string | null }> {
  const base = o.userId ? baseStars(o.totalCents, o.tender, false) : 0;
  if (!o.userId || base <= 0) return { base: 0, extra: 0, offerCode: null };
  const locked = await lockStars(tx, o.userId, o.at);
  const earned = await append(tx, locked, base, 'earn', { orderId: o.orderId, description: `Stars for order ${o.orderId.slice(-8)}`, at: o.at });
  if (earned === 0) return { base: 0, extra: 0, offerCode: null }; // earned already (never twice)
  const bonus = await orderBonus(tx, { userId: o.userId, orderId: o.orderId, base, at: o.at });
  const extra = bonus && bonus.extra > 0 ? await append(tx, locked, bonus.extra, 'bonus', { orderId: o.orderId, description: `Bonus Stars (${bonus.offerCode}) for order ${o.orderId.slice(-8)}`, at: o.at, sourceRef: bonus.offerCode }) : 0;
  await tx.query('update orders set stars_earned = $2 where order_id = $1', [o.orderId, base + extra]);
  return { base, extra, offerCode: extra > 0 ? bonus!.offerCode : null };
}

/** spends `stars` for an order (STAR_REWARD offers): false when the balance (after expiry) is short */
export async function spendForOrder(tx: Queryable, o: { userId: string; orderId: string; stars: number; description: string; at: Date }): Promise<boolean> {
  const locked = await lockStars(tx, o.userId, o.at);
  if (locked.balance < o.stars) return false;
  return (await append(tx, locked, -o.stars, 'spend', { orderId: o.orderId, description: o.description, at: o.at })) === -o.stars;
}

/**
 * A cancelled order's Stars: the Stars it spent come back first ('return_spend', a new lot), then the Stars it
 * earned are taken back ('reverse_earn', at most the balance: Stars already spent stay spent, never negative),
 * and a count-bonus use is given back. Each once per order (unique index).
 */
export async function reverseForOrder(tx: Queryable, o: { userId: string; orderId: string; starsEarned: number; starsSpent: number; at: Date }): Promise<{ returned: number; reversed: number }> {
  const locked = await lockStars(tx, o.userId, o.at);
  const short = o.orderId.slice(-8);
  const returned = o.starsSpent > 0 ? await append(tx, locked, o.starsSpent, 'return_spend', { orderId: o.orderId, description: `Stars returned for cancelled order ${short}`, at: o.at }) : 0;
  const take = Math.min(o.starsEarned, locked.balance);
  const reversed = take > 0 ? -(await append(tx, locked, -take, 'reverse_earn', { orderId: o.orderId, description: `Stars taken back for cancelled order ${short}`, at: o.at })) : 0;
  const bonus = (await tx.query<{ source_ref: string | null }>(`select source_ref from stars_ledger where order_id = $1 and kind = 'bonus'`, [o.orderId])).rows[0];
  if (bonus?.source_ref) await giveBonusUseBack(tx, o.userId, bonus.source_ref);
  return { returned, reversed };
}

/**
 * Stars given outside an order ('promo' of a campaign, 'adjustment' of support or the test grant), dated
 * `earnedAt` (their expiry follows that date). Settles again after writing, so a back-dated lot already due expires.
 */
export async function grantStars(tx: Queryable, o: { userId: string; stars: number; kind: 'promo' | 'adjustment'; description: string; earnedAt: Date; at: Date; sourceRef?: string | null }): Promise<number> {
  const locked = await lockStars(tx, o.userId, o.at);
  await append(tx, locked, o.stars, o.kind, { description: o.description, at: o.earnedAt, sourceRef: o.sourceRef ?? null });
  return (await lockStars(tx, o.userId, o.at)).balance;
}
