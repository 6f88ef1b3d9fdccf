/**
 * machines/ordering-types.ts is not a machine: the client's ordering shapes plus their pure helpers (spec 1
 * section 3 item key, section 5 draft validation, the drafts of a favorite and of a previous order's item).
 * Unit tests; the keys are the spec's rule written out.
 */
import { describe, expect, it } from 'vitest';
import type { AnsweredChildItem, BasketItem, FavoriteProduct } from '../../contracts/ordering.ts';
import { basketDraft, cartCount, favoriteDraft, isValidDraft, itemKey, optionsOf, type CartItemDraft } from '../ordering-types.ts';
import { CROISSANT_KEY, croissantDraft, LATTE_KEY, latteDraft } from './ordering-fixtures.ts';

const keyOf = (d: CartItemDraft) => itemKey({ product: d.product!, size: d.size!, selectedOptions: d.selectedOptions });
const shot: AnsweredChildItem = { commerce: { sku: '401-shot' }, optionProductNumber: 401, name: 'Shots', sizeCode: 'grande', quantity: 1 };
const vanilla: AnsweredChildItem = { commerce: { sku: '502-pump' }, optionProductNumber: 502, name: 'Vanilla syrup', sizeCode: null, quantity: 2 };

describe('machines/ordering-types.ts', () => {
  it.each([
    ['a latte with options picked shot first', keyOf(latteDraft('shot-first')), LATTE_KEY],
    ['the same latte, vanilla first: the same key', keyOf(latteDraft('vanilla-first')), LATTE_KEY],
    ['a croissant without options', keyOf(croissantDraft()), CROISSANT_KEY],
    ['another size', itemKey({ product: { productNumber: 2121, formCode: 'hot' }, size: { sizeCode: 'tall' }, selectedOptions: latteDraft().selectedOptions }), '2121/hot|tall|401x1g|502x2'],
    ['another form (iced)', itemKey({ product: { productNumber: 2121, formCode: 'iced' }, size: { sizeCode: 'grande' }, selectedOptions: [] }), '2121/iced|grande'],
    ['the size initial is lower case', itemKey({ product: { productNumber: 1, formCode: 'hot' }, size: { sizeCode: 'grande' }, selectedOptions: [{ optionProductNumber: 7, sku: '7', quantity: 3, sizeCode: 'Extra' }] }), '1/hot|grande|7x3e'],
    [
      'options at quantity 0 or less are left out',
      itemKey({ product: { productNumber: 1, formCode: 'hot' }, size: { sizeCode: 'grande' }, selectedOptions: [{ optionProductNumber: 7, sku: '7', quantity: 0 }, { optionProductNumber: 8, sku: '8', quantity: -1 }, { optionProductNumber: 9, sku: '9', quantity: 1 }] }),
      '1/hot|grande|9x1',
    ],
    ['quantities tell options apart', itemKey({ product: { productNumber: 1, formCode: 'hot' }, size: { sizeCode: 'grande' }, selectedOptions: [{ optionProductNumber: 7, sku: '7', quantity: 2 }] }), '1/hot|grande|7x2'],
  ])('itemKey: %s (spec 1 section 3)', (_name, key, expected) => {
    expect(key).toBe(expected);
  });

  it.each([
    [[], 0],
    [[{ quantity: 1 }], 1],
    [[{ quantity: 2 }, { quantity: 3 }], 5],
  ])('cartCount(%j) = %s: quantities summed', (items, count) => {
    expect(cartCount(items)).toBe(count);
  });

  const valid = croissantDraft(1);
  it.each([
    ['a draft with product, size code and quantity 1', valid, true],
    ['quantity 12', { ...valid, quantity: 12 }, true],
    ['null', null, false],
    ['undefined', undefined, false],
    ['no product', { ...valid, product: null }, false],
    ['product number 0', { ...valid, product: { ...valid.product!, productNumber: 0 } }, false],
    ['no size', { ...valid, size: null }, false],
    ['an empty size code', { ...valid, size: { sku: 'x', sizeCode: '' } }, false],
    ['quantity 0', { ...valid, quantity: 0 }, false],
    ['a negative quantity', { ...valid, quantity: -1 }, false],
    ['a fractional quantity', { ...valid, quantity: 1.5 }, false],
  ])('isValidDraft: %s → %s (spec 1 section 5)', (_name, draft, ok) => {
    expect(isValidDraft(draft)).toBe(ok);
  });

  it('reads answered child items as cart options (the level as size code when there is one)', () => {
    expect(optionsOf([shot, vanilla])).toEqual([
      { optionProductNumber: 401, sku: '401-shot', quantity: 1, sizeCode: 'grande', name: 'Shots' },
      { optionProductNumber: 502, sku: '502-pump', quantity: 2, name: 'Vanilla syrup' },
    ]);
    expect('sizeCode' in optionsOf([vanilla])[0]!).toBe(false);
    expect(optionsOf([])).toEqual([]);
  });

  const favorite = (sizes: FavoriteProduct['product']['sizes']): FavoriteProduct => ({
    id: 'fav_abcdefgh',
    product: { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte', imageURL: '/img/latte.svg', availability: 'Available', forms: [{ formCode: 'hot', name: 'Hot' }], sizes },
    item: { commerce: { sku: '2121-grande' }, sizeCode: 'grande', quantity: 1, childItems: [vanilla, shot] },
    itemKey: '2121/hot|grande|401-shotx1|502-pumpx2',
  });

  it("a favorite's draft: one of its size at the size's price, with its options; the same cart key as from the product page", () => {
    const d = favoriteDraft(favorite([{ sku: '2121-tall', sizeCode: 'tall', name: 'Tall', price: 475 }, { sku: '2121-grande', sizeCode: 'grande', name: 'Grande', price: 545 }]));
    expect(d).toEqual({
      product: { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte' },
      size: { sku: '2121-grande', sizeCode: 'grande', name: 'Grande' },
      selectedOptions: [
        { optionProductNumber: 502, sku: '502-pump', quantity: 2, name: 'Vanilla syrup' },
        { optionProductNumber: 401, sku: '401-shot', quantity: 1, sizeCode: 'grande', name: 'Shots' },
      ],
      quantity: 1,
      productImage: '/img/latte.svg',
      unitPrice: 545,
    });
    expect(keyOf(d)).toBe(LATTE_KEY);
    // no price at this store: no unit price; the size gone from the product: no size (the cart refuses it)
    expect('unitPrice' in favoriteDraft(favorite([{ sku: '2121-grande', sizeCode: 'grande', name: 'Grande', price: null }]))).toBe(false);
    const gone = favoriteDraft(favorite([{ sku: '2121-tall', sizeCode: 'tall', name: 'Tall', price: 475 }]));
    expect([gone.size, 'unitPrice' in gone, isValidDraft(gone)]).toEqual([null, false, false]);
  });

  const basketItem = (productNumber: number | null, quantity = 2): BasketItem => ({
    product: { productNumber, formCode: 'hot', name: 'Caffè Latte', imageURL: '/img/latte.svg', availability: 'Available' },
    size: { sku: '2121-grande', sizeCode: 'grande', name: 'Grande' },
    childItems: [shot, vanilla],
    quantity,
  });

  it("a previous order's item: its product, size, options and quantity; none without a product number", () => {
    const d = basketDraft(basketItem(2121, 3));
    expect(d).toEqual({
      product: { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte' },
      size: { sku: '2121-grande', sizeCode: 'grande', name: 'Grande' },
      selectedOptions: [
        { optionProductNumber: 401, sku: '401-shot', quantity: 1, sizeCode: 'grande', name: 'Shots' },
        { optionProductNumber: 502, sku: '502-pump', quantity: 2, name: 'Vanilla syrup' },
      ],
      quantity: 3,
      productImage: '/img/latte.svg',
    });
    expect(keyOf(d!)).toBe(LATTE_KEY);
    expect(basketDraft(basketItem(null))).toBeNull();
    expect(basketDraft(basketItem(0))).not.toBeNull();
  });
});
