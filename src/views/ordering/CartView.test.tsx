import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine.ts';
import { croissantDraft, latteDraft } from '../../../machines/__tests__/ordering-fixtures.ts';
import type { CartActor } from '../../services/cart.ts';
import { readStoredCart, cartLogic } from '../../services/cart.ts';
import { BAG_STORAGE_KEY, readBagItemCount } from '../../services/bag.ts';
import { CartView } from './CartView.tsx';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  localStorage.clear();
});

async function renderCart(opts: { guest?: boolean; max?: number; logic?: typeof cartMachine; substitutesFor?: (productNumber: number) => React.ReactNode } = {}) {
  window.scrollTo = () => {};
  const actor = createActor(opts.logic ?? cartMachine, { input: { items: [], maximumItemAmount: opts.max ?? 15 } }).start() as unknown as CartActor;
  stop = () => actor.stop();
  const root = createRootRoute({ component: () => <CartView cart={actor} guest={!!opts.guest} storeName="Pike Place" substitutesFor={opts.substitutesFor} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/cart'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('heading', { level: 1 });
  return actor;
}

describe('/menu/cart', () => {
  it('is titled Review order for members and Guest checkout for guests; an empty bag says so', async () => {
    await renderCart();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review order');
    expect(screen.getByText('Your bag is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the menu' }).getAttribute('href')).toBe('/menu');
    stop?.();
    document.body.innerHTML = '';
    await renderCart({ guest: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guest checkout');
  });

  it('merges the same drink however its options were picked, steps quantities, removes at 0 and clears', async () => {
    const cart = await renderCart();
    act(() => {
      cart.send({ type: 'cart.add', item: latteDraft('shot-first'), at: 1 });
      cart.send({ type: 'cart.add', item: latteDraft('vanilla-first'), at: 2 });
      cart.send({ type: 'cart.add', item: croissantDraft(1), at: 3 });
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('3 items')).toBeTruthy();
    const latte = screen.getByRole('group', { name: 'Quantity of Caffè Latte' });
    expect(within(latte).getByText('2')).toBeTruthy();
    expect(screen.getByText('$10.90')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'One less Caffè Latte' }).click());
    expect(within(latte).getByText('1')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Remove Caffè Latte' }).click());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'One more Butter Croissant' }).click());
    expect(screen.getByText('2 items')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Clear bag' }).click());
    expect(screen.getByText('Your bag is empty.')).toBeTruthy();
  });

  it('at the item maximum says so and offers no more', async () => {
    const cart = await renderCart({ max: 2 });
    act(() => cart.send({ type: 'cart.add', item: croissantDraft(2), at: 1 }));
    expect(screen.getByText("You've reached the item maximum for this order. Remove something to add more.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'One more Butter Croissant' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks items the store does not sell', async () => {
    const cart = await renderCart();
    act(() => {
      cart.send({ type: 'cart.add', item: latteDraft(), at: 1 });
      cart.send({ type: 'cart.add', item: croissantDraft(1), at: 2 });
      cart.send({ type: 'cart.availability', availability: { '2121': 'Available' } });
    });
    // issue 30: the lines left out are named, each with its own Remove
    expect(screen.getByText(/^Some items are not available at this store\./).textContent).toBe('Some items are not available at this store. Not included in your total: Butter Croissant.');
    expect(screen.getAllByText('Not sold at this store')).toHaveLength(1);
    act(() => cart.send({ type: 'cart.availability', availability: {} }));
    expect(screen.getByText(/^None of the items in your bag are available at this store\./).textContent).toBe('None of the items in your bag are available at this store. Not included in your total: Caffè Latte, Butter Croissant.');
    act(() => screen.getByRole('button', { name: 'Remove Butter Croissant' }).click());
    expect(cart.getSnapshot().context.items.map((i) => i.product.name)).toEqual(['Caffè Latte']);
  });

  it('keeps the bag in this browser under the key the delivery page reads', async () => {
    const cart = await renderCart({ logic: cartLogic as unknown as typeof cartMachine });
    act(() => cart.send({ type: 'cart.add', item: croissantDraft(2), at: 5 }));
    expect(localStorage.getItem(BAG_STORAGE_KEY)).toBeTruthy();
    expect(readBagItemCount()).toBe(2);
    expect(readStoredCart()).toEqual(cart.getSnapshot().context.items);
    act(() => cart.send({ type: 'cart.clear' }));
    expect(readBagItemCount()).toBe(0);
    // unreadable entries are dropped, never thrown
    localStorage.setItem(BAG_STORAGE_KEY, JSON.stringify([{ key: 'x' }, ...[cart.getSnapshot().context.items].flat()]));
    expect(readStoredCart()).toEqual([]);
  });

  it('issue 29: an item sold out at the store says Sold out with its substitutes; the bag says some items are not available', async () => {
    const cart = await renderCart({ substitutesFor: (n) => <p>substitutes of {n}</p> });
    act(() => {
      cart.send({ type: 'cart.add', item: latteDraft('shot-first'), at: 1 });
      cart.send({ type: 'cart.add', item: croissantDraft(), at: 2 });
    });
    const latte = cart.getSnapshot().context.items[0]!.product.productNumber;
    const croissant = cart.getSnapshot().context.items[1]!.product.productNumber;
    act(() => cart.send({ type: 'cart.availability', availability: { [latte]: 'SoldOut', [croissant]: 'Available' } }));
    expect(screen.getByText(/^Some items are not available at this store\./).textContent).toBe('Some items are not available at this store. Not included in your total: Caffè Latte.');
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Sold out')).toBeTruthy();
    expect(within(items[0]!).getByText(`substitutes of ${latte}`)).toBeTruthy();
    expect(within(items[1]!).queryByText('Sold out')).toBeNull();
    expect(screen.queryByText(`substitutes of ${croissant}`)).toBeNull();
  });
});
