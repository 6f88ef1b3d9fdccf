/**
 * machines/product-options.ts is not a machine: the product page's pure helpers (spec 1 section 3 "Product detail",
 * section 5): default option quantities per size, option limits (maxQuantity per option, maximumModifierAmount over
 * all), single-choice groups, the price of one as chosen (minor units), the cart draft and the favorite.
 * The latte of ordering-fixtures.ts: tall 475 / grande 545 (default); milk, one of 2% (default 1) or oat (+70);
 * shots (tall 1, grande 2, +90 each, at most 6); vanilla pumps in the Flavors > Syrups child group (+80 each, at most 6).
 */
import { describe, expect, it } from 'vitest';
import type { OptionProduct, ProductDetail } from '../../contracts/ordering.ts';
import { allOptions, defaultQuantities, defaultSize, draftOf, favoriteOf, modifierCount, unitPrice, withOption } from '../product-options.ts';
import { latteDetail } from './ordering-fixtures.ts';

const latte = latteDetail();
const grandeDefaults = { '301': 1, '401': 2 };

const opt = (n: number, name: string, extra: Partial<OptionProduct> = {}): OptionProduct => ({
  optionProductNumber: n,
  name,
  sku: `opt-${n}`,
  kind: 'quantity',
  attributes: { unitOfMeasure: null },
  defaultQuantity: {},
  maxQuantity: 6,
  unitPrice: 50,
  sizes: [],
  defaultSizeCode: null,
  allergens: [],
  ...extra,
});
/** toppings: a multiple group with two syrups, and a single-choice child group (one drizzle) */
const toppings = (): ProductDetail =>
  latteDetail({
    productOptions: [
      {
        id: 'toppings',
        name: 'Toppings',
        selection: 'multiple',
        products: [opt(601, 'Caramel syrup'), opt(602, 'Hazelnut syrup')],
        children: [{ id: 'drizzle', name: 'Drizzle', selection: 'single', products: [opt(701, 'Caramel drizzle'), opt(702, 'Mocha drizzle')] }],
      },
      {
        id: 'foam',
        name: 'Foam',
        selection: 'single',
        products: [
          opt(801, 'Cold foam', { kind: 'size', sizes: [{ sku: '801-light', sizeCode: 'light', name: 'Light' }, { sku: '801-medium', sizeCode: 'medium', name: 'Medium' }], defaultSizeCode: 'medium' }),
          opt(802, 'Sweet foam', { kind: 'size', defaultSizeCode: 'extra' }),
        ],
        children: [],
      },
    ],
  });

describe('machines/product-options.ts', () => {
  it("lists every option with its group (a child group is 'category/child') and whether the group takes one choice", () => {
    expect(allOptions(latte).map((o) => [o.option.optionProductNumber, o.group, o.single])).toEqual([
      [301, 'milk', true],
      [302, 'milk', true],
      [303, 'milk', true],
      [401, 'espresso', false],
      [502, 'flavors/syrups', false],
    ]);
    expect(allOptions(toppings()).map((o) => [o.option.optionProductNumber, o.group, o.single])).toEqual([
      [601, 'toppings', false],
      [602, 'toppings', false],
      [701, 'toppings/drizzle', true],
      [702, 'toppings/drizzle', true],
      [801, 'foam', true],
      [802, 'foam', true],
    ]);
  });

  it('the default size is the one marked default, else the first, else none', () => {
    expect(defaultSize(latte)?.sizeCode).toBe('grande');
    expect(defaultSize(latteDetail({ sizes: latte.sizes.map((s) => ({ ...s, isDefault: false })) }))?.sizeCode).toBe('tall');
    expect(defaultSize(latteDetail({ sizes: [] }))).toBeNull();
  });

  it.each([
    ['grande', grandeDefaults],
    ['tall', { '301': 1, '401': 1 }],
    ['venti', {}],
    [null, {}],
  ])('a %s comes with the option quantities %j (zero defaults left out)', (size, q) => {
    expect(defaultQuantities(latte, size)).toEqual(q);
  });

  it.each([
    [{}, 0],
    [{ '1': 1 }, 1],
    [{ '1': 2, '2': 3, '3': 0 }, 5],
  ])('modifierCount(%j) = %s', (q, n) => {
    expect(modifierCount(q)).toBe(n);
  });

  it.each([
    ['more shots', grandeDefaults, 401, 3, 12, { '301': 1, '401': 3 }],
    ['shots up to their maximum of 6', grandeDefaults, 401, 6, 12, { '301': 1, '401': 6 }],
    ['shots above their maximum', grandeDefaults, 401, 7, 12, null],
    ['no shots: the option leaves the choices', grandeDefaults, 401, 0, 12, { '301': 1 }],
    ['oat milk replaces 2% (one choice in the milk group)', grandeDefaults, 302, 1, 12, { '401': 2, '302': 1 }],
    ['unchoosing oat milk keeps 2%', grandeDefaults, 302, 0, 12, grandeDefaults],
    ['vanilla in a child group beside the others', grandeDefaults, 502, 2, 12, { '301': 1, '401': 2, '502': 2 }],
    ['all options together up to maximumModifierAmount', grandeDefaults, 502, 6, 9, { '301': 1, '401': 2, '502': 6 }],
    ['all options together above maximumModifierAmount', grandeDefaults, 502, 6, 8, null],
    ['an option the product does not have', grandeDefaults, 999, 1, 12, null],
    ['a negative quantity', grandeDefaults, 401, -1, 12, null],
    ['a fractional quantity', grandeDefaults, 401, 1.5, 12, null],
  ])('withOption: %s', (_name, q, option, quantity, max, next) => {
    expect(withOption(latte, q, option, quantity, max)).toEqual(next);
  });

  it('a single-choice child group replaces only within itself; a multiple group keeps the others', () => {
    const p = toppings();
    expect(withOption(p, { '601': 1 }, 602, 2, 12)).toEqual({ '601': 1, '602': 2 });
    expect(withOption(p, { '601': 1, '701': 1 }, 702, 1, 12)).toEqual({ '601': 1, '702': 1 });
    expect(withOption(p, { '702': 1, '801': 1 }, 802, 1, 12)).toEqual({ '702': 1, '802': 1 });
    // the input is not changed
    const q = { '601': 1 };
    withOption(p, q, 601, 3, 12);
    expect(q).toEqual({ '601': 1 });
  });

  it.each([
    ['a grande as it comes', 'grande', grandeDefaults, 545],
    ['a tall as it comes', 'tall', { '301': 1, '401': 1 }, 475],
    ['one shot above the grande default', 'grande', { '301': 1, '401': 3 }, 635],
    ['two shots on a tall (default 1): one extra', 'tall', { '301': 1, '401': 2 }, 565],
    ['fewer shots than the default cost nothing less', 'grande', { '301': 1, '401': 1 }, 545],
    ['oat milk instead of 2%', 'grande', { '302': 1, '401': 2 }, 615],
    ['two vanilla pumps', 'grande', { '301': 1, '401': 2, '502': 2 }, 705],
    ['an unknown size', 'venti', grandeDefaults, null],
    ['no size', null, grandeDefaults, null],
  ])('unitPrice: %s = %s', (_name, size, q, price) => {
    expect(unitPrice(latte, size, q)).toBe(price);
  });

  it('has no price for a size without one (the national menu)', () => {
    expect(unitPrice(latteDetail({ sizes: latte.sizes.map((s) => ({ ...s, price: null })) }), 'grande', grandeDefaults)).toBeNull();
  });

  it('the draft of the choices: product, size, the chosen options (sized ones with their sku and level) and the price of one', () => {
    expect(draftOf(latte, 'grande', { '401': 3, '301': 1, '502': 0 }, 2)).toEqual({
      product: { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte' },
      size: { sku: '2121-grande', sizeCode: 'grande', name: 'Grande' },
      selectedOptions: [
        { optionProductNumber: 301, sku: 'opt-301', quantity: 1, name: '2% milk' },
        { optionProductNumber: 401, sku: 'opt-401', quantity: 3, name: 'Shots' },
      ],
      quantity: 2,
      productImage: '/apiproxy/v1/images/menu/p2121.svg',
      unitPrice: 635,
    });
    expect(draftOf(toppings(), 'tall', { '801': 1, '702': 1 }, 1).selectedOptions).toEqual([
      { optionProductNumber: 702, sku: 'opt-702', quantity: 1, name: 'Mocha drizzle' },
      { optionProductNumber: 801, sku: '801-medium', quantity: 1, sizeCode: 'medium', name: 'Cold foam' },
    ]);
    // a default level without a sized sku: the option's own sku, with the level
    expect(draftOf(toppings(), 'tall', { '802': 1 }, 1).selectedOptions).toEqual([{ optionProductNumber: 802, sku: 'opt-802', quantity: 1, sizeCode: 'extra', name: 'Sweet foam' }]);
  });

  it('a draft without a product or size has none (the cart refuses it) and no price', () => {
    expect(draftOf(null, 'grande', { '401': 3 }, 1)).toEqual({ product: null, size: null, selectedOptions: [], quantity: 1, productImage: '' });
    const noSize = draftOf(latte, 'venti', grandeDefaults, 1);
    expect([noSize.size, 'unitPrice' in noSize]).toEqual([null, false]);
  });

  it("the favorite of the choices: one of the size with its options' skus, keyed as the server keys favorites", () => {
    expect(favoriteOf(draftOf(latte, 'grande', { '401': 3, '301': 1 }, 2))).toEqual({
      item: {
        commerce: { sku: '2121-grande' },
        quantity: 1,
        childItems: [
          { commerce: { sku: 'opt-301' }, quantity: 1 },
          { commerce: { sku: 'opt-401' }, quantity: 3 },
        ],
      },
      key: '2121/hot|grande|opt-301x1|opt-401x3',
    });
    // the same choices in another order: the same key
    const d = draftOf(latte, 'grande', { '301': 1, '401': 3 }, 1);
    expect(favoriteOf({ ...d, selectedOptions: [...d.selectedOptions].reverse() })?.key).toBe('2121/hot|grande|opt-301x1|opt-401x3');
    expect(favoriteOf(draftOf(latte, 'tall', {}, 1))).toEqual({ item: { commerce: { sku: '2121-tall' }, quantity: 1, childItems: [] }, key: '2121/hot|tall' });
  });

  it('no favorite of an invalid draft', () => {
    expect(favoriteOf(draftOf(null, 'grande', {}, 1))).toBeNull();
    expect(favoriteOf(draftOf(latte, 'venti', {}, 1))).toBeNull();
    expect(favoriteOf(draftOf(latte, 'grande', {}, 0))).toBeNull();
  });
});
