/**
 * The menu's pure rules (issue 29): allergen maths (machines/allergen-rules.ts) and the live stock overlay
 * (machines/stock-rules.ts), which the allergenFilter, product and storeStock machines and the menu views read.
 * Table tests: every branch of each rule.
 */
import { describe, expect, it } from 'vitest';
import { addedAllergens, chosenAllergens, hiddenBy, itemAllergens, parseStoredFilter, toggleCode } from '../allergen-rules.ts';
import { stockChange, stockOf } from '../stock-rules.ts';
import type { FeedEvent } from '../live-feed.machine.ts';

describe('allergen rules', () => {
  const options = [
    { optionProductNumber: 501, allergens: ['tree_nuts'] }, // almondmilk
    { optionProductNumber: 502, allergens: ['soy'] },
    { optionProductNumber: 503, allergens: ['milk', 'wheat'] },
  ];
  it('itemAllergens: the base and the options with a quantity above 0, in display order, once each', () => {
    expect(itemAllergens(['milk'], options, {})).toEqual(['milk']);
    expect(itemAllergens(['milk'], options, { 501: 1, 502: 0 })).toEqual(['milk', 'tree_nuts']);
    expect(itemAllergens([], options, { 503: 2, 502: 1 })).toEqual(['milk', 'soy', 'wheat']);
    expect(itemAllergens(['wheat', 'milk'], options, { 503: 1 })).toEqual(['milk', 'wheat']);
  });
  it('addedAllergens: what the new choice has that the old had not; a swap that only removes adds none', () => {
    expect(addedAllergens(['milk'], ['milk', 'tree_nuts'])).toEqual(['tree_nuts']);
    expect(addedAllergens(['milk', 'soy'], ['milk'])).toEqual([]);
    expect(addedAllergens([], ['soy', 'milk'])).toEqual(['milk', 'soy']);
  });
  it('hiddenBy: the filter codes a tile contains (empty: shown)', () => {
    expect(hiddenBy(['milk', 'soy'], ['soy', 'egg'])).toEqual(['soy']);
    expect(hiddenBy(['milk'], [])).toEqual([]);
    expect(hiddenBy([], ['milk'])).toEqual([]);
  });
  it('parseStoredFilter: codes from stored JSON; anything else is dropped, never thrown', () => {
    expect(parseStoredFilter(null)).toEqual([]);
    expect(parseStoredFilter('')).toEqual([]);
    expect(parseStoredFilter('{')).toEqual([]);
    expect(parseStoredFilter('{"milk":true}')).toEqual([]);
    expect(parseStoredFilter('["soy","milk","gluten",3,null]')).toEqual(['milk', 'soy']);
  });
  it('toggleCode: adds in display order, removes when present', () => {
    expect(toggleCode(['soy'], 'milk')).toEqual(['milk', 'soy']);
    expect(toggleCode(['milk', 'soy'], 'milk')).toEqual(['soy']);
    expect(toggleCode([], 'sesame')).toEqual(['sesame']);
  });
  it("chosenAllergens: the chosen size's base codes and the chosen options, top-level and nested", () => {
    const product = {
      sizes: [
        { sizeCode: 'tall', baseAllergens: [] },
        { sizeCode: 'grande', baseAllergens: ['milk'] },
      ],
      productOptions: [{ products: [options[0]!], children: [{ products: [options[1]!] }] }],
    };
    expect(chosenAllergens(product, 'grande', {})).toEqual(['milk']);
    expect(chosenAllergens(product, 'tall', { 501: 1 })).toEqual(['tree_nuts']);
    expect(chosenAllergens(product, 'grande', { 502: 1 })).toEqual(['milk', 'soy']);
    expect(chosenAllergens(product, null, { 501: 1 })).toEqual(['tree_nuts']);
    expect(chosenAllergens(product, 'venti', {})).toEqual([]);
  });
});

describe('stock rules', () => {
  const stock = (productNumber: unknown, availability: unknown) => ({ id: 1, kind: 'stock', productNumber, availability }) as unknown as FeedEvent;
  it('stockChange: a stock event with a product number and a known position; anything else null', () => {
    expect(stockChange(stock(2121, 'SoldOut'))).toEqual({ productNumber: 2121, availability: 'SoldOut' });
    expect(stockChange(stock(2121, 'Available'))).toEqual({ productNumber: 2121, availability: 'Available' });
    expect(stockChange({ id: 2, kind: 'status', orderId: 'ord_x', status: 'ready' } as unknown as FeedEvent)).toBeNull();
    expect(stockChange(stock('2121', 'SoldOut'))).toBeNull();
    expect(stockChange(stock(1.5, 'SoldOut'))).toBeNull();
    expect(stockChange(stock(2 ** 53, 'SoldOut'))).toBeNull();
    expect(stockChange(stock(2121, 'NotAvailableHere'))).toBeNull();
  });
  it("stockOf: the live position over the loaded one; a product the store does not sell stays so", () => {
    const live = { 2121: 'SoldOut', 3000: 'Available' } as const;
    expect(stockOf(live, 2121, 'Available')).toBe('SoldOut');
    expect(stockOf(live, 3000, 'SoldOut')).toBe('Available');
    expect(stockOf(live, 4000, 'Available')).toBe('Available');
    expect(stockOf(live, 2121, 'NotAvailableHere')).toBe('NotAvailableHere');
    expect(stockOf({}, 2121, 'SoldOut')).toBe('SoldOut');
  });
});
