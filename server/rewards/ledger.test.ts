import { describe, expect, it } from 'vitest';
import { dueExpiries, expiresAt, expiringStars, levelStatus, nextReward, starLots, type LedgerRow, type StarKind } from './ledger.ts';

const LEVELS = [
  { level: 'green', tierId: 1, stars: 0 },
  { level: 'gold', tierId: 2, stars: 500 },
];
let id = 0;
const row = (kind: StarKind, delta: number, at: string, orderId: string | null = null): LedgerRow => ({ id: ++id, kind, delta, orderId, createdAt: new Date(at), expireDate: null });

describe('ledger (pure)', () => {
  it.each([
    ['2026-03-01T00:00:00Z', '2026-10-01T00:00:00.000Z'],
    ['2026-03-31T23:59:59Z', '2026-10-01T00:00:00.000Z'],
    ['2026-04-01T00:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-09-01T00:00:00.000Z'],
    ['2026-07-15T00:00:00Z', '2027-02-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2027-07-01T00:00:00.000Z'],
  ])('Stars earned at %s expire at %s (UTC month boundaries, 29 Feb)', (earned, expires) => {
    expect(expiresAt(new Date(earned)).toISOString()).toBe(expires);
  });

  it('spends first in, first out across lots; a reversal takes its own order first', () => {
    const rows = [row('earn', 100, '2026-01-10T00:00:00Z', 'o1'), row('earn', 50, '2026-02-10T00:00:00Z', 'o2'), row('spend', -120, '2026-03-01T00:00:00Z'), row('reverse_earn', -30, '2026-03-02T00:00:00Z', 'o2')];
    expect(starLots(rows).map((l) => l.remaining)).toEqual([0, 0]);
    const two = starLots([row('earn', 100, '2026-01-10T00:00:00Z', 'a'), row('earn', 50, '2026-02-10T00:00:00Z', 'b'), row('reverse_earn', -50, '2026-03-01T00:00:00Z', 'b')]);
    expect(two.map((l) => l.remaining)).toEqual([100, 0]);
  });

  it('expiry groups by date; due ones at `at`', () => {
    const lots = starLots([row('earn', 100, '2026-01-10T00:00:00Z'), row('earn', 40, '2026-02-10T00:00:00Z'), row('spend', -30, '2026-03-01T00:00:00Z')]);
    expect(expiringStars(lots, new Date('2026-05-01T00:00:00Z')).map((e) => [e.stars, e.expiresAt.toISOString()])).toEqual([
      [70, '2026-08-01T00:00:00.000Z'],
      [40, '2026-09-01T00:00:00.000Z'],
    ]);
    expect(dueExpiries(lots, new Date('2026-08-01T00:00:00Z')).map((e) => e.stars)).toEqual([70]);
  });

  it('level over 365 days, cancelled orders do not count, level expiry walk; next reward', () => {
    const rows = [row('earn', 300, '2026-01-10T00:00:00Z', 'a'), row('earn', 250, '2026-03-10T00:00:00Z', 'b'), row('earn', 100, '2026-04-10T00:00:00Z', 'c'), row('reverse_earn', -100, '2026-04-11T00:00:00Z', 'c')];
    const s = levelStatus(rows, LEVELS, new Date('2026-06-01T00:00:00Z'));
    expect(s).toMatchObject({ level: 'gold', tierId: 2, qualifyingStars: 550 });
    expect(s.levelExpiresAt?.toISOString()).toBe('2027-01-10T00:00:00.000Z');
    expect(levelStatus(rows, LEVELS, new Date('2027-01-11T00:00:00Z'))).toMatchObject({ level: 'green', qualifyingStars: 250, levelExpiresAt: null });
    expect(nextReward(0)).toEqual({ tier: 25, starsToNext: 25 });
    expect(nextReward(130)).toEqual({ tier: 200, starsToNext: 70 });
    expect(nextReward(400)).toBeNull();
  });
});
