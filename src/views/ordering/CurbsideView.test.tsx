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

async function renderCurbside(over: Partial<CurbsideInput> = {}, view: 'form' | 'missing' = 'form') {
  window.scrollTo = () => {};
  const actor = createActor(
    curbsideMachine.provide({ actors: { createArrival: fromPromise(({ input }) => new Promise((resolve, reject) => pending.push({ resolve, reject, input }))) as never } }),
    { input: { storeNumber: '10006', orderToken: 'ot_abcdefghijklmnopqrstuvwxyz', firstName: 'Jordan', stallQuantity: 6, availability: 'available', ...over } },
  ).start();
  stop = () => actor.stop();
  const root = createRootRoute({ component: () => (view === 'form' ? <CurbsideView actor={actor} /> : <CurbsideMissingOrderView />) });
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

  it("no order to check in: 'Something went wrong on our end. If you have placed an order, park in curbside pick up.'", async () => {
    await renderCurbside({}, 'missing');
    expect(screen.getByText('Something went wrong on our end. If you have placed an order, park in curbside pick up.')).toBeTruthy();
  });
});
