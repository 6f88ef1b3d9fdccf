import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { allergenFilterMachine } from '../../../machines/allergen-filter.machine.ts';
import { categoryPage } from '../../../machines/menu-pages.ts';
import type { StockAvailability } from '../../../machines/stock-rules.ts';
import { menuFixture, tile } from '../../../machines/__tests__/ordering-fixtures.ts';
import type { MenuResponse } from '../../../contracts/ordering.ts';
import { ALLERGEN_FILTER_KEY } from '../../../contracts/allergens.ts';
import { readAllergenFilter, writeAllergenFilter } from '../../services/ordering/allergen-filter.ts';
import { AllergenFilter, type AllergenFilterActor } from './AllergenFilter.tsx';
import { CategoryView } from './MenuViews.tsx';

/**
 * Issue 29 on the category page: the allergen filter (docs/order-status.md 2.7: 'Allergens', 'Hide items
 * containing', Apply, Clear all, '{n} items hidden by your allergen filter.', 'Show all') and sold-out tiles ('Sold
 * out', greyed) from the store's live stock, asserted with their literal texts.
 */
let stops: Array<() => void> = [];
const persisted: string[][] = [];
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
  persisted.length = 0;
  document.body.innerHTML = '';
  localStorage.clear();
});

/** coffee: Caffè Latte (milk), Flat White (milk, not sold here), Cold Brew (none); a mocha with soy added */
function menu(): MenuResponse {
  const m = menuFixture();
  const coffee = m.menus[0]!.categories[0]!;
  coffee.subcategories[0]!.products = [tile(2121, 'Caffè Latte', { allergens: ['milk'] }), tile(2122, 'Flat White', { allergens: ['milk'], availability: 'NotAvailableHere' }), tile(2125, 'Caffè Mocha', { allergens: ['milk', 'soy'] })];
  return m;
}

function Page({ filter, stock }: { filter: AllergenFilterActor; stock: Record<string, StockAvailability> }) {
  const allergens = useSelector(filter, (s) => s.context.selected);
  const data = menu();
  return <CategoryView page={categoryPage(data, { menu: 'drinks', category: 'coffee' })} currency="USD" stock={stock} allergens={allergens} filter={<AllergenFilter actor={filter} />} onShowAll={() => filter.send({ type: 'user.clearAll' })} />;
}

async function renderPage(stored: string[] = [], stock: Record<string, StockAvailability> = {}) {
  window.scrollTo = () => {};
  const filter = createActor(allergenFilterMachine.provide({ actions: { persist: ({ context }) => void persisted.push([...context.selected]) } }), { input: { stored: stored as never } }).start();
  stops.push(() => filter.stop());
  const root = createRootRoute({ component: () => <Page filter={filter} stock={stock} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/drinks/coffee'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('heading', { level: 1, name: 'Coffee' });
  return filter;
}
const tileOf = (name: string) => screen.queryByRole('link', { name: new RegExp(`^${name}`) });

describe('the menu allergen filter (category page)', () => {
  it('Allergens → Milk → Apply hides the items with milk, says how many, remembers it; Show all brings them back', async () => {
    await renderPage();
    expect(screen.queryByText(/hidden by your allergen filter/)).toBeNull();
    act(() => screen.getByRole('button', { name: 'Allergens' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Hide items containing' });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(9);
    act(() => within(dialog).getByRole('checkbox', { name: 'Milk' }).click());
    expect(tileOf('Caffè Latte')).toBeTruthy(); // a draft hides nothing yet
    act(() => within(dialog).getByRole('button', { name: 'Apply' }).click());
    expect(tileOf('Caffè Latte')).toBeNull();
    expect(tileOf('Caffè Mocha')).toBeNull();
    expect(tileOf('Flat White')).toBeNull();
    expect(tileOf('Cold Brew')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 items hidden by your allergen filter. Show all');
    expect(screen.getByRole('button', { name: 'Allergens (1)' })).toBeTruthy();
    expect(persisted).toEqual([['milk']]);
    act(() => screen.getByRole('button', { name: 'Show all' }).click());
    expect(tileOf('Caffè Latte')).toBeTruthy();
    expect(screen.queryByText(/hidden by your allergen filter/)).toBeNull();
    expect(persisted).toEqual([['milk'], []]);
  });

  it('the remembered filter applies on load; one item: 1 item hidden by your allergen filter.; Clear all then Apply clears it', async () => {
    await renderPage(['soy']);
    expect(tileOf('Caffè Mocha')).toBeNull();
    expect(tileOf('Caffè Latte')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 item hidden by your allergen filter. Show all');
    act(() => screen.getByRole('button', { name: 'Allergens (1)' }).click());
    act(() => screen.getByRole('button', { name: 'Clear all' }).click());
    act(() => screen.getByRole('button', { name: 'Apply' }).click());
    expect(tileOf('Caffè Mocha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Allergens' })).toBeTruthy();
  });

  it('a sold-out change greys the tile with Sold out; a product not sold here keeps its own text', async () => {
    await renderPage([], { '2121': 'SoldOut', '2122': 'Available' });
    expect(tileOf('Caffè Latte')!.className).toContain('product-tile--unavailable');
    expect(within(tileOf('Caffè Latte')!).getByText('Sold out')).toBeTruthy();
    expect(within(tileOf('Flat White')!).getByText('Not sold at this store')).toBeTruthy();
    expect(within(tileOf('Caffè Mocha')!).queryByText('Sold out')).toBeNull();
  });
});

describe('the remembered filter (localStorage, read with valibot)', () => {
  it('keeps known codes in display order and drops anything else', () => {
    localStorage.setItem(ALLERGEN_FILTER_KEY, JSON.stringify(['tree_nuts', 'milk', 'gluten', 3, null]));
    expect(readAllergenFilter()).toEqual(['milk', 'tree_nuts']);
    localStorage.setItem(ALLERGEN_FILTER_KEY, '{"milk":true}');
    expect(readAllergenFilter()).toEqual([]);
    localStorage.setItem(ALLERGEN_FILTER_KEY, 'not json');
    expect(readAllergenFilter()).toEqual([]);
    writeAllergenFilter(['soy']);
    expect(localStorage.getItem(ALLERGEN_FILTER_KEY)).toBe('["soy"]');
    writeAllergenFilter([]);
    expect(localStorage.getItem(ALLERGEN_FILTER_KEY)).toBeNull();
  });
});
