/**
 * The tracker on screen (docs/order-status.md 1, 2.2, 2.3): placed, preparing, ready, picked up, cancelled; the
 * store, pickup option and ETA; "I'm here" for a curbside order when ready; the notify button asks only on the
 * click. Texts as literals. The machine's paths are machines/__tests__/order-tracker.expect.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, createMachine, fromPromise } from 'xstate';
import { orderTrackerMachine } from '../../../machines/order-tracker.machine.ts';
import { readyNoticeMachine } from '../../../machines/ready-notice.machine.ts';
import type { TrackerOrder } from '../../../machines/order-status-rules.ts';
import { order } from '../../../machines/__tests__/order-status-fixtures.ts';
import { OrderTrackerView } from './OrderTrackerView.tsx';

const NOW = Date.parse('2026-11-28T16:03:00.000Z');
let stops: Array<() => void> = [];
afterEach(() => {
  for (const s of stops) s();
  stops = [];
});

async function renderTracker(snapshot: TrackerOrder, support: 'default' | 'granted' | 'denied' | 'unsupported' = 'default') {
  window.scrollTo = () => {};
  let asked = 0;
  const tracker = createActor(
    orderTrackerMachine.provide({
      actors: { loadTracker: fromPromise(async () => snapshot) as never, liveFeed: createMachine({}) as never },
    }),
    { input: { orderId: snapshot.orderId, orderToken: 'ot_AAAAAAAAAAAAAAAAAAAAAAAA', feedConfig: { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 }, jitter: 1 } },
  ).start();
  const notice = createActor(readyNoticeMachine.provide({ actors: { requestPermission: fromPromise(async () => (asked++, 'granted' as const)) as never } }), { input: { support } }).start();
  stops.push(() => tracker.stop(), () => notice.stop());
  const root = createRootRoute({ component: () => <OrderTrackerView tracker={tracker} notice={notice} now={NOW} orderToken="ot_AAAAAAAAAAAAAAAAAAAAAAAA" /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/order/ord_abcdefghij12'] }) });
  render(<RouterProvider router={router as never} />);
  return { tracker, notice, asked: () => asked };
}
const steps = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('order-step')).map((li) => `${li.textContent}${li.getAttribute('aria-current') ? '*' : ''}`);
const feedEvent = (id: number, status: string, extra: Record<string, unknown> = {}) => ({ type: 'feed.event' as const, event: { id, kind: 'status', orderId: 'ord_abcdefghij12', status, at: 't', readyEstimateAt: null, ...extra } as never });

describe('the order tracker', () => {
  it('placed: heading, four steps with the current one, ETA in the store time, store and pickup option', async () => {
    await renderTracker(order());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("We've got your order");
    expect(steps()).toEqual(['Placed*', 'Preparing', 'Ready', 'Picked up']);
    expect(screen.getByText('Ready around 8:06 AM')).toBeTruthy();
    expect(screen.getByText('Pike Place')).toBeTruthy();
    expect(screen.getByText('In store')).toBeTruthy();
    expect(screen.getByText('$5.25')).toBeTruthy();
  });
  it('preparing → ready → picked up, moved by events without a reload', async () => {
    const { tracker } = await renderTracker(order());
    await screen.findByRole('heading', { level: 1, name: "We've got your order" });
    act(() => tracker.send(feedEvent(11, 'preparing', { readyEstimateAt: '2026-11-28T16:08:00.000Z' })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We're making your order");
    expect(steps()).toEqual(['Placed', 'Preparing*', 'Ready', 'Picked up']);
    expect(screen.getByText('Ready around 8:08 AM')).toBeTruthy();
    act(() => tracker.send(feedEvent(12, 'ready')));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your order is ready');
    expect(steps()).toEqual(['Placed', 'Preparing', 'Ready*', 'Picked up']);
    expect(screen.queryByText(/Ready around/)).toBeNull();
    act(() => tracker.send(feedEvent(13, 'picked_up')));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enjoy!');
    expect(steps()).toEqual(['Placed', 'Preparing', 'Ready', 'Picked up*']);
  });
  it('late: past the estimate while preparing', async () => {
    await renderTracker(order({ status: 'preparing', readyEstimateAt: '2026-11-28T16:02:00.000Z' }));
    expect(await screen.findByText('Taking a little longer than expected')).toBeTruthy();
  });
  it('cancelled: no steps, the refund and the Stars', async () => {
    await renderTracker(order({ status: 'cancelled', readyEstimateAt: null, refund: { amount: 525, currency: 'USD' }, starsReversed: 10 }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your order was cancelled');
    expect(steps()).toEqual([]);
    expect(screen.getByText('Your payment has been refunded.')).toBeTruthy();
    expect(screen.getByText('Stars from this order have been taken back.')).toBeTruthy();
    // no reason recorded: no reason line
    for (const t of ['An item in your order ran out.', 'The store is closing.', 'Cancelled as you asked.', "The store couldn't make your order."]) expect(screen.queryByText(t)).toBeNull();
  });
  it('cancelled with the reason the store chose: its sentence, before the refund; pushed live too', async () => {
    await renderTracker(order({ status: 'cancelled', readyEstimateAt: null, refund: { amount: 525, currency: 'USD' }, cancelReason: 'store_closing' }));
    expect(await screen.findByText('The store is closing.')).toBeTruthy();
    const texts = [...document.querySelectorAll('.order-cancelled p')].map((p) => p.textContent);
    expect(texts).toEqual(['The store is closing.', 'Your payment has been refunded.']);
  });
  it('a cancel pushed by the store shows its reason without a reload', async () => {
    const { tracker } = await renderTracker(order({ status: 'preparing' }));
    await screen.findByRole('heading', { level: 1, name: "We're making your order" });
    act(() => tracker.send(feedEvent(20, 'cancelled', { refund: { amount: 525, currency: 'USD' }, starsReversed: 0, cancelReason: 'out_of_stock' })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your order was cancelled');
    expect(screen.getByText('An item in your order ran out.')).toBeTruthy();
  });
  it("curbside and ready: I'm here links to the check-in with the token and store", async () => {
    await renderTracker(order({ status: 'ready', pickupOption: 'CX', readyEstimateAt: null, curbside: { available: true, stallQuantity: 6 } }));
    const link = await screen.findByRole('link', { name: "I'm here" });
    // (this test router has no search serialiser of the real route: values are JSON-encoded here)
    const href = decodeURIComponent(link.getAttribute('href')!);
    expect(href.startsWith('/pickup/curbside?')).toBe(true);
    expect(href).toContain('storeNumber="10003"');
    expect(href).toMatch(/orderToken=\W*ot_A{24}/);
    // the check-in names this order, not "the last order on this device"
    expect(href).toMatch(/orderId=\W*ord_abcdefghij12/);
    expect(screen.getByText('Curbside')).toBeTruthy();
  });
  it("not curbside, or not ready: no I'm here", async () => {
    await renderTracker(order({ status: 'preparing', pickupOption: 'CX', curbside: { available: true, stallQuantity: 6 } }));
    await screen.findByRole('heading', { level: 1, name: "We're making your order" });
    expect(screen.queryByRole('link', { name: "I'm here" })).toBeNull();
  });
  it("notify: asked only on the click, then 'We'll let you know when it's ready.'", async () => {
    const { asked } = await renderTracker(order());
    const button = await screen.findByRole('button', { name: "Notify me when it's ready" });
    expect(asked()).toBe(0);
    await act(async () => button.click());
    expect(asked()).toBe(1);
    expect(await screen.findByText("We'll let you know when it's ready.")).toBeTruthy();
  });
  it('notifications denied: the note instead of the button', async () => {
    await renderTracker(order(), 'denied');
    expect(await screen.findByText('Notifications are off for this site. Keep this page open to see updates.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Notify me when it's ready" })).toBeNull();
  });
  it("an unknown order: We couldn't find that order.", async () => {
    window.scrollTo = () => {};
    const tracker = createActor(orderTrackerMachine.provide({ actors: { loadTracker: fromPromise(async () => Promise.reject({ status: 404, code: 'ORDER_NOT_FOUND' })) as never } }), { input: { orderId: 'ord_abcdefghij12', orderToken: null, feedConfig: { reconnectBaseMs: 1, reconnectMaxMs: 1, maxFailures: 3, pollMs: 1, silenceMs: 1 }, jitter: 1 } }).start();
    const notice = createActor(readyNoticeMachine, { input: { support: 'unsupported' } }).start();
    stops.push(() => tracker.stop(), () => notice.stop());
    const root = createRootRoute({ component: () => <OrderTrackerView tracker={tracker} notice={notice} now={NOW} orderToken={null} /> });
    render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) }) as never} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("We couldn't find that order.");
  });
});
