import { describe, expect, it } from 'vitest';
import { describeFlow } from './flow.ts';
import { menuFlow } from './menu.expect.ts';
import { categoryPage, menuAvailability } from '../menu-pages.ts';
import { menuFixture } from './ordering-fixtures.ts';

describeFlow(menuFlow);

describe('menu pages (spec 1 section 2)', () => {
  const menu = menuFixture();
  it('a category with products shows one section', () => {
    const p = categoryPage(menu, { menu: 'food', category: 'bakery' });
    expect(p.kind === 'category' && p.sections.map((s) => [s.title, s.products.map((x) => x.name)])).toEqual([['Bakery', ['Butter Croissant']]]);
  });
  it('a category without products shows one section per subcategory (empty ones left out)', () => {
    const p = categoryPage(menu, { menu: 'drinks', category: 'coffee' });
    expect(p.kind === 'category' && p.sections.map((s) => s.title)).toEqual(['Hot coffees', 'Cold coffees']);
  });
  it('a subcategory shows its section', () => {
    const p = categoryPage(menu, { menu: 'drinks', category: 'coffee', subcategory: 'cold-coffees' });
    expect(p.kind === 'category' && p.sections.map((s) => s.title)).toEqual(['Cold coffees']);
  });
  it('missing menu, category, subcategory or a category with no content: not found', () => {
    expect(categoryPage(menu, { menu: 'nope', category: 'coffee' }).kind).toBe('notFound');
    expect(categoryPage(menu, { menu: 'drinks', category: 'nope' }).kind).toBe('notFound');
    expect(categoryPage(menu, { menu: 'drinks', category: 'empty' }).kind).toBe('notFound');
    expect(categoryPage(menu, { menu: 'drinks', category: 'coffee', subcategory: 'nothing' }).kind).toBe('notFound');
    expect(categoryPage(menu, { menu: 'drinks', category: 'coffee', subcategory: 'nope' }).kind).toBe('notFound');
  });
  it('availability per product number for the cart', () => {
    expect(menuAvailability(menu)).toEqual({ '2121': 'Available', '2122': 'NotAvailableHere', '2200': 'Available', '3131': 'Available' });
  });
});
