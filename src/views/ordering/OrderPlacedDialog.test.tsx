/**
 * Issue 30: the success modal after placing an order says what a customer needs (order number, store, pickup option,
 * estimated ready time, the reload when there was one); curbside offers 'I'm here' to /pickup/curbside with the
 * order; a guest's Done leads to the tracker with the order's token, a member's closes the modal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import OrderPlacedDialog, { type PlacedOrder } from './OrderPlacedDialog.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

const ORDER: PlacedOrder = {
  orderId: 'ord_abcdefgh12345678',
  storeName: '3rd & Pine 24 Hours',
  storeNumber: '10003',
  total: 1234,
  orderToken: 'ot_abcdefghijklmnopqrstuvwxyz012345',
  pickupOption: '16',
  readyEstimateAt: '2026-11-29T01:42:00.000Z',
  timeZone: null,
  reloaded: 0,
  guest: false,
};

async function renderDialog(placed: PlacedOrder) {
  window.scrollTo = () => {};
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  const done: string[] = [];
  const root = createRootRoute({ component: () => <OrderPlacedDialog placed={placed} onDone={() => done.push('done')} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/previous?placed=x'] }) });
  render(<RouterProvider router={router as never} />);
  const dialog = await screen.findByRole('dialog', { name: 'Thanks for your order!' });
  return { dialog, done };
}

const row = (dialog: HTMLElement, name: string) => within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;

describe('the success modal (issue 30)', () => {
  it("a member's order: number, store, pickup option, ready time, total; Done closes it", async () => {
    const { dialog, done } = await renderDialog(ORDER);
    expect([row(dialog, 'Order number'), row(dialog, 'Store'), row(dialog, 'Pickup'), row(dialog, 'Total')]).toEqual(['12345678', '3rd & Pine 24 Hours', 'In store', '$12.34']);
    expect(row(dialog, 'Ready around')).toBe(new Date(ORDER.readyEstimateAt!).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }));
    expect(within(dialog).queryByRole('link', { name: "I'm here" })).toBeNull();
    expect(within(dialog).queryByText(/reloaded/)).toBeNull();
    act(() => within(dialog).getByRole('button', { name: 'Done' }).click());
    expect(done).toEqual(['done']);
  });

  it("the ready time in the store's time zone, like the slots, whatever the browser's", async () => {
    const { dialog } = await renderDialog({ ...ORDER, timeZone: 'America/Los_Angeles' });
    expect(row(dialog, 'Ready around')).toBe('5:42 PM');
    document.body.innerHTML = '';
    const { dialog: tokyo } = await renderDialog({ ...ORDER, timeZone: 'Asia/Tokyo' });
    expect(row(tokyo, 'Ready around')).toBe('10:42 AM');
  });

  it("'Reload & place order': the reload is named", async () => {
    const { dialog } = await renderDialog({ ...ORDER, reloaded: 1000 });
    expect(within(dialog).getByText('Your card was reloaded with $10.00 before paying.')).toBeTruthy();
  });

  it("curbside: 'I'm here' checks in with this order", async () => {
    const { dialog } = await renderDialog({ ...ORDER, pickupOption: 'CX' });
    expect(row(dialog, 'Pickup')).toBe('Curbside');
    // (the router writes a number-like string search value JSON-quoted, and reads it back the same way)
    expect(decodeURIComponent(within(dialog).getByRole('link', { name: "I'm here" }).getAttribute('href')!)).toBe(`/pickup/curbside?storeNumber="10003"&orderToken=${ORDER.orderToken}`);
  });

  it("a guest's Done leads to the tracker with the order's token, not to the sign-in prompt", async () => {
    const { dialog, done } = await renderDialog({ ...ORDER, guest: true });
    const doneLink = within(dialog).getByRole('link', { name: 'Done' });
    expect(doneLink.getAttribute('href')).toBe(`/menu/order/${ORDER.orderId}#token=${ORDER.orderToken}`);
    expect(within(dialog).getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(`/menu/order/${ORDER.orderId}#token=${ORDER.orderToken}`);
    expect(done).toEqual([]);
  });
});
