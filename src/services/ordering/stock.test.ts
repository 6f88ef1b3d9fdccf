import { describe, expect, it } from 'vitest';
import { menuFixture, tile } from '../../../machines/__tests__/ordering-fixtures.ts';
import { cartAvailability, menuWithStock } from './stock.ts';

/** the stock actor's effects on the cached menu and on the cart (issue 29; docs/order-status.md 2.6) */
describe('a stock change applied to what the pages hold', () => {
  it('the cached menu: the product greyed everywhere it appears (featured too); a product the store does not sell stays so', () => {
    const menu = menuFixture();
    const out = menuWithStock(menu, 2121, 'SoldOut');
    const latte = out.menus[0]!.categories[0]!.subcategories[0]!.products.find((p) => p.productNumber === 2121)!;
    expect(latte.availability).toBe('SoldOut');
    expect(out.featured.find((p) => p.productNumber === 2121)!.availability).toBe('SoldOut');
    expect(menu.featured[0]!.availability).toBe('Available'); // not changed in place
    const flat = menuWithStock(out, 2122, 'Available').menus[0]!.categories[0]!.subcategories[0]!.products.find((p) => p.productNumber === 2122)!;
    expect(flat.availability).toBe('NotAvailableHere');
    expect(menuWithStock(out, 2121, 'Available').featured[0]!.availability).toBe('Available');
    expect(tile(1, 'x').availability).toBe('Available');
  });
  it("the cart: that product's items change, the others keep theirs; a product not sold here stays so", () => {
    const items = [
      { product: { productNumber: 2121 }, availability: 'Available' },
      { product: { productNumber: 3131 }, availability: 'Available' },
      { product: { productNumber: 2122 }, availability: 'NotAvailableHere' },
    ];
    expect(cartAvailability(items, 2121, 'SoldOut')).toEqual({ '2121': 'SoldOut', '3131': 'Available', '2122': 'NotAvailableHere' });
    expect(cartAvailability(items, 2122, 'Available')).toEqual({ '2121': 'Available', '3131': 'Available', '2122': 'NotAvailableHere' });
  });
});
