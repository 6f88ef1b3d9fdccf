/** The header's 'Store orders' link (docs/order-status.md 3.5): only for a session with staff stores. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine.ts';
import { bagCountOf, registerCart, subscribeBagCount } from '../../services/bag.ts';
import { cartOf } from '../../services/cart.ts';
import { createAppActors } from '../../services/app-actors.tsx';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { AppShell } from './AppShell.tsx';

async function renderShell(staffStore: string | null, bagCount?: number, opts: { chrome?: 'full' | 'logoOnly'; path?: string; devTools?: boolean } = {}) {
  window.scrollTo = () => {};
  const root = createRootRoute({
    component: () => (
      <AppShell chrome={opts.chrome ?? 'full'} signedIn firstName="Bea" brandName="Harbor Coffee" devTools={opts.devTools ?? false} toast={null} persistent={[]} onDismiss={() => {}} staffStore={staffStore} {...(bagCount !== undefined ? { bagCount } : {})}>
        <h1>Page</h1>
      </AppShell>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [opts.path ?? '/'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('heading', { name: 'Page' });
}

describe('the header for staff', () => {
  it("a barista: 'Store orders' to the store's console", async () => {
    await renderShell('10003');
    expect(screen.getByRole('link', { name: 'Store orders' }).getAttribute('href')).toBe('/store/10003/orders');
  });
  it('a customer: no console link', async () => {
    await renderShell(null);
    expect(screen.queryByRole('link', { name: 'Store orders' })).toBeNull();
  });
});

describe("the header's bag and the phone's menu button (issue 30)", () => {
  it('the bag links to the cart with its item count', async () => {
    await renderShell(null, 3);
    const bag = screen.getByRole('link', { name: 'Bag, 3 items' });
    expect(bag.getAttribute('href')).toBe('/menu/cart');
    expect(bag.textContent).toBe('3');
  });
  it('one item is said as one', async () => {
    await renderShell(null, 1);
    expect(screen.getByRole('link', { name: 'Bag, 1 item' })).toBeTruthy();
  });
  it('the menu button discloses the links: Escape closes it and focus returns to the button', async () => {
    await renderShell(null, 0);
    const button = screen.getByRole('button', { name: 'Site menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('global-nav-panel');
    expect(document.getElementById('global-nav-panel')!.contains(screen.getByRole('link', { name: 'Find a store' }))).toBe(true);
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('header')!.className).toContain('global-nav--open');
    const link = screen.getByRole('link', { name: 'Find a store' });
    link.focus();
    await act(async () => {
      fireEvent.keyDown(link, { key: 'Escape' });
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await act(async () => button.click());
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // following a link in it closes it
    await act(async () => button.click());
    await act(async () => screen.getByRole('link', { name: 'Find a store' }).click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe("the bag in the logo-only header (cart, checkout, sign-in...; issue 30)", () => {
  it('the bag with its count on a logo-only page, marked the current page on the cart', async () => {
    await renderShell(null, 1, { chrome: 'logoOnly', path: '/account/signin' });
    const bag = screen.getByRole('link', { name: 'Bag, 1 item' });
    expect(bag.getAttribute('href')).toBe('/menu/cart');
    expect(bag.textContent).toBe('1');
    expect(bag.getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Menu' })).toBeNull();
  });
  it("on the cart: 'Bag, 2 items', aria-current=\"page\"", async () => {
    await renderShell(null, 2, { chrome: 'logoOnly', path: '/menu/cart' });
    expect(screen.getByRole('link', { name: 'Bag, 2 items' }).getAttribute('aria-current')).toBe('page');
  });
});

describe("the bag count the header reads (src/services/bag.ts)", () => {
  it('the stored bag until the cart actor starts, then the actor\'s items, followed live', () => {
    localStorage.setItem('harbor.bag.v1', JSON.stringify([{ quantity: 2 }, { quantity: 1 }]));
    const owner = {};
    let changes = 0;
    const stop = subscribeBagCount(owner, () => changes++);
    changes = 0;
    expect(bagCountOf(owner)).toBe(3);
    const cart = createActor(cartMachine, { input: { items: [], maximumItemAmount: 30 } }).start();
    registerCart(owner, cart);
    expect(changes).toBe(1); // the cart's start is a change
    expect(bagCountOf(owner)).toBe(0);
    cart.send({
      type: 'cart.add',
      item: { product: { productNumber: 1, formCode: 'hot', name: 'Latte' }, size: { sku: 's', sizeCode: 'grande' }, selectedOptions: [], quantity: 2 },
      at: 1,
    });
    expect(bagCountOf(owner)).toBe(2);
    expect(changes).toBeGreaterThan(1);
    stop();
    const seen = changes;
    cart.send({ type: 'cart.clear' });
    expect(changes).toBe(seen);
    localStorage.clear();
    cart.stop();
  });
  it("the app's cart actor (cartOf) is the one counted once an ordering page started it", () => {
    localStorage.clear();
    const actors = createAppActors();
    const cart = cartOf(actors, 15);
    cart.send({ type: 'cart.add', item: { product: { productNumber: 1, formCode: 'hot', name: 'Latte' }, size: { sku: 's', sizeCode: 'grande' }, selectedOptions: [], quantity: 4 }, at: 1 });
    localStorage.setItem('harbor.bag.v1', JSON.stringify([{ quantity: 1 }])); // not what the actor holds
    expect(bagCountOf(actors)).toBe(4);
    cart.stop();
    localStorage.clear();
  });
});

describe("the footer's developer link (issue 30: developer matter never shown to customers)", () => {
  it("a customer (no devTools in the client config, which the server gives only to this machine's host): no 'Dev outbox'", async () => {
    await renderShell(null);
    expect(screen.queryByRole('link', { name: 'Dev outbox' })).toBeNull();
  });
  it("a developer on this machine (devTools): 'Dev outbox' to /dev/outbox", async () => {
    await renderShell(null, undefined, { devTools: true });
    expect(screen.getByRole('link', { name: 'Dev outbox' }).getAttribute('href')).toBe('/dev/outbox');
  });
});
