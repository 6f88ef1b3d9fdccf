/**
 * Renders the locator view as its route does, but with deferred fake actors (docs/architecture.md#tests-three-layers-on-the-same-paths):
 * every invoked request waits until the test resolves or rejects it. Shared by the locator view tests.
 */
import { render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import type { Feature } from '../../../contracts/config.ts';
import { locatorMachine, type LocatorInput, type LocatorNotice } from '../../../machines/locator.machine.ts';
import { favoriteStoreMachine } from '../../../machines/favorite-store.machine.ts';
import { storeFiltersMachine } from '../../../machines/store-filters.machine.ts';
import { storeDetailsMachine } from '../../../machines/store-details.machine.ts';
import { LocatorView } from './LocatorView.tsx';

export const testFeatures: Feature[] = [
  { code: '16', name: 'In store', public: true, filterable: true, category: 'pickup' },
  { code: 'DT', name: 'Drive-thru', public: true, filterable: true, category: 'pickup' },
  { code: 'CX', name: 'Curbside', public: true, filterable: true, category: 'pickup' },
  { code: 'ON', name: 'Open now', public: true, filterable: true, category: 'hours' },
  { code: 'GC', name: 'Guest ordering', public: true, filterable: true, category: 'service' },
  { code: 'WF', name: 'Wi-Fi', public: true, filterable: true, category: 'amenity' },
  { code: 'NB', name: 'Nitro Cold Brew', public: true, filterable: true, category: 'amenity' },
  { code: 'VS', name: 'Verismo', public: true, filterable: false, category: 'amenity' },
  { code: 'XO', name: 'Mobile ordering (internal)', public: false, filterable: false, category: 'service' },
];

type Settle = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

export function deferredActors() {
  const pending: Record<string, Settle[]> = {};
  const calls: Record<string, number> = {};
  const make = (name: string) =>
    fromPromise(
      () =>
        new Promise<never>((resolve, reject) => {
          calls[name] = (calls[name] ?? 0) + 1;
          (pending[name] ??= []).push({ resolve: resolve as (v: unknown) => void, reject });
        }),
    ) as never;
  const take = (name: string) => {
    const p = pending[name]?.pop();
    if (!p) throw new Error(`no pending ${name} request`);
    pending[name] = [];
    return p;
  };
  return {
    locator: { fetchLocations: make('fetchLocations'), nearestLocation: make('nearestLocation'), placeSuggestions: make('placeSuggestions'), geolocate: make('geolocate') },
    favorites: { saveFavorite: make('saveFavorite') },
    details: { fetchStoreDetails: make('fetchStoreDetails') },
    resolve: (name: string, value: unknown) => take(name).resolve(value),
    reject: (name: string, error: unknown) => take(name).reject(error),
    calls,
  };
}

export interface RenderOptions {
  input?: Partial<LocatorInput>;
  tabMode?: boolean;
  enableInAppDelivery?: boolean;
  signedIn?: boolean;
  locale?: string;
  /** debounce delays (ms); the path tests make them long and send the timer events themselves */
  delays?: { searchDebounce: number; autocompleteDebounce: number };
}

export function renderLocator(opts: RenderOptions = {}) {
  // the router restores scroll positions; jsdom has no scrolling
  window.scrollTo = () => {};
  const fakes = deferredActors();
  const notices: LocatorNotice[] = [];
  const navigations: string[] = [];
  const persisted: string[] = [];
  let favoriteFailures = 0;
  const input: LocatorInput = {
    inMenu: false,
    query: {},
    mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
    accuracyThreshold: 1000,
    signedIn: !!opts.signedIn,
    toCart: false,
    returnPath: null,
    ...opts.input,
  };
  const locator = createActor(
    locatorMachine.provide({
      actors: fakes.locator,
      actions: {
        notify: (_, params) => notices.push(params.notice),
        navigate: ({ context }) => navigations.push(context.navigateTo ?? ''),
        persistSelectedStore: ({ context }) => persisted.push(context.confirmedLocation?.store.storeNumber ?? ''),
      },
      ...(opts.delays ? { delays: opts.delays } : {}),
    }),
    { input },
  ).start();
  const filters = createActor(storeFiltersMachine, { input: { applied: input.query.features ?? [] } }).start();
  const favorites = createActor(favoriteStoreMachine.provide({ actors: fakes.favorites, actions: { notifyFailure: () => void favoriteFailures++ } }), {
    input: { signedIn: input.signedIn },
  }).start();
  const details = createActor(storeDetailsMachine.provide({ actors: fakes.details })).start();
  // the route's wiring: Apply in the filter overlay re-queries the locator
  filters.on('filters.applied', (e) => locator.send({ type: 'user.applyFilters', features: e.features }));

  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: input.inMenu ? '/menu/store-locator' : '/store-locator',
    component: () => (
      <LocatorView
        locator={locator}
        filters={filters}
        favorites={favorites}
        details={details}
        inMenu={input.inMenu}
        features={testFeatures}
        tabMode={!!opts.tabMode}
        enableInAppDelivery={!!opts.enableInAppDelivery}
        mapConfig={{ mapboxToken: null, mapboxStyle: null }}
        signInHref="/account/signin?returnUrl=%2Fstore-locator"
        createAccountHref="/account/create?returnUrl=%2Fstore-locator"
        {...(opts.locale ? { locale: opts.locale } : {})}
      />
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [input.inMenu ? '/menu/store-locator' : '/store-locator'] }),
  });
  const view = render(<RouterProvider router={router as never} />);
  return {
    ...view,
    router,
    locator,
    filters,
    favorites,
    details,
    fakes,
    notices,
    navigations,
    persisted,
    favoriteFailures: () => favoriteFailures,
    stop() {
      for (const a of [locator, filters, favorites, details]) a.stop();
    },
  };
}
