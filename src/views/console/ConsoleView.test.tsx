/**
 * The barista console on screen (docs/order-status.md 1, 2.4, 2.5): columns New / Preparing / Ready and the
 * Scheduled lane, cards with items and customisations, the curbside arrival with its stall, start / ready / hand off
 * moving a card on the server's answer, cancel asking first, the conflict line, the 403 text, the Menu tab's
 * sold-out switches. Texts as literals. The machines' paths are machines/__tests__/console-queue.expect.ts and
 * sold-out-switch.expect.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createActor, createMachine, fromPromise } from 'xstate';
import { consoleQueueMachine, type OrderActionRequestOf } from '../../../machines/console-queue.machine.ts';
import { soldOutSwitchMachine, type SetStockRequest } from '../../../machines/sold-out-switch.machine.ts';
import type { ConsoleOrder, ConsoleQueue } from '../../../contracts/order-status.ts';
import { card, queue as queueOf } from '../../../machines/__tests__/console-queue.expect.ts';
import { ConsoleView } from './ConsoleView.tsx';

const NOW = Date.parse('2026-11-28T16:03:00.000Z');
const CONFIG = { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 };
let stops: Array<() => void> = [];
// the cancel dialog is a lazy chunk loaded when the browser is idle or when Cancel is pressed (ConsoleView's
// useCancelDialog): here the browser is never idle, so the dialog's test opens it before its module has loaded
const idle = window.requestIdleCallback;
beforeAll(() => {
  window.requestIdleCallback = () => 0;
});
afterAll(() => {
  window.requestIdleCallback = idle;
});
afterEach(() => {
  for (const s of stops) s();
  stops = [];
});

type Answer = { resolve: (v: { order: ConsoleOrder }) => void; reject: (e: unknown) => void; request: OrderActionRequestOf };
async function renderConsole(q: ConsoleQueue | { error: unknown }) {
  const answers: Answer[] = [];
  const saves: SetStockRequest[] = [];
  const saved: Array<(out: { productNumber: number; soldOut: boolean; eventId: number }) => void> = [];
  const queue = createActor(
    consoleQueueMachine.provide({
      actors: {
        loadQueue: fromPromise(async () => {
          if ('error' in q) throw q.error;
          return q;
        }) as never,
        orderAction: fromPromise(({ input }: { input: OrderActionRequestOf }) => new Promise<{ order: ConsoleOrder }>((resolve, reject) => answers.push({ resolve, reject, request: input }))) as never,
        liveFeed: createMachine({}) as never,
      },
    }),
    { input: { storeNumber: '10003', feedConfig: CONFIG, jitter: 1 } },
  ).start();
  const stock = createActor(soldOutSwitchMachine.provide({ actors: { setStock: fromPromise(({ input }: { input: SetStockRequest }) => (saves.push(input), new Promise((resolve) => saved.push(resolve)))) as never } }), { input: { storeNumber: '10003' } }).start();
  stops.push(() => queue.stop(), () => stock.stop());
  render(<ConsoleView queue={queue} stock={stock} now={NOW} />);
  return { queue, stock, answers, saves, saved };
}
const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const cardsIn = (name: string) => within(column(name)).queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('the barista console', () => {
  it('the queue: New, Preparing, Ready and Scheduled, cards with items, customisations, pickup option and arrival', async () => {
    const q = queueOf({
      orders: [
        card('ord_aaaaaaaaaa01', 'placed'),
        card('ord_bbbbbbbbbb02', 'preparing', { name: 'Ben', pickupOption: 'CX', arrival: { stallNumber: 2, displayName: 'Ben', arrivedAt: '2026-11-28T16:02:00.000Z' } }),
        card('ord_cccccccccc03', 'ready', { name: 'Cy' }),
        card('ord_eeeeeeeeee05', 'placed', { name: 'Eve', scheduledFor: '2026-11-28T16:45:00.000Z' }),
      ],
    });
    await renderConsole(q);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Store orders Pike Place');
    expect(screen.getByRole('tab', { name: 'Queue' }).getAttribute('aria-selected')).toBe('true');
    expect(cardsIn('New')).toEqual(['#aaaa01 Ada']);
    expect(cardsIn('Preparing')).toEqual(['#bbbb02 Ben']);
    expect(cardsIn('Ready')).toEqual(['#cccc03 Cy']);
    expect(cardsIn('Scheduled')).toEqual(['#eeee05 Eve']);
    const ada = within(column('New')).getByRole('article');
    expect(within(ada).getByText('1 × Caffè Latte')).toBeTruthy();
    expect(within(ada).getByText('Oatmilk, Extra shot')).toBeTruthy();
    expect(within(ada).getByText(/^In store · Placed 8:00 AM · Ready around 8:06 AM$/)).toBeTruthy();
    expect(within(column('Preparing')).getByText('Arrived · stall 2')).toBeTruthy();
    expect(within(column('Preparing')).getByText(/^Curbside/)).toBeTruthy();
    expect(within(column('Scheduled')).getByText(/Scheduled for 8:45 AM/)).toBeTruthy();
    // one action per status, each a button naming its card
    expect(screen.getByRole('button', { name: 'Start #aaaa01 Ada' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ready #bbbb02 Ben' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hand off #cccc03 Cy' })).toBeTruthy();
  });

  it('Start moves the card on the answer, not before; a conflict shows the current card and the line', async () => {
    const { answers } = await renderConsole(queueOf());
    fireEvent.click(await screen.findByRole('button', { name: 'Start #aaaa01 Ada' }));
    expect(answers[0]!.request).toEqual({ storeNumber: '10003', orderId: 'ord_aaaaaaaaaa01', action: 'start', expectedStatus: 'placed' });
    expect(cardsIn('New')).toEqual(['#aaaa01 Ada']);
    expect((screen.getByRole('button', { name: 'Start #aaaa01 Ada' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answers[0]!.resolve({ order: card('ord_aaaaaaaaaa01', 'preparing') }));
    expect(cardsIn('New')).toEqual([]);
    expect(within(column('New')).getByText('Nothing here')).toBeTruthy();
    expect(cardsIn('Preparing')).toEqual(['#aaaa01 Ada', '#bbbb02 Ada']);
    fireEvent.click(screen.getByRole('button', { name: 'Hand off #cccc03 Ada' }));
    await act(async () => answers[1]!.reject({ status: 409, code: 'ORDER_STATUS_CONFLICT', message: 'Someone else updated this order.', body: { order: card('ord_cccccccccc03', 'picked_up') } }));
    expect(screen.getByText('Someone else updated this order.')).toBeTruthy();
    expect(cardsIn('Ready')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ready #bbbb02 Ada' }));
    await act(async () => answers[2]!.reject({ status: 500, code: 'UNEXPECTED_ERROR', message: 'Something went wrong. Please try again.' }));
    expect(screen.getByText('Could not update the order. Try again.')).toBeTruthy();
  });

  it('Cancel asks first and asks a reason: Keep order keeps it; Cancel and refund only with a reason, which it sends', async () => {
    const { answers } = await renderConsole(queueOf());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel #aaaa01 Ada' }));
    // pressed before the dialog's chunk has loaded (never idle here): it loads then and opens
    expect(await screen.findByRole('heading', { name: 'Cancel this order?' })).toBeTruthy();
    expect(screen.getByText("#aaaa01 Ada. The customer gets $5.25 back and the order's Stars are taken back.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('heading', { name: 'Cancel this order?' })).toBeNull();
    expect(answers).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel #aaaa01 Ada' }));
    // the four reasons; none chosen: the confirmation is disabled and says why
    expect(screen.getByRole('group', { name: 'Why is it cancelled?' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Out of stock', 'Store closing', 'Customer asked', 'Other']);
    expect(screen.getByText('Choose a reason to cancel.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Cancel and refund' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(answers).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'Store closing' }));
    expect((screen.getByRole('radio', { name: 'Store closing' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Choose a reason to cancel.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    expect(answers[0]!.request).toEqual({ storeNumber: '10003', orderId: 'ord_aaaaaaaaaa01', action: 'cancel', expectedStatus: 'placed', reason: 'store_closing' });
    await act(async () => answers[0]!.resolve({ order: card('ord_aaaaaaaaaa01', 'cancelled') }));
    expect(cardsIn('New')).toEqual([]);
  });

  it('a new order from the feed appears without a reload', async () => {
    const { queue } = await renderConsole(queueOf());
    await screen.findByRole('button', { name: 'Start #aaaa01 Ada' });
    act(() => queue.send({ type: 'feed.event', event: { id: 11, kind: 'placed', order: card('ord_dddddddddd04', 'placed', { name: 'Dee' }) } as never }));
    expect(cardsIn('New')).toEqual(['#aaaa01 Ada', '#dddd04 Dee']);
  });

  it('the Menu tab: a sold-out switch per product, saved through the switch', async () => {
    const { saves, queue } = await renderConsole(queueOf());
    fireEvent.click(await screen.findByRole('tab', { name: 'Menu' }));
    expect(screen.getByRole('tab', { name: 'Menu' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Bakery' })).toBeTruthy();
    const sw = screen.getByRole('switch', { name: 'Butter Croissant sold out' }) as HTMLInputElement;
    expect(sw.checked).toBe(false);
    fireEvent.click(sw);
    expect(saves).toEqual([{ storeNumber: '10003', productNumber: 401, soldOut: true }]);
    expect(sw.checked).toBe(true);
    expect(sw.getAttribute('aria-busy')).toBe('true');
    // another tablet's switch reaches this one through the feed
    act(() => queue.send({ type: 'feed.event', event: { id: 12, kind: 'stock', productNumber: 401, availability: 'SoldOut' } as never }));
    expect(queue.getSnapshot().context.stock[0]!.soldOut).toBe(true);
  });

  it('two tablets agree: the saved position shows until the feed brings its event, then another tablet’s later change wins', async () => {
    const { saved, queue } = await renderConsole(queueOf());
    fireEvent.click(await screen.findByRole('tab', { name: 'Menu' }));
    const sw = () => screen.getByRole('switch', { name: 'Butter Croissant sold out' }) as HTMLInputElement;
    fireEvent.click(sw());
    expect(queue.getSnapshot().context.lastEventId).toBe(10);
    // the server answers with the event it wrote (12); the feed has not brought it yet: the saved position stays
    await act(async () => saved[0]!({ productNumber: 401, soldOut: true, eventId: 12 }));
    expect([sw().checked, sw().getAttribute('aria-busy')]).toEqual([true, 'false']);
    act(() => queue.send({ type: 'feed.event', event: { id: 11, kind: 'eta', orderId: 'ord_aaaaaaaaaa01', readyEstimateAt: '2026-11-28T16:09:00.000Z' } as never }));
    expect(sw().checked).toBe(true);
    act(() => queue.send({ type: 'feed.event', event: { id: 12, kind: 'stock', productNumber: 401, availability: 'SoldOut' } as never }));
    expect(sw().checked).toBe(true);
    // the other tablet switches it back: this tablet follows the stream
    act(() => queue.send({ type: 'feed.event', event: { id: 13, kind: 'stock', productNumber: 401, availability: 'Available' } as never }));
    expect(sw().checked).toBe(false);
  });

  it('a customer or another store’s barista: 403 text', async () => {
    await renderConsole({ error: { status: 403, code: 'STAFF_ONLY', message: 'This console is for the staff of this store.' } });
    expect(await screen.findByText('This console is for the staff of this store.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Store orders');
  });
});
