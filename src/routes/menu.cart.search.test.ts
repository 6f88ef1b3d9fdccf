/**
 * /menu/cart?offer= (docs/home.md 2.1, the home stream's coupon 'Redeem'): the route's valibot search through the
 * real route tree (an offer code kept, anything else dropped so the cart opens without it: no error page), and
 * `startingOffers`, which starts the checkout machine with the code only when get-offers lists it.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../router.tsx';
import { createQueryClient } from '../services/query-client.ts';
import { createAppActors } from '../services/app-actors.tsx';
import { startingOffers } from '../services/ordering/checkout.actors.ts';

function cartSearch(url: string): Record<string, unknown> {
  const router = createAppRouter({ queryClient: createQueryClient(), appActors: createAppActors() });
  const location = router.parseLocation(createMemoryHistory({ initialEntries: [url] }).location);
  const matches = router.matchRoutes(location);
  const leaf = matches[matches.length - 1]!;
  expect(leaf.routeId).toBe('/menu/cart');
  return leaf.search as Record<string, unknown>;
}

describe('/menu/cart?offer=', () => {
  it('keeps an offer code', () => {
    expect(cartSearch('/menu/cart?offer=WELCOME50').offer).toBe('WELCOME50');
    expect(cartSearch('/menu/cart?offer=PICKONE-A').offer).toBe('PICKONE-A');
    expect(cartSearch('/menu/cart').offer).toBeUndefined();
  });
  it('drops what is not an offer code (the cart opens without an offer)', () => {
    for (const bad of ['welcome50', 'X', '<script>', 'A'.repeat(31), 'WELCOME 50', ''])
      expect(cartSearch(`/menu/cart?offer=${encodeURIComponent(bad)}`).offer, JSON.stringify(bad)).toBeUndefined();
    expect(cartSearch('/menu/cart?offer=1&offer=2').offer).toBeUndefined();
  });
});

describe('startingOffers', () => {
  const offers = { offers: [{ code: 'WELCOME50' }, { code: 'BIRTHDAY' }, { code: 'R200' }] };
  it('starts with the code when the member may use it at the store', () => {
    expect(startingOffers('WELCOME50', offers)).toEqual(['WELCOME50']);
    expect(startingOffers('BIRTHDAY', offers)).toEqual(['BIRTHDAY']);
  });
  it('an unknown or unavailable code, no code, or no offers read: none', () => {
    expect(startingOffers('FOUNDERS', offers)).toEqual([]);
    expect(startingOffers(undefined, offers)).toEqual([]);
    expect(startingOffers('WELCOME50', undefined)).toEqual([]);
    expect(startingOffers('WELCOME50', { offers: [] })).toEqual([]);
  });
});
