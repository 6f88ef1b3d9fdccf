/**
 * machines/menu-pages.ts is not a machine: which page of a loaded menu a URL shows (spec 1 section 2 "Ordering and
 * pickup", section 8 "Other ordering messages": a missing category or one with no content is a 404), and each
 * product's availability for the cart (spec 1 section 4: a product on no menu counts as missing).
 * The menu of ordering-fixtures.ts: Drinks > Coffee (no products; subcategories Hot coffees, Cold coffees and an
 * empty one), Drinks > Empty, Food > Bakery (products, no subcategories); featured: the latte.
 */
import { describe, expect, it } from 'vitest';
import { categoryPage, menuAvailability } from '../menu-pages.ts';
import { menuFixture, tile } from './ordering-fixtures.ts';

const menu = menuFixture();
type Params = Parameters<typeof categoryPage>[1];
/** a page written as [menu path, category path, subcategory, [section id, title, product numbers][]] */
const shape = (p: ReturnType<typeof categoryPage>) =>
  p.kind === 'notFound' ? 'notFound' : [p.menu.path, p.category.path, p.subcategory, p.sections.map((s) => [s.id, s.title, s.products.map((x) => x.productNumber)])];

describe('machines/menu-pages.ts', () => {
  it.each<[string, Params, unknown]>([
    ['a category with products: one section', { menu: 'food', category: 'bakery' }, ['food', 'bakery', null, [['bakery', 'Bakery', [3131]]]]],
    [
      'a category without products: one section per subcategory, empty ones left out',
      { menu: 'drinks', category: 'coffee' },
      ['drinks', 'coffee', null, [['hot', 'Hot coffees', [2121, 2122]], ['cold', 'Cold coffees', [2200]]]],
    ],
    ['a subcategory: its one section', { menu: 'drinks', category: 'coffee', subcategory: 'cold-coffees' }, ['drinks', 'coffee', 'cold-coffees', [['cold', 'Cold coffees', [2200]]]]],
    ['a subcategory given as undefined: the category page', { menu: 'drinks', category: 'coffee', subcategory: undefined }, ['drinks', 'coffee', null, [['hot', 'Hot coffees', [2121, 2122]], ['cold', 'Cold coffees', [2200]]]]],
    ['a missing menu', { menu: 'nope', category: 'coffee' }, 'notFound'],
    ['a category of another menu', { menu: 'food', category: 'coffee' }, 'notFound'],
    ['a missing category', { menu: 'drinks', category: 'nope' }, 'notFound'],
    ['a category with no content at all', { menu: 'drinks', category: 'empty' }, 'notFound'],
    ['an empty subcategory', { menu: 'drinks', category: 'coffee', subcategory: 'nothing' }, 'notFound'],
    ['a missing subcategory', { menu: 'drinks', category: 'coffee', subcategory: 'nope' }, 'notFound'],
    ['an empty subcategory path', { menu: 'drinks', category: 'coffee', subcategory: '' }, 'notFound'],
    ['a subcategory of a category that has none', { menu: 'food', category: 'bakery', subcategory: 'bread' }, 'notFound'],
    // URLs name paths, not ids: the subcategory with id 'hot' has the path 'hot-coffees'
    ['a subcategory named by its id', { menu: 'drinks', category: 'coffee', subcategory: 'hot' }, 'notFound'],
    ['a subcategory named by its path', { menu: 'drinks', category: 'coffee', subcategory: 'hot-coffees' }, ['drinks', 'coffee', 'hot-coffees', [['hot', 'Hot coffees', [2121, 2122]]]]],
  ])('categoryPage: %s', (_name, params, page) => {
    expect(shape(categoryPage(menu, params))).toEqual(page);
  });

  it('a page carries the menu and category it shows, and the tiles themselves', () => {
    const p = categoryPage(menu, { menu: 'food', category: 'bakery' });
    if (p.kind !== 'category') throw new Error('expected a category page');
    expect([p.menu.name, p.category.name, p.sections[0]!.products[0]]).toEqual(['Food', 'Bakery', tile(3131, 'Butter Croissant', { formCode: 'single', productType: 'Food', priceFrom: 325 })]);
  });

  it('no menus: every page is not found', () => {
    expect(categoryPage(menuFixture({ menus: [] }), { menu: 'drinks', category: 'coffee' })).toEqual({ kind: 'notFound' });
  });

  it('availability per product number, from every category, subcategory and the featured tiles', () => {
    expect(menuAvailability(menu)).toEqual({ '2121': 'Available', '2122': 'NotAvailableHere', '2200': 'Available', '3131': 'Available' });
    const featuredOnly = menuFixture({ featured: [tile(4444, 'Pumpkin Loaf', { availability: 'NotAvailableHere' })] });
    expect(menuAvailability(featuredOnly)['4444']).toBe('NotAvailableHere');
    // a product on no menu has no entry (the cart then counts it as NotAvailableHere)
    expect(menuAvailability(menu)['9999']).toBeUndefined();
    expect(menuAvailability(menuFixture({ menus: [], featured: [] }))).toEqual({});
  });
});
