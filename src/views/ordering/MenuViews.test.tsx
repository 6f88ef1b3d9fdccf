import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import type { ReactNode } from 'react';
import { menuMachine } from '../../../machines/menu.machine.ts';
import { categoryPage } from '../../../machines/menu-pages.ts';
import { menuFixture } from '../../../machines/__tests__/ordering-fixtures.ts';
import { CategoryView, MenuFrame, MenuHome, type MenuActor } from './MenuViews.tsx';

let settle: Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
let stop: (() => void) | null = null;
let cleared = 0;
afterEach(() => {
  stop?.();
  settle = [];
});

async function renderWith(ui: (menu: MenuActor) => ReactNode, storeNumber: string | null = '10001') {
  window.scrollTo = () => {};
  const actor = createActor(
    menuMachine.provide({
      actors: { loadMenu: fromPromise(() => new Promise((resolve, reject) => settle.push({ resolve, reject }))) as never },
      actions: { clearStore: () => void cleared++ },
    }),
    { input: { storeNumber, locale: 'en-US' } },
  ).start() as unknown as MenuActor;
  stop = () => actor.stop();
  const root = createRootRoute({ component: () => <>{ui(actor)}</> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('progressbar', { name: 'Loading the menu' });
  return actor;
}
const frame = (menu: MenuActor) => <MenuFrame menu={menu} title="Menu">{(data) => <MenuHome data={data} />}</MenuFrame>;

describe('menu views', () => {
  it('lists every menu with its categories, linking to /menu/{menu}/{category}', async () => {
    await renderWith(frame);
    await act(async () => settle[0]!.resolve(menuFixture()));
    expect(screen.getByRole('heading', { name: 'Drinks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Coffee' }).getAttribute('href')).toBe('/menu/drinks/coffee');
    expect(screen.getByRole('link', { name: 'Bakery' }).getAttribute('href')).toBe('/menu/food/bakery');
  });

  it('a store without mobile ordering: Menu not available for this store.', async () => {
    await renderWith(frame);
    await act(async () => settle[0]!.resolve(menuFixture({ menuAvailable: false })));
    expect(screen.getByText('Menu not available for this store.')).toBeTruthy();
  });

  it('a menu load error shows the national menu with the notice and clears the store', async () => {
    await renderWith(frame);
    await act(async () => settle[0]!.reject({ status: 500, code: 'MENU_LOAD_ERROR', message: 'x' }));
    expect(screen.getByText('Could not load menus for this store. Showing national menu.')).toBeTruthy();
    expect(cleared).toBe(1);
    await act(async () => settle[1]!.resolve(menuFixture({ national: true, storeNumber: null })));
    expect(screen.getByText('Could not load menus for this store. Showing national menu.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Food' })).toBeTruthy();
  });

  it('an empty menu says so with a way on, no raw status code; a failure offers a retry', async () => {
    await renderWith(frame);
    await act(async () => settle[0]!.reject({ status: 404, code: 'EMPTY_MENU', message: 'x' }));
    expect(screen.getByText('There is nothing on the menu at this store right now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another store' })).toBeTruthy();
    expect(screen.queryByText('404')).toBeNull();
    stop?.();
    document.body.innerHTML = '';
    await renderWith(frame, null);
    await act(async () => settle.at(-1)!.reject({ status: 500, code: 'UNEXPECTED_ERROR', message: 'x' }));
    expect(screen.queryByText('500')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByRole('progressbar', { name: 'Loading the menu' })).toBeTruthy();
  });

  it('on /menu (the page has its h1 already) the empty menu is an h2, never a second h1', async () => {
    await renderWith((menu) => (
      <>
        <h1>Menu</h1>
        <MenuFrame menu={menu} title={null}>{(data) => <MenuHome data={data} />}</MenuFrame>
      </>
    ));
    await act(async () => settle[0]!.reject({ status: 404, code: 'EMPTY_MENU', message: 'x' }));
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Menu']);
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing on the menu here' })).toBeTruthy();
    expect(screen.queryByText('404')).toBeNull();
  });

  it('a category page: one section per subcategory, items the store does not sell marked; a missing category is 404', async () => {
    const data = menuFixture();
    await renderWith(() => <CategoryView page={categoryPage(data, { menu: 'drinks', category: 'coffee' })} currency="USD" />).catch(() => null);
    expect(screen.getByRole('heading', { level: 1, name: 'Coffee' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Hot coffees', 'Cold coffees']);
    expect(screen.getByRole('link', { name: /Flat White/ }).textContent).toContain('Not sold at this store');
    expect(screen.getByRole('link', { name: /Caffè Latte/ }).getAttribute('href')).toBe('/menu/product/2121/hot');
    expect(screen.getByRole('link', { name: /Caffè Latte/ }).textContent).not.toContain('Not sold at this store');
    // issue 30: the smallest size's price, said as 'from' (the product page opens at the default size)
    expect(screen.getByRole('link', { name: /Caffè Latte/ }).textContent).toContain('from $3.95');
    stop?.();
    document.body.innerHTML = '';
    await renderWith(() => <CategoryView page={categoryPage(data, { menu: 'drinks', category: 'nope' })} currency="USD" />).catch(() => null);
    expect(screen.getByText("We could not find that part of the menu.")).toBeTruthy();
    expect(screen.queryByText('404')).toBeNull();
  });
});
