/** The header's 'Store orders' link (docs/order-status.md 3.5): only for a session with staff stores. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { AppShell } from './AppShell.tsx';

async function renderShell(staffStore: string | null) {
  window.scrollTo = () => {};
  const root = createRootRoute({
    component: () => (
      <AppShell chrome="full" signedIn firstName="Bea" brandName="Harbor Coffee" devTools={false} toast={null} persistent={[]} onDismiss={() => {}} staffStore={staffStore}>
        <h1>Page</h1>
      </AppShell>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
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
