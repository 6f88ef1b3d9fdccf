import { describe, expect, it } from 'vitest';
import { describeFlow } from './flow.ts';
import { placeOrderFlow } from './place-order.expect.ts';
import { reloadAmountOptions, tipAllowed, waitLabel } from '../../contracts/ordering.ts';

describeFlow(placeOrderFlow);

describe('checkout rules (spec 1 sections 4, 5; spec 2 section 5)', () => {
  it('reload amounts: the configured ones covering total + tip - balance, else the exact shortfall', () => {
    expect(reloadAmountOptions(1200, 100, 1000, [1000, 2500])).toEqual([1000, 2500]);
    expect(reloadAmountOptions(1200, 0, 0, [500, 1000])).toEqual([1200]);
    expect(reloadAmountOptions(1200, 0, 1500, [1000])).toEqual([]);
  });
  it('tipping: stored-value card, price above 0, pricing allows it', () => {
    expect(tipAllowed(true, 100, 'SVC')).toBe(true);
    expect(tipAllowed(true, 0, 'SVC')).toBe(false);
    expect(tipAllowed(false, 100, 'SVC')).toBe(false);
    expect(tipAllowed(true, 100, 'CREDIT_CARD')).toBe(false);
  });
  it("wait labels: '20+ mins' over 20, else a range", () => {
    expect(waitLabel(25, 30)).toBe('20+ mins');
    expect(waitLabel(5, 10)).toBe('5-10 mins');
  });
});
