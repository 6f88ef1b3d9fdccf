/**
 * The Stars programme's computations over one member's ledger (docs/rewards.md section 3). Pure: no SQL, no clock.
 *
 * - A **lot** is a positive row (earn, bonus, promo, return_spend, positive adjustment). Its Stars expire at
 *   00:00 UTC on the first day of the 7th month after the month it was earned (`expiresAt`).
 * - Negative rows (spend, reverse_earn, expire, negative adjustment) consume lots first in, first out: the lot that
 *   expires first (then the older row) is used first. A reverse_earn takes back its own order's lots first.
 *   A negative amount no lot covers (a balance set without ledger rows, as some older tests do) consumes nothing.
 * - The level counts earn + bonus Stars of non-cancelled orders over a rolling window of 365 days.
 */

import { expiresAt, nextRewardFor, type STAR_LEDGER_KINDS } from '../../contracts/rewards.ts';
import { DEFAULT_STAR_LEVELS, EXPIRING_SOON_DAYS, LEVEL_WINDOW_DAYS } from '../../contracts/rewards-constants.ts';
import type { StarLevel } from '../../contracts/rewards-config.ts';

export { expiresAt };
export type StarKind = (typeof STAR_LEDGER_KINDS)[number];
export type { StarLevel };

/** expiry rows shown as "expired" for this many months */
export const EXPIRED_SHOWN_MONTHS = 12;
const DAY = 86_400_000;

export interface LedgerRow {
  id: number;
  delta: number;
  kind: StarKind;
  orderId: string | null;
  createdAt: Date;
  /** kind 'expire' only */
  expireDate: Date | null;
}

export interface Lot {
  id: number;
  orderId: string | null;
  kind: StarKind;
  createdAt: Date;
  expiresAt: Date;
  stars: number;
  remaining: number;
}

const isLot = (r: LedgerRow) => r.delta > 0;
const byExpiry = (a: Lot, b: Lot) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id;

/** replays the ledger in id order; the lots with what is left of each */
export function starLots(rows: readonly LedgerRow[]): Lot[] {
  const lots: Lot[] = [];
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    if (isLot(r)) {
      lots.push({ id: r.id, orderId: r.orderId, kind: r.kind, createdAt: r.createdAt, expiresAt: expiresAt(r.createdAt), stars: r.delta, remaining: r.delta });
      continue;
    }
    let owed = -r.delta;
    const open = lots.filter((l) => l.remaining > 0).sort(byExpiry);
    // a reversal takes back its own order's Stars first; an expiry row ends the lots of its date (and earlier)
    const first = r.kind === 'reverse_earn' && r.orderId ? open.filter((l) => l.orderId === r.orderId && (l.kind === 'earn' || l.kind === 'bonus')) : [];
    for (const l of [...first, ...open.filter((x) => !first.includes(x))]) {
      if (owed === 0) break;
      const take = Math.min(owed, l.remaining);
      l.remaining -= take;
      owed -= take;
    }
  }
  return lots;
}

export interface Expiration {
  stars: number;
  expiresAt: Date;
}

function grouped(lots: readonly Lot[]): Expiration[] {
  const by = new Map<number, number>();
  for (const l of lots) if (l.remaining > 0) by.set(l.expiresAt.getTime(), (by.get(l.expiresAt.getTime()) ?? 0) + l.remaining);
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([t, stars]) => ({ stars, expiresAt: new Date(t) }));
}

/** Stars due to expire at `at` (expiry date <= at), one entry per expiry date, oldest first: the expire rows to write */
export function dueExpiries(lots: readonly Lot[], at: Date): Expiration[] {
  return grouped(lots).filter((e) => e.expiresAt.getTime() <= at.getTime());
}

/** unexpired Stars grouped by expiry date, soonest first (GraphQL expiringStars) */
export function expiringStars(lots: readonly Lot[], at: Date): Expiration[] {
  return grouped(lots).filter((e) => e.expiresAt.getTime() > at.getTime());
}

/** expired: expire rows of the last 12 months, newest first; expiringSoon: expiring groups within 60 days */
export function expirations(rows: readonly LedgerRow[], lots: readonly Lot[], at: Date): { expired: Expiration[]; expiringSoon: Expiration[] } {
  const from = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - EXPIRED_SHOWN_MONTHS, at.getUTCDate());
  const expired = rows
    .filter((r) => r.kind === 'expire' && r.expireDate && r.expireDate.getTime() > from && r.expireDate.getTime() <= at.getTime())
    .sort((a, b) => b.expireDate!.getTime() - a.expireDate!.getTime() || b.id - a.id)
    .map((r) => ({ stars: -r.delta, expiresAt: r.expireDate! }));
  const soon = at.getTime() + EXPIRING_SOON_DAYS * DAY;
  return { expired, expiringSoon: expiringStars(lots, at).filter((e) => e.expiresAt.getTime() <= soon) };
}

/** the rows that count for the level at `at`: earn and bonus of orders not reversed, in the last 365 days, oldest first */
export function qualifyingRows(rows: readonly LedgerRow[], at: Date): LedgerRow[] {
  const reversed = new Set(rows.filter((r) => r.kind === 'reverse_earn' && r.orderId).map((r) => r.orderId));
  const from = at.getTime() - LEVEL_WINDOW_DAYS * DAY;
  return rows
    .filter((r) => (r.kind === 'earn' || r.kind === 'bonus') && !(r.orderId && reversed.has(r.orderId)))
    .filter((r) => r.createdAt.getTime() > from && r.createdAt.getTime() <= at.getTime())
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

export interface LevelStatus {
  level: string;
  tierId: number;
  qualifyingStars: number;
  /** when the level drops without new earning; null for the lowest level */
  levelExpiresAt: Date | null;
}

/** the highest level whose threshold the member's qualifying Stars reach (the lowest by default) */
export function levelOf(levels: readonly StarLevel[], qualifying: number): StarLevel {
  const sorted = [...levels].sort((a, b) => a.stars - b.stars);
  return sorted.filter((l) => l.stars <= qualifying).pop() ?? sorted[0] ?? DEFAULT_STAR_LEVELS[0]!;
}

/**
 * Level, qualifying Stars and level expiry: walking the qualifying rows oldest first, the first row whose leaving
 * the window drops the sum under the level's threshold gives levelExpiresAt = its created_at + 365 days.
 */
export function levelStatus(rows: readonly LedgerRow[], levels: readonly StarLevel[], at: Date): LevelStatus {
  const q = qualifyingRows(rows, at);
  const total = q.reduce((n, r) => n + r.delta, 0);
  const level = levelOf(levels, total);
  const lowest = levelOf(levels, 0);
  let levelExpiresAt: Date | null = null;
  if (level.stars > lowest.stars) {
    let left = total;
    for (const r of q) {
      left -= r.delta;
      if (left < level.stars) {
        levelExpiresAt = new Date(r.createdAt.getTime() + LEVEL_WINDOW_DAYS * DAY);
        break;
      }
    }
  }
  return { level: level.level, tierId: level.tierId, qualifyingStars: total, levelExpiresAt };
}

/** the smallest reward tier above the balance (null at the top) */
export const nextReward = (balance: number) => nextRewardFor(balance);

/** Stars earned by an order before any bonus: 1 per whole dollar of the total (tip excluded), 2 from a stored-value card */
export function baseStars(totalCents: number, tender: string, guest: boolean): number {
  if (guest) return 0;
  return Math.floor(totalCents / 100) * (tender === 'SVC' ? 2 : 1);
}

/** the balance the ledger says (sum of deltas) */
export const ledgerSum = (rows: readonly LedgerRow[]) => rows.reduce((n, r) => n + r.delta, 0);
