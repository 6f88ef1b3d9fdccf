/**
 * The home page's last-order widget wired as the app wires it (useReorder: the root actors, the cart, the router), with
 * `fetch` answering as the server does: one tap on Reorder sends the reorderCheck at the selected store, puts the
 * available items in the cart, names the left-out ones in the toast 'Not available at this store, left out: {names}.'
 * and opens the cart (docs/home.md 2.5).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { AppActorsProvider, createAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';
import { cartOf } from '../../services/cart.ts';
import { lastOrderQuery } from '../../services/history/history.ts';
import { historyOrder, reorderSome, storeLocation } from '../../../machines/__tests__/history-fixtures.ts';
import { LastOrderWidget } from './LastOrderWidget.tsx';

type Call = { url: string; body: { query?: string; variables?: unknown } | undefined };
let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  localStorage.clear();
  document.cookie = 'csrf_token=t; path=/';
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url: String(input), body });
    const { location: _location, ...check } = reorderSome('10001-100001');
    return new Response(JSON.stringify({ data: { reorderCheck: check } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

it("one tap on Reorder: the check at the selected store, the available items in the cart, the toast naming the rest, the cart's page", async () => {
  window.scrollTo = () => {};
  const actors = createAppActors();
  actors.selectedStore.send({ type: 'store.select', location: storeLocation('10001-100001'), at: Date.now() });
  const queryClient = new QueryClient();
  queryClient.setQueryData(configQuery.queryKey, { ordering: { maximumItemAmount: 15 } } as never);
  queryClient.setQueryData(lastOrderQuery.queryKey, { orders: [historyOrder(1)], nextCursor: null });
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/account/for-you', component: () => <LastOrderWidget /> });
  const cart = createRoute({ getParentRoute: () => root, path: '/menu/cart', component: () => <h1>Review order</h1> });
  const router = createRouter({ routeTree: root.addChildren([home, cart]), history: createMemoryHistory({ initialEntries: ['/account/for-you'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <AppActorsProvider actors={actors}>
        <RouterProvider router={router as never} />
      </AppActorsProvider>
    </QueryClientProvider>,
  );
  const widget = await screen.findByRole('region', { name: 'Your last order' });
  await userEvent.setup().click(within(widget).getByRole('button', { name: 'Reorder' }));

  await screen.findByRole('heading', { name: 'Review order' });
  expect(router.state.location.pathname).toBe('/menu/cart');
  // a query goes as a GET with query and variables in the address; a store was selected: no store lookup
  const api = calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname !== '/apiproxy/v1/session');
  expect(api.map((u) => [u.pathname, u.searchParams.get('query')?.match(/^query (\w+)/)?.[1], JSON.parse(u.searchParams.get('variables') ?? 'null')])).toEqual([
    ['/apiproxy/v1/graphql', 'ReorderCheck', { input: { orderId: 'ord_history000001', storeNumber: '10001-100001' } }],
  ]);
  await waitFor(() => expect(actors.notifications.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['Not available at this store, left out: Nitro Cold Brew.']));
  const items = cartOf(actors, 15).getSnapshot().context.items as Array<{ name?: string; product?: { name: string }; quantity: number }>;
  expect(items.map((i) => [i.product?.name ?? i.name, i.quantity])).toEqual([['Caffè Latte', 2]]);
});
