import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { useState } from 'react';
import { placeOrderMachine } from '../../../machines/place-order.machine.ts';
import { pricingFixture } from '../../../machines/__tests__/ordering-fixtures.ts';
import { CheckoutView, type PlaceOrderActor } from './CheckoutView.tsx';

type Settle = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
const pending: Record<string, Settle[]> = {};
const fake = (name: string) => fromPromise(() => new Promise((resolve, reject) => (pending[name] ??= []).push({ resolve, reject }))) as never;
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  for (const k of Object.keys(pending)) delete pending[k];
});

const payments = [{ id: 'card1', tender: 'SVC' as const, label: 'My card', balance: 1000 }, { id: 'pm_1', tender: 'CREDIT_CARD' as const, label: 'Visa …4242' }];

async function renderCheckout() {
  window.scrollTo = () => {};
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open'); };
  const actor = createActor(placeOrderMachine.provide({ actors: { priceOrder: fake('priceOrder'), submitOrder: fake('submitOrder'), loadTimeSlots: fake('loadTimeSlots') } }), {
    input: { guest: false, storeNumber: '10001', items: [{ commerce: { sku: 'x' }, quantity: 1, childItems: [] }], offers: [], pickupOption: '16', payments, reloadAmounts: [1000, 2500], reloadMethodId: 'pm_1', slots: [], keyBase: 'k', locale: 'en-US' },
  }).start() as unknown as PlaceOrderActor;
  stop = () => actor.stop();
  function Page() {
    const [open, setOpen] = useState(false);
    return <CheckoutView actor={actor} brand="Harbor Coffee" offers={[]} estimate={null} summaryOpen={open} onOpenSummary={() => setOpen(true)} onCloseSummary={() => setOpen(false)} />;
  }
  const root = createRootRoute({ component: Page });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/cart'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('progressbar', { name: 'Pricing your order' });
  return actor;
}

describe('checkout (#payment-summary)', () => {
  it('shows the priced total; short balance: Reload & place order with the reload amounts', async () => {
    await renderCheckout();
    await act(async () => pending.priceOrder![0]!.resolve(pricingFixture()));
    expect(screen.getByText('$12.00')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Continue to payment' }).click());
    const modal = screen.getByRole('dialog', { name: 'Payment summary' });
    expect(within(modal).getByRole('button', { name: 'Reload & place order' })).toBeTruthy();
    act(() => within(modal).getByRole('button', { name: 'Reload & place order' }).click());
    expect(within(modal).getByRole('alert').textContent).toBe('Looks like your card balance is too low to complete your order.');
    expect(within(modal).getByRole('group', { name: 'Reload amount' }).textContent).toContain('$25.00');
  });

  it('a tip then a credit card: the tip-removed dialog', async () => {
    const actor = await renderCheckout();
    await act(async () => pending.priceOrder![0]!.resolve(pricingFixture()));
    act(() => screen.getByRole('button', { name: 'Continue to payment' }).click());
    act(() => screen.getByRole('radio', { name: '$1.00' }).click());
    expect(actor.getSnapshot().context.tip).toBe(100);
    act(() => screen.getByRole('radio', { name: 'Visa …4242' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Your tip has been removed' });
    expect(dialog.textContent).toContain('Tipping is not yet available for this payment type');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });

  it('stale pricing on submit: the message and Refresh prices again', async () => {
    const actor = await renderCheckout();
    await act(async () => pending.priceOrder![0]!.resolve(pricingFixture({ price: 500 })));
    act(() => actor.send({ type: 'user.submit', at: Date.now() }));
    await act(async () => pending.submitOrder![0]!.reject({ status: 409, code: 'STALE_PRICING', message: 'x' }));
    expect(screen.getByText('Looks like your order may be a little stale. Refresh to continue with your order.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());
    expect(pending.priceOrder).toHaveLength(2);
  });

  it('a store pricing code offers to choose another store with the server text', async () => {
    await renderCheckout();
    await act(async () => pending.priceOrder![0]!.reject({ status: 409, code: 'STORE_CLOSED', message: 'This store is closed right now.' }));
    expect(screen.getByRole('alert').textContent).toContain('This store is closed right now.');
    expect(screen.getByRole('button', { name: 'Choose a store' })).toBeTruthy();
  });
});
