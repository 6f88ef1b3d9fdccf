/**
 * Order history, receipt and reorder on their views (docs/home.md 1, 2.4, 2.5) along every path of the machines
 * (walkPath): each step's screen with the page's texts as literals, and the request each user action sends. The
 * home page's last-order widget (LastOrderView) with the same order line.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { moreOrdersRequest, orderHistoryMachine, orderHistoryRequest } from '../../../machines/order-history.machine.ts';
import { receiptMachine, receiptRequest } from '../../../machines/receipt.machine.ts';
import { reorderMachine, reorderRequest } from '../../../machines/reorder.machine.ts';
import { orderHistoryEvents } from '../../../machines/__tests__/order-history.expect.ts';
import { ORDER_ID, receiptEvents } from '../../../machines/__tests__/receipt.expect.ts';
import { reorderEvents } from '../../../machines/__tests__/reorder.expect.ts';
import { done } from '../../../machines/__tests__/cards-fixtures.ts';
import { historyOrder, historyPage, receiptOf, reorderAll, storeLocation } from '../../../machines/__tests__/history-fixtures.ts';
import { isDisabled, modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { HistoryTexts } from '../../../contracts/history-messages.ts';
import { HistoryOrderCard, OrderHistoryView } from './OrderHistoryView.tsx';
import { ReceiptView } from './ReceiptView.tsx';
import { ReorderButtonView } from './ReorderButtonView.tsx';
import { LastOrderView } from './LastOrderView.tsx';

const GENERIC = 'Something went wrong. Please try again.';
/** historyOrder(n) as the page shows it: 2026-11-24 19:05 UTC in the store's time zone (America/Los_Angeles) */
const WHEN = 'Nov 24, 2026, 11:05 AM';
const ITEM_LINES = ['2 × Caffè Latte, Grande · Oatmilk, 3 Espresso shot', 'Nitro Cold Brew, Grande'];
const orderId = (n: number) => `ord_history${String(n).padStart(6, '0')}`;

const heading1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

// ---------------------------------------------------------------------------------------------------------------
// /account/history
// ---------------------------------------------------------------------------------------------------------------

type HM = typeof orderHistoryMachine;
type HSnap = { value: unknown; context: { orders: Array<{ orderId: string }>; nextCursor: string | null; loadMoreFailed: boolean } };

function checkOrderCard(article: HTMLElement, n: number) {
  const w = within(article);
  expect(w.getByRole('heading', { level: 2 }).textContent).toBe(WHEN);
  expect(article.querySelector('p')!.textContent).toBe('Harbor & Pine · In store · Picked up');
  expect(w.getAllByRole('listitem').map((li) => li.textContent)).toEqual(ITEM_LINES);
  expect(article.querySelector('.history-order-total')!.textContent).toBe('$19.06 · Harbor Card •••• 0207 · +38 Stars');
  const link = w.getByRole('link', { name: `Receipt: ${WHEN}` });
  expect(link.textContent).toBe('Receipt');
  expect(link.getAttribute('href')).toBe(`/account/history/${orderId(n)}`);
}

const historyModel = (firstPage: ReturnType<typeof historyPage> | null): FlowViewModel<HM> => ({
  machine: orderHistoryMachine,
  events: orderHistoryEvents as unknown as AnyEventObject[],
  input: { firstPage },
  serializeState: ((s: HSnap) => JSON.stringify({ v: s.value, n: s.context.orders.length, c: s.context.nextCursor, f: s.context.loadMoreFailed })) as never,
  actors: ['loadOrderHistory', 'loadMoreOrders'],
  requests: { loadOrderHistory: orderHistoryRequest, loadMoreOrders: moreOrdersRequest },
  render: (actor) => <OrderHistoryView actor={actor} />,
  perform: {
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.loadMore': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Show more' })),
  },
  check: (s) => {
    expect(heading1()).toBe('Order history');
    expect(screen.getByRole('link', { name: 'eGift history' }).getAttribute('href')).toBe('/account/history/egift');
    if (s.matches('loading')) {
      expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
      expect(screen.queryByRole('article')).toBeNull();
      expect(alertText()).toBeNull();
      return;
    }
    if (s.matches('loadFailed')) {
      expect(alertText()).toBe(GENERIC);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByRole('article')).toBeNull();
      return;
    }
    if (s.matches('empty')) {
      expect(screen.getByText('No orders yet.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Start an order' }).getAttribute('href')).toBe('/menu');
      expect(screen.queryByRole('article')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
      return;
    }
    // ready / loadingMore: the orders shown, newest first as answered, each with its receipt link
    expect(screen.queryByText('No orders yet.')).toBeNull();
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('link').getAttribute('href'))).toEqual(s.context.orders.map((o) => `/account/history/${o.orderId}`));
    checkOrderCard(articles[0]!, 1);
    if (articles.length > 10) checkOrderCard(articles[10]!, 11);
    const more = screen.queryByRole('button', { name: 'Show more' });
    expect(!!more, 'Show more while there is a next page').toBe(s.context.nextCursor !== null);
    if (more) expect(isDisabled(more)).toBe(s.matches('loadingMore'));
    expect(alertText()).toBe(s.context.loadMoreFailed ? "Couldn't load more orders. Try again." : null);
  },
  sends: (e, s) => {
    if ((e.type === 'xstate.init' || e.type === 'user.retry') && s.matches('loading')) return [{ src: 'loadOrderHistory', request: { limit: 10 } }];
    if (e.type === 'user.loadMore') return [{ src: 'loadMoreOrders', request: { limit: 10, cursor: 'cursor-page-2' } }];
    return [];
  },
});

describe('OrderHistoryView (first page requested)', () => {
  const m = historyModel(null);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe("OrderHistoryView (first page from the route's loader: no request)", () => {
  const m = historyModel(historyPage(1, 10, 'cursor-page-2'));
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('OrderHistoryView (the loader found no order)', () => {
  const m = historyModel({ orders: [], nextCursor: null });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

// ---------------------------------------------------------------------------------------------------------------
// /account/history/$orderId
// ---------------------------------------------------------------------------------------------------------------

type RM = typeof receiptMachine;
const rowTexts = () =>
  [...document.querySelectorAll('.receipt-lines tr')].map((tr) => [
    // a line's head without its options (each option is its own block)
    [...tr.querySelector('th')!.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join(''),
    tr.querySelector('td')!.textContent,
  ]);

const receiptModel = (receipt = receiptOf(1)): FlowViewModel<RM> => ({
  machine: receiptMachine,
  events: receiptEvents.map((e) => (e.type === 'xstate.done.actor.loadReceipt' ? done('loadReceipt', receipt) : e)) as unknown as AnyEventObject[],
  input: { orderId: ORDER_ID },
  serializeState: ((s: { value: unknown; context: { receipt: unknown } }) => JSON.stringify({ v: s.value, r: !!s.context.receipt })) as never,
  actors: ['loadReceipt'],
  requests: { loadReceipt: receiptRequest },
  render: (actor) => (
    <ReceiptView
      actor={actor}
      reorder={
        <button type="button" className="reorder-slot">
          Reorder
        </button>
      }
    />
  ),
  perform: {
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  check: (s) => {
    expect(heading1()).toBe('Receipt');
    expect(screen.getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/account/history');
    const reorder = screen.queryByRole('button', { name: 'Reorder' });
    expect(!!reorder, 'Reorder only on a receipt').toBe(s.matches('ready'));
    if (s.matches('loading')) {
      expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      return;
    }
    if (s.matches('notFound')) {
      expect(alertText()).toBe('We could not find that order.');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      return;
    }
    if (s.matches('loadFailed')) {
      expect(alertText()).toBe(GENERIC);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      return;
    }
    expect(alertText()).toBeNull();
    const r = s.context.receipt!;
    const live = r.status !== 'picked_up' && r.status !== 'cancelled';
    expect(screen.getByText(`Harbor & Pine · In store · ${WHEN} · ${live ? 'Ready' : 'Picked up'}`)).toBeTruthy();
    // 'Track order' to the live tracker while something can still happen to the order (issue 29)
    const track = screen.queryByRole('link', { name: 'Track order' });
    expect(track?.getAttribute('href') ?? null).toBe(live ? `/menu/order/${r.orderId}` : null);
    const rows: string[][] = [
      ['2 × Caffè Latte, Grande', '$12.70'],
      ['1 × Nitro Cold Brew, Grande', '$4.95'],
      ['Subtotal', '$17.65'],
    ];
    if (r.discount) rows.push(['Discount (Free drink on your birthday)', '-$2.50']);
    rows.push(['Tax', '$1.41']);
    if (r.tip) rows.push(['Tip', '$1.00']);
    rows.push(['Total', '$19.06']);
    for (const t of r.tenders) rows.push([`Paid with ${t.label}`, t.label === 'Visa •••• 4242' ? '$3.00' : r.tenders.length > 1 ? '$16.06' : '$19.06']);
    expect(rowTexts()).toEqual(rows);
    expect([...document.querySelectorAll('.receipt-option')].map((o) => o.textContent)).toEqual(['Oatmilk $0.70', '3 Espresso shot $0.90']);
    expect(screen.getByRole('table', { name: 'Receipt' })).toBeTruthy();
    expect(screen.getByText(r.starsSpent ? '+38 Stars · 25 Stars spent' : '+38 Stars')).toBeTruthy();
    if (r.taxIncludedNote) expect(screen.getByText('CA prices of taxable food and beverage include sales tax.')).toBeTruthy();
  },
  sends: (e, s) => ((e.type === 'xstate.init' || e.type === 'user.retry') && s.matches('loading') ? [{ src: 'loadReceipt', request: { orderId: 'ord_history000001' } }] : []),
});

describe('ReceiptView', () => {
  const m = receiptModel();
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('ReceiptView (an order still ready for pickup: the tracker link)', () => {
  const m = receiptModel(receiptOf(1, { status: 'ready' }));
  const paths = modelPaths(m).filter((p) => p.steps.some((st) => (st.event as AnyEventObject).type === 'xstate.done.actor.loadReceipt'));
  for (const path of paths) it(pathName(path), () => walkPath(m, path));
});
describe('ReceiptView (a discount, a tip, two tenders, Stars spent, tax included)', () => {
  const m = receiptModel(
    receiptOf(1, {
      discount: 250,
      offers: ['Free drink on your birthday'],
      tip: 100,
      tenders: [
        { label: 'Harbor Card •••• 0207', amount: 1606 },
        { label: 'Visa •••• 4242', amount: 300 },
      ],
      starsSpent: 25,
      taxIncluded: true,
      taxIncludedNote: 'CA prices of taxable food and beverage include sales tax.',
    }),
  );
  // the receipt's own paths: the first load answering the receipt is enough here
  const paths = modelPaths(m).filter((p) => p.steps.some((st) => (st.event as AnyEventObject).type === 'xstate.done.actor.loadReceipt'));
  for (const path of paths) it(pathName(path), () => walkPath(m, path));
});

// ---------------------------------------------------------------------------------------------------------------
// Reorder (receipt, home)
// ---------------------------------------------------------------------------------------------------------------

type OM = typeof reorderMachine;
type OSnap = { value: unknown; context: { answer: { unavailable: Array<{ name: string }>; items: unknown[] } | null; destination: string | null } };

const reorderModel = (storeNumber: string | null, events: readonly unknown[]): FlowViewModel<OM> => ({
  machine: reorderMachine,
  events: events as AnyEventObject[],
  input: { orderId: ORDER_ID, storeNumber, orderStoreNumber: '10003-100003' },
  serializeState: ((s: OSnap) => JSON.stringify({ v: s.value, a: !!s.context.answer })) as never,
  actors: ['loadReorder'],
  requests: { loadReorder: reorderRequest },
  spyActions: ['selectStoreIfNone', 'addToCart', 'notify', 'redirect'],
  render: (actor) => <ReorderButtonView actor={actor} />,
  perform: {
    'user.reorder': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Reorder' })),
  },
  check: (s, h) => {
    const button = screen.getByRole('button', { name: 'Reorder' });
    if (s.matches('idle')) {
      expect(isDisabled(button)).toBe(false);
      expect(alertText()).toBeNull();
      return;
    }
    if (s.matches('checking')) {
      expect(isDisabled(button)).toBe(true);
      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(alertText()).toBeNull();
      return;
    }
    if (s.matches('nothingAvailable')) {
      expect(alertText()).toBe('None of the items in this order are available at this store.');
      expect(isDisabled(button)).toBe(false);
      expect(h.spies.addToCart).not.toHaveBeenCalled();
      expect(h.spies.redirect).not.toHaveBeenCalled();
      return;
    }
    if (s.matches('failed')) {
      expect(alertText()).toBe(GENERIC);
      expect(isDisabled(button)).toBe(false);
      expect(h.spies.addToCart).not.toHaveBeenCalled();
      return;
    }
    // done: the items go to the cart, the store is selected (the route only acts when none was), off to the cart
    expect(isDisabled(button)).toBe(true);
    expect(alertText()).toBeNull();
    expect(h.spies.addToCart).toHaveBeenCalledTimes(1);
    expect(h.spies.selectStoreIfNone).toHaveBeenCalledTimes(1);
    expect(h.spies.redirect).toHaveBeenCalledTimes(1);
    expect(s.context.destination).toBe('/menu/cart');
    const left = s.context.answer!.unavailable.map((u) => u.name);
    expect(h.spies.notify).toHaveBeenCalledTimes(left.length ? 1 : 0);
    // the toast the route shows for a partial reorder (use-reorder.ts: HistoryTexts.reorderPartly of the names)
    if (left.length) expect(HistoryTexts.reorderPartly(left)).toBe('Not available at this store, left out: Nitro Cold Brew.');
  },
  sends: (e) =>
    e.type === 'user.reorder'
      ? [{ src: 'loadReorder', request: storeNumber ? { orderId: 'ord_history000001', storeNumber: '10001-100001', selectStore: false } : { orderId: 'ord_history000001', storeNumber: '10003-100003', selectStore: true } }]
      : [],
});

describe('ReorderButtonView (a store selected)', () => {
  const m = reorderModel('10001-100001', reorderEvents);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe("ReorderButtonView (no store selected: the order's store)", () => {
  const m = reorderModel(null, [reorderEvents[0], done('loadReorder', reorderAll('10003-100003', storeLocation('10003-100003')))]);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

it("the toast text names every left-out item, joined with ', '", () => {
  expect(HistoryTexts.reorderPartly(['Nitro Cold Brew', 'Glazed Doughnut'])).toBe('Not available at this store, left out: Nitro Cold Brew, Glazed Doughnut.');
});

// ---------------------------------------------------------------------------------------------------------------
// The home page's last-order widget
// ---------------------------------------------------------------------------------------------------------------

it("a history row of an order still being made links to its tracker ('Track order: {date}'); a picked-up one does not", async () => {
  const { unmount } = renderWithRouter(<HistoryOrderCard order={historyOrder(4, { status: 'preparing' })} />);
  const link = await screen.findByRole('link', { name: `Track order: ${WHEN}` });
  expect([link.textContent, link.getAttribute('href')]).toEqual(['Track order', `/menu/order/${orderId(4)}`]);
  unmount();
  renderWithRouter(<HistoryOrderCard order={historyOrder(4)} />);
  await screen.findByRole('link', { name: `Receipt: ${WHEN}` });
  expect(screen.queryByRole('link', { name: /Track order/ })).toBeNull();
});

describe('LastOrderView', () => {
  it("'Your last order': date, store, items, total, its Reorder and 'All orders'", async () => {
    renderWithRouter(<LastOrderView order={historyOrder(1)} reorder={<button type="button">Reorder</button>} />);
    const region = await screen.findByRole('region', { name: 'Your last order' });
    const w = within(region);
    expect(w.getByText(`${WHEN} · Harbor & Pine`)).toBeTruthy();
    expect(w.getAllByRole('listitem').map((li) => li.textContent)).toEqual(ITEM_LINES);
    expect(region.querySelector('strong')!.textContent).toBe('$19.06');
    expect(w.getByRole('button', { name: 'Reorder' })).toBeTruthy();
    expect(w.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe('/account/history');
  });
  it("'Track order' to the tracker while the order is placed, preparing or ready; none once picked up or cancelled", async () => {
    for (const status of ['placed', 'preparing', 'ready', 'picked_up', 'cancelled'] as const) {
      const { unmount } = renderWithRouter(<LastOrderView order={historyOrder(3, { status })} reorder={null} />);
      await screen.findByRole('region', { name: 'Your last order' });
      const track = screen.queryByRole('link', { name: 'Track order' });
      expect(track?.getAttribute('href') ?? null, status).toBe(status === 'picked_up' || status === 'cancelled' ? null : `/menu/order/${orderId(3)}`);
      unmount();
    }
  });
  it('a Drive-thru order in another time zone', async () => {
    renderWithRouter(<LastOrderView order={historyOrder(2, { pickupOption: 'DT', store: { storeNumber: '1', name: 'Elm St', timeZone: 'America/New_York' } })} reorder={null} />);
    expect(await screen.findByText('Nov 24, 2026, 2:05 PM · Elm St')).toBeTruthy();
  });
});
