/** feed-backoff.ts against docs/order-status.md section 0 (1 000 / 30 000 ms, × jitter ∈ [0.5, 1]), written by hand. */
import { describe, expect, it } from 'vitest';
import { clampJitter, drawJitter, reconnectDelay } from '../feed-backoff.ts';

describe('reconnectDelay(n, base, max, jitter)', () => {
  it('doubles from 1 000 ms and stays at 30 000 ms', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((n) => reconnectDelay(n, 1000, 30000, 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000]);
  });
  it('the defaults are 1 000 / 30 000 without jitter', () => {
    expect(reconnectDelay(1)).toBe(1000);
    expect(reconnectDelay(6)).toBe(30000);
  });
  it('jitter scales every step, half at the least', () => {
    expect([1, 2, 3, 6].map((n) => reconnectDelay(n, 1000, 30000, 0.5))).toEqual([500, 1000, 2000, 15000]);
    expect(reconnectDelay(3, 1000, 30000, 0.75)).toBe(3000);
  });
  it('n below 1 counts as the first reconnect; a fraction is floored', () => {
    expect(reconnectDelay(0, 1000, 30000, 1)).toBe(1000);
    expect(reconnectDelay(-3, 1000, 30000, 1)).toBe(1000);
    expect(reconnectDelay(2.9, 1000, 30000, 1)).toBe(2000);
  });
  it('a shortened configuration (tests) follows the same rule', () => {
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, 10, 50, 1))).toEqual([10, 20, 40, 50]);
  });
});

describe('jitter', () => {
  it('is clamped into [0.5, 1]', () => {
    expect([0, 0.2, 0.5, 0.8, 1, 7, Number.NaN].map(clampJitter)).toEqual([0.5, 0.5, 0.5, 0.8, 1, 1, 1]);
  });
  it('drawJitter maps [0, 1) onto [0.5, 1)', () => {
    expect(drawJitter(() => 0)).toBe(0.5);
    expect(drawJitter(() => 0.5)).toBe(0.75);
    expect(drawJitter(() => 0.999)).toBeCloseTo(0.9995);
  });
});
