import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { favoritesMachine } from '../../../machines/favorites.machine.ts';
import { previousOrdersMachine } from '../../../machines/previous-orders.machine.ts';
import type { FavoriteProduct } from '../../../contracts/ordering.ts';
import { basketItem, previousOrder } from '../../../machines/__tests__/ordering-fixtures.ts';
import { FavoritesView, type FavoritesActor } from './FavoritesView.tsx';
import { PreviousView, type PreviousOrdersActor } from './PreviousView.tsx';

/** /menu/favorites and /menu/previous share their guest and failure states (MemberListStatus). */
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

const latte: FavoriteProduct = {
  id: 'fav_latte0001',
  product: { productNumber: 2015, formCode: 'hot', name: 'Caffè Latte', imageURL: '', availability: 'Available', forms: [], sizes: [{ sku: '2015-hot-grande', sizeCode: 'grande', name: 'Grande', price: 465 }] },
  item: { commerce: { sku: '2015-hot-grande' }, sizeCode: 'grande', quantity: 1, childItems: [{ commerce: { sku: 'opt-501' }, optionProductNumber: 501, name: 'Espresso Shots', sizeCode: null, quantity: 3 }] },
  itemKey: '2015/hot|grande|opt-501x3',
};

function show(ui: React.ReactNode) {
  window.scrollTo = () => {};
  const root = createRootRoute({ component: () => ui });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu'] }) }) as never} />);
}
function start<A extends AnyActorRef>(a: A): A {
  a.start();
  stop = () => a.stop();
  return a;
}

describe('/menu/favorites and /menu/previous', () => {
  it('guests are asked to sign in, back to the page', async () => {
    const fav = start(createActor(favoritesMachine, { input: { signedIn: false, storeNumber: null, locale: 'en-US' } })) as unknown as FavoritesActor;
    show(<FavoritesView actor={fav} onAddToBag={() => {}} />);
    expect((await screen.findByText('Sign in to see your favorites.')).textContent).toBe('Sign in to see your favorites.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?returnUrl=%2Fmenu%2Ffavorites');
    stop?.();
    document.body.innerHTML = '';
    const prev = start(createActor(previousOrdersMachine, { input: { signedIn: false, storeNumber: null, locale: 'en-US' } })) as unknown as PreviousOrdersActor;
    show(<PreviousView actor={prev} placed={null} onCloseSuccess={() => {}} />);
    expect(await screen.findByText('Sign in to see your previous orders.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?returnUrl=%2Fmenu%2Fprevious');
  });

  it('a failed load shows the generic text and retries', async () => {
    let calls = 0;
    const failing = fromPromise(async () => {
      calls++;
      throw { status: 500, code: 'UNEXPECTED_ERROR' };
    });
    const fav = start(createActor(favoritesMachine.provide({ actors: { loadFavorites: failing as never } }), { input: { signedIn: true, storeNumber: null, locale: 'en-US' } })) as unknown as FavoritesActor;
    show(<FavoritesView actor={fav} onAddToBag={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong. Please try again.');
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(calls).toBe(2);
    stop?.();
    document.body.innerHTML = '';
    const prev = start(createActor(previousOrdersMachine.provide({ actors: { loadPreviousOrders: failing as never } }), { input: { signedIn: true, storeNumber: null, locale: 'en-US' } })) as unknown as PreviousOrdersActor;
    show(<PreviousView actor={prev} placed={null} onCloseSuccess={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong. Please try again.');
  });

  it("a favorite's Add hands the favorite, with its options, to the page", async () => {
    const got: FavoriteProduct[] = [];
    const fav = start(
      createActor(favoritesMachine.provide({ actors: { loadFavorites: fromPromise(async () => ({ favoriteProducts: [latte], ids: [latte.id], locale: 'en-US', storeNumber: null })) as never } }), {
        input: { signedIn: true, storeNumber: null, locale: 'en-US' },
      }),
    ) as unknown as FavoritesActor;
    show(<FavoritesView actor={fav} onAddToBag={(f) => got.push(f)} />);
    await act(async () => (await screen.findByRole('button', { name: 'Add Caffè Latte to your order' })).click());
    expect(got[0]!.item.childItems).toEqual(latte.item.childItems);
  });

  it('a previous order shows its store, status, customisations and its time in the store\'s zone, no internal order type (issue 30)', async () => {
    const item = { ...basketItem(2015), product: { ...basketItem(2015).product, name: 'Caffè Latte' }, childItems: [{ commerce: { sku: 'opt-501' }, optionProductNumber: 501, name: 'Espresso Shots', sizeCode: null, quantity: 3 }, { commerce: { sku: 'opt-610' }, optionProductNumber: 610, name: 'Oat Milk', sizeCode: null, quantity: 1 }] };
    // placed 20:00 UTC: 12:00 PM in Seattle, whatever the browser's zone; an express order (type 141)
    const order = { ...previousOrder('ord_1', [item], '141'), storeName: 'Pike & 1st', timeZone: 'America/Los_Angeles', status: 'picked_up' as const };
    const prev = start(
      createActor(previousOrdersMachine.provide({ actors: { loadPreviousOrders: fromPromise(async () => ({ previousOrders: [order] })) as never } }), { input: { signedIn: true, storeNumber: '10001', locale: 'en-US' } }),
    ) as unknown as PreviousOrdersActor;
    show(<PreviousView actor={prev} placed={null} onCloseSuccess={() => {}} />);
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('Nov 23, 12:00 PM');
    const card = heading.closest('li')!;
    expect(card.textContent).toContain('Pike & 1st');
    expect(card.textContent).toContain('Picked up');
    expect(card.textContent).toContain('Espresso Shots ×3, Oat Milk');
    expect(card.textContent).not.toContain('Express');
  });
});
