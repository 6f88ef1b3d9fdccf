import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { HomeView } from './HomeView.tsx';

afterEach(cleanup);

async function renderHome(firstName: string | null) {
  window.scrollTo = () => {}; // the router restores scroll positions; jsdom has no scrolling
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <HomeView firstName={firstName} /> });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router as never} />);
  return screen.findByRole('heading', { level: 1 });
}

describe('home (/)', () => {
  it('a visitor: the greeting, the two ways in, and the three steps of ordering ahead, each with its link', async () => {
    expect((await renderHome(null)).textContent).toBe('Your coffee, ready when you are');
    expect(screen.getByRole('link', { name: 'Find a store' }).getAttribute('href')).toBe('/store-locator');
    expect(screen.getByRole('link', { name: 'View the menu' }).getAttribute('href')).toBe('/menu');
    const steps = screen.getByRole('region', { name: 'How ordering ahead works' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(['Choose a store', 'Order ahead', 'Pick it up your way']);
    expect(items.map((li) => [within(li).getByRole('link').textContent, within(li).getByRole('link').getAttribute('href')])).toEqual([
      ['Find a store near you', '/store-locator'],
      ['Browse the menu', '/menu'],
      ['See the pickup options', '/pickup'],
    ]);
    expect(items[0]!.textContent).toContain('Search by city or ZIP code, and see which stores are open now and how you can pick up there.');
    expect(items[1]!.textContent).toContain('Make your drink just the way you like it, add food, and pay with your card balance, a credit card or PayPal.');
    expect(items[2]!.textContent).toContain('In store, at the drive-thru or at the curb: your name is on the cup when it is ready.');
  });

  it('a member is greeted by name', async () => {
    expect((await renderHome('Avery')).textContent).toBe('Good to see you, Avery');
    expect(screen.getByRole('region', { name: 'How ordering ahead works' })).toBeTruthy();
  });
});
