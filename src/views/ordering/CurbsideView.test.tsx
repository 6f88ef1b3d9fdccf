/**
 * Curbside check-in on screen (spec 1 sections 4, 5, 8): the spec's curbside texts as literals; the machine's paths
 * are machines/__tests__/curbside.expect.ts, the real check-in e2e/ordering-guest.spec.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { curbsideMachine, type CurbsideInput } from '../../../machines/curbside.machine.ts';
import { CurbsideMissingOrderView, CurbsideView } from './CurbsideView.tsx';

type Settle = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
const pending: Settle[] = [];
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  pending.length = 0;
});

async function renderCurbside(over: Partial<CurbsideInput> = {}, view: 'form' | 'missing' = 'form', storeName: string | null = 'Pike Place') {
  window.scrollTo = () => {};
  const actor = createActor(
    curbsideMachine.provide({ actors: { createArrival: fromPromise(({ input }) => new Promise((resolve, reject) => pending.push({ resolve, reject, input }))) as never } }),
    { input: { storeNumber: '10006', orderToken: 'ot_abcdefghijklmnopqrstuvwxyz', orderId: null, firstName: 'Jordan', stallQuantity: 6, availability: 'available', ...over } },
  ).start();
  stop = () => actor.stop();
  const root = createRootRoute({ component: () => (view === 'form' ? <CurbsideView actor={actor} storeName={storeName} /> : <CurbsideMissingOrderView />) });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/pickup/curbside'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('heading', { level: 1, name: 'Curbside check-in' });
  return actor;
}

describe('curbside check-in', () => {
  it("a stall is required: 'Select your parking spot'; then the arrival is sent", async () => {
    const actor = await renderCurbside();
    expect(screen.getByText('Hi Jordan, which spot are you parked in?')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    act(() => screen.getByRole('button', { name: "I'm here" }).click());
    expect(screen.getByRole('alert').textContent).toBe('Select your parking spot');
    act(() => screen.getByRole('radio', { name: '4' }).click());
    act(() => screen.getByRole('button', { name: "I'm here" }).click());
    expect(pending[0]!.input).toEqual({ customerArrivalInput: { pickUpOption: 'CX', storeNumber: '10006', orderToken: 'ot_abcdefghijklmnopqrstuvwxyz', displayName: 'Jordan', stallNumber: 4 } });
    await act(async () => pending[0]!.resolve({}));
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('no first name: asked for first', async () => {
    await renderCurbside({ firstName: null });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Sam' } });
    act(() => screen.getByRole('button', { name: 'Continue' }).click());
    expect(screen.getByText('Hi Sam, which spot are you parked in?')).toBeTruthy();
  });

  it("curbside unavailable at the store: 'Curbside is not available right now. …'", async () => {
    await renderCurbside({ availability: 'unavailable' });
    expect(screen.getByRole('status').textContent).toBe('Curbside is not available right now. Head to the entryway or drive-thru to pick up your order. See you soon!');
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
  });

  it("curbside closed, also when the server says so: 'Curbside pickup is closed right now.'", async () => {
    await renderCurbside();
    act(() => screen.getByRole('radio', { name: '1' }).click());
    act(() => screen.getByRole('button', { name: "I'm here" }).click());
    await act(async () => pending[0]!.reject({ status: 409, code: 'CURBSIDE_CLOSED', message: 'Curbside pickup is closed right now.' }));
    expect(screen.getByRole('status').textContent).toBe('Curbside pickup is closed right now.');
  });

  it('names the store being checked into', async () => {
    await renderCurbside();
    expect(screen.getByText('Checking in at Pike Place')).toBeTruthy();
  });

  it('closed: the next step, and the way back to this order when the page knows it', async () => {
    await renderCurbside({ availability: 'closed', orderId: 'ord_cccccccccc06' });
    expect(screen.getByRole('status').textContent).toBe('Curbside pickup is closed right now.');
    expect(screen.getByText('Pick up your order inside the store or at the drive-thru instead.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Track your order' });
    expect(link.getAttribute('href')).toBe('/menu/order/ord_cccccccccc06#token=ot_abcdefghijklmnopqrstuvwxyz');
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
  });

  it('the server finds no such order: no recent order, how to find it; never the generic error', async () => {
    await renderCurbside({ orderToken: null, orderId: 'ord_cccccccccc06' });
    act(() => screen.getByRole('radio', { name: '2' }).click());
    act(() => screen.getByRole('button', { name: "I'm here" }).click());
    expect(pending[0]!.input).toEqual({ customerArrivalInput: { pickUpOption: 'CX', storeNumber: '10006', orderId: 'ord_cccccccccc06', displayName: 'Jordan', stallNumber: 2 } });
    await act(async () => pending[0]!.reject({ status: 404, code: 'ORDER_NOT_FOUND', message: 'Order not found.' }));
    expect(screen.getByRole('status').textContent).toBe("We couldn't find a recent order on this device.");
    expect(screen.queryByText(/Something went wrong on our end/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous orders' }).getAttribute('href')).toBe('/menu/previous');
  });

  it('no order on this device: says so and how to find it (issue 30), not the generic error', async () => {
    await renderCurbside({}, 'missing');
    expect(screen.getByRole('status').textContent).toBe("We couldn't find a recent order on this device.");
    expect(screen.getByText("Open your order from the link in your confirmation email, or sign in and open it from Previous orders. Then choose I'm here.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous orders' }).getAttribute('href')).toBe('/menu/previous');
    expect(screen.getByRole('link', { name: 'Order ahead' }).getAttribute('href')).toBe('/menu');
    expect(screen.queryByText(/Something went wrong on our end/)).toBeNull();
  });
});
