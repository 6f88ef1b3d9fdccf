import { describe, expect, it } from 'vitest';
import { describeFlow } from './flow.ts';
import { cartFlow } from './cart.expect.ts';
import { itemKey } from '../ordering-types.ts';
import { LATTE_KEY, latteDraft } from './ordering-fixtures.ts';

describeFlow(cartFlow);

describe('item key (spec 1 section 3)', () => {
  it('is product id, size code and the options sorted with quantities and size initials', () => {
    const d = latteDraft('vanilla-first');
    expect(itemKey({ product: d.product!, size: d.size!, selectedOptions: d.selectedOptions })).toBe(LATTE_KEY);
    expect(itemKey({ product: d.product!, size: { sizeCode: 'tall' }, selectedOptions: d.selectedOptions })).toBe('2121/hot|tall|401x1g|502x2');
    // an option at quantity 0 is not chosen
    expect(itemKey({ product: d.product!, size: d.size!, selectedOptions: [{ optionProductNumber: 9, sku: '9', quantity: 0 }] })).toBe('2121/hot|grande');
  });
});
