/** /menu's tabs (issue 30): one tab marked current, on every tab's page ('All products' was current everywhere). */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { MenuTabs } from './MenuTabs.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

async function tabsAt(url: string, current: 'all' | 'featured' | 'previous' | 'favorites') {
  window.scrollTo = () => {};
  const root = createRootRoute({ component: () => <MenuTabs current={current} /> });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [url] }) }) as never} />);
  await screen.findByRole('link', { name: 'Favorites' });
  return [...document.querySelectorAll('[aria-current]')].map((a) => `${a.textContent} ${a.getAttribute('aria-current')}`);
}

describe('menu tabs: exactly one is current', () => {
  it.each([
    ['/menu', 'all', 'All products'],
    ['/menu?tab=featured', 'featured', 'Featured'],
    ['/menu/previous', 'previous', 'Previous'],
    ['/menu/favorites', 'favorites', 'Favorites'],
  ] as const)('at %s only %s', async (url, current, name) => {
    expect(await tabsAt(url, current)).toEqual([`${name} page`]);
  });
});
