import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../router.tsx';
import { createQueryClient } from '../services/query-client.ts';
import { createAppActors } from '../services/app-actors.tsx';

/**
 * Issue 25 (open redirect): TanStack Router builds a route's search as { ...parent's search, ...validateSearch's
 * result }, and the root's search is the raw query, so a validateSearch that leaves a refused key out hands the
 * raw value to the page anyway. Every route that takes a return URL is matched here through the real route tree
 * with every refused variant: the search the page reads must not hold it.
 */
export const OFFSITE_RETURN_URLS = [
  '//attacker.example',
  '//attacker.example/x',
  'https://evil.example/x',
  'HTTPS://evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' /x',
  ' //evil.example',
  '///evil.example',
  'javascript:alert(1)',
  'evil.example',
];

/** Route path → the search parameter holding its return URL (grep src/routes for returnUrl/returnPath). */
export const RETURN_URL_ROUTES: Array<[path: string, param: string]> = [
  ['/account/signin', 'returnUrl'],
  ['/account/create', 'returnUrl'],
  ['/account/signout', 'returnUrl'],
  ['/account/signin/sso/tok', 'returnUrl'],
  ['/account/payment-method/add/billing-address', 'returnUrl'],
  ['/account/payment-method/edit/billing-address', 'returnUrl'],
  ['/account/payment-method/gift/guest/credit-card', 'returnUrl'],
  // the member's add-payment from the gift form (docs/gifting.md 1): list → billing address → card → back
  ['/account/payment-method', 'returnUrl'],
  ['/account/payment-method/add/credit-card', 'returnUrl'],
  ['/store-locator', 'returnPath'],
  ['/menu/store-locator', 'returnPath'],
];

function leafSearch(url: string): Record<string, unknown> {
  const router = createAppRouter({ queryClient: createQueryClient(), appActors: createAppActors() });
  const location = router.parseLocation(createMemoryHistory({ initialEntries: [url] }).location);
  const matches = router.matchRoutes(location);
  return matches[matches.length - 1]!.search as Record<string, unknown>;
}

describe('return URLs reach no page unless same-origin (issue 25)', () => {
  for (const [path, param] of RETURN_URL_ROUTES) {
    it(`${path}?${param}= keeps a same-origin path and drops every off-site variant`, () => {
      expect(leafSearch(`${path}?${param}=${encodeURIComponent('/menu/cart?x=1')}`)[param]).toBe('/menu/cart?x=1');
      for (const bad of OFFSITE_RETURN_URLS) {
        expect(leafSearch(`${path}?${param}=${encodeURIComponent(bad)}`)[param], `${path} ${JSON.stringify(bad)}`).toBeUndefined();
      }
    });
  }
});

describe("the gift form's #payment return (docs/gifting.md 1)", () => {
  it('keeps /gift/{n}#payment on every page of the member add-payment round trip', () => {
    const back = '/gift/11000001#payment';
    for (const path of ['/account/payment-method', '/account/payment-method/add/billing-address', '/account/payment-method/add/credit-card', '/account/payment-method/gift/guest/credit-card'])
      expect(leafSearch(`${path}?returnUrl=${encodeURIComponent(back)}`).returnUrl, path).toBe(back);
    expect(leafSearch(`/account/payment-method/add/credit-card?billingAddressId=ad_1&returnUrl=${encodeURIComponent(back)}`)).toMatchObject({ billingAddressId: 'ad_1', returnUrl: back });
    // a refused billing address id does not take the return URL down with it
    expect(leafSearch(`/account/payment-method/add/credit-card?billingAddressId=${encodeURIComponent('<x>')}&returnUrl=${encodeURIComponent(back)}`)).toMatchObject({ billingAddressId: undefined, returnUrl: back });
  });
});

describe('checked again where the navigation happens (issue 25)', () => {
  it('the locator confirms to /menu (or the cart) when the stored return path is off-site', async () => {
    const { confirmTarget } = await import('../../machines/locator-select.ts');
    for (const bad of OFFSITE_RETURN_URLS) {
      expect(confirmTarget({ returnPath: bad, toCart: false })).toBe('/menu');
      expect(confirmTarget({ returnPath: bad, toCart: true })).toBe('/menu/cart');
    }
    expect(confirmTarget({ returnPath: '/store-locator/delivery', toCart: true })).toBe('/store-locator/delivery');
  });
});
