/** sameItems: when the checkout re-prices after a cart change (src/routes/-ordering/CheckoutPage.tsx follows the cart actor). */
import { describe, expect, it } from 'vitest';
import { sameItems } from './checkout.actors.ts';

const latte = { commerce: { sku: '11000001' }, quantity: 1, childItems: [{ commerce: { sku: '21000001' }, quantity: 2 }] };

describe('sameItems', () => {
  it('the same skus, quantities and child items in order are the same request', () => {
    expect(sameItems([latte], [structuredClone(latte)])).toBe(true);
    expect(sameItems([], [])).toBe(true);
  });
  it('any difference is a change to price', () => {
    expect(sameItems([latte], [{ ...latte, quantity: 2 }])).toBe(false);
    expect(sameItems([latte], [{ ...latte, commerce: { sku: '11000002' } }])).toBe(false);
    expect(sameItems([latte], [{ ...latte, childItems: [] }])).toBe(false);
    expect(sameItems([latte], [{ ...latte, childItems: [{ commerce: { sku: '21000001' }, quantity: 3 }] }])).toBe(false);
    expect(sameItems([latte], [latte, latte])).toBe(false);
  });
});
