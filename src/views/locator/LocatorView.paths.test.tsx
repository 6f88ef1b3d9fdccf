/**
 * The locator view along the model's paths (docs/architecture.md#tests-three-layers-on-the-same-paths, "Three layers reuse the same paths"):
 * the shortest path to every state of the locator machine is replayed through the DOM. Events become
 * clicks, typing and keys; `xstate.done/error.actor.*` settle the deferred fake; the debounce timers are
 * sent as their events (their 200 ms is checked in the machine tests). After each step the actor must be
 * in the state the model predicts, and the DOM must show that state.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadLocatorOverlays } from './locator-overlays.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { locatorMachine, confirmTarget, findLocation, orderingStatus, canOrderFrom, type LocatorInput } from '../../../machines/locator.machine.ts';
import { describePath } from '../../../machines/__tests__/model.ts';
import { locatorModelEvents } from '../../../machines/__tests__/locator-fixtures.ts';
import { fakeMap } from './fake-store-map.tsx';
import { renderLocator, testFeatures } from './locator-test-harness.tsx';
import { storeCardId } from './StoreCard.tsx';

// the overlays' chunk (filters, dialogs, details) as the page has it once the browser was idle (locator-overlays.ts)
beforeAll(async () => {
  await preloadLocatorOverlays();
});

vi.mock('./StoreMap.tsx', async () => ({ StoreMap: (await import('./fake-store-map.tsx')).FakeStoreMap }));

type Snap = SnapshotFrom<typeof locatorMachine>;
type App = ReturnType<typeof renderLocator>;

// the shared model events plus the view level's extra: confirming a READY store without guest ordering
const events: AnyEventObject[] = [...locatorModelEvents, { type: 'user.confirmStore', storeNumber: '5-1005' }, { type: 'user.dismissDialog' }];

/** the DOM offers the event in this state (a button exists and is enabled, a card or option is shown) */
function domCan(s: Snap, e: AnyEventObject): boolean {
  // the guest's store dialog is modal: only its buttons can be used while it is open
  if (s.hasTag('dialog')) return e.type === 'user.dismissDialog';
  const showingSuggestions = s.matches({ suggestions: 'showing' });
  switch (e.type) {
    case 'user.moveSuggestion':
    case 'user.closeSuggestions':
      return showingSuggestions;
    case 'user.choosePlace':
      return showingSuggestions && s.context.suggestions.some((p) => p.id === e.place.id);
    case 'user.zoomIn':
      return s.context.map.zoom < 21;
    case 'user.zoomOut':
      return s.context.map.zoom > 3;
    case 'user.confirmStore': {
      // 'Order here' is offered only where the store takes mobile orders (orderingStatus)
      const l = findLocation(s.context, e.storeNumber as string);
      const listed = s.matches({ results: { browsing: 'showingResults' } }) ? s.context.locations.some((x) => x.store.storeNumber === e.storeNumber) : s.context.nearest.location?.store.storeNumber === e.storeNumber;
      return listed && !!l && orderingStatus(l.store, { inMenu: s.context.inMenu, signedIn: s.context.signedIn }).offerOrder;
    }
    default:
      return true;
  }
}

const inputs: Record<string, LocatorInput> = {
  'in-menu locator, guest, toCart': {
    inMenu: true,
    query: {},
    mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
    accuracyThreshold: 1000,
    signedIn: false,
    toCart: true,
    returnPath: null,
  },
  'standalone locator, member, queried store, return path': {
    inMenu: false,
    query: { storeNumber: '3' },
    mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
    accuracyThreshold: 1000,
    signedIn: true,
    toCart: false,
    returnPath: '/menu/previous',
  },
};

const pending = () => fromPromise(() => new Promise<never>(() => {})) as never;
const traversal = locatorMachine.provide({ actors: { fetchLocations: pending(), nearestLocation: pending(), placeSuggestions: pending(), geolocate: pending() } });
type ViewPath = { state: Snap; steps: Array<{ event: AnyEventObject; state: Snap }> };
const pathsFor = (input: LocatorInput) =>
  new TestModel(traversal, {
    events: (s: Snap) => events.filter((e) => s.can(e as never) && domCan(s, e)),
    input,
    serializeState: (s: Snap) => JSON.stringify(s.value),
  } as never).getShortestPaths() as unknown as ViewPath[];

const searchBox = () => screen.getByRole('combobox', { name: /search for a store/i });
const card = (storeNumber: string) => document.getElementById(storeCardId(storeNumber))!;
const featureName = (code: string) => testFeatures.find((f) => f.code === code)!.name;

async function perform(app: App, e: AnyEventObject) {
  switch (e.type) {
    case 'user.typePlace':
      fireEvent.change(searchBox(), { target: { value: e.text } });
      return;
    case 'user.search':
      if ((searchBox() as HTMLInputElement).value !== e.text) fireEvent.change(searchBox(), { target: { value: e.text } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      return;
    case 'user.moveSuggestion':
      fireEvent.keyDown(searchBox(), { key: e.delta > 0 ? 'ArrowDown' : 'ArrowUp' });
      return;
    case 'user.closeSuggestions':
      fireEvent.keyDown(searchBox(), { key: 'Escape' });
      return;
    case 'user.choosePlace':
      fireEvent.click(screen.getByRole('option', { name: new RegExp(e.place.name) }));
      return;
    case 'user.locateMe':
      fireEvent.click(screen.getByRole('button', { name: 'Find stores near me' }));
      return;
    case 'user.zoomIn':
      fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
      return;
    case 'user.zoomOut':
      fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
      return;
    case 'map.moved':
      fakeMap.nextMove = { lat: e.lat, lng: e.lng, zoom: e.zoom };
      fireEvent.click(screen.getByRole('button', { name: 'simulate map gesture' }));
      return;
    case 'user.hoverStore':
      fireEvent.mouseEnter(card(e.storeNumber));
      return;
    case 'user.selectStore':
      fireEvent.click(within(card(e.storeNumber)).getByRole('button', { pressed: false }));
      return;
    case 'map.markerClicked':
      fireEvent.click(screen.getByTestId(`marker-${e.storeNumber}`));
      return;
    case 'user.confirmStore':
      fireEvent.click(within(card(e.storeNumber)).getByRole('button', { name: /order here/i }));
      return;
    case 'user.applyFilters': {
      fireEvent.click(screen.getByRole('button', { name: /^filters/i }));
      const dialog = screen.getByRole('dialog', { name: 'Filter stores' });
      const clear = within(dialog).getByRole('button', { name: 'Clear all' });
      if (!(clear as HTMLButtonElement).disabled) fireEvent.click(clear);
      for (const code of e.features as string[]) fireEvent.click(within(dialog).getByRole('checkbox', { name: featureName(code) }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
      return;
    }
    case 'user.dismissDialog':
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Choose another store' }));
      return;
    case 'user.retry':
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      return;
    case 'user.showNearest':
      fireEvent.click(screen.getByRole('button', { name: /show stores near/i }));
      return;
    default: {
      // time passing and requests settling
      if (e.type.startsWith('xstate.after.')) return act(() => app.locator.send(e as never));
      const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
      if (!m) throw new Error(`no DOM mapping for ${e.type}`);
      await act(async () => {
        if (m[1] === 'done') app.fakes.resolve(m[2]!, e.output);
        else app.fakes.reject(m[2]!, e.error);
      });
    }
  }
}

function assertDom(app: App, input: LocatorInput, s: Snap, last: AnyEventObject) {
  const c = s.context;
  const list = document.querySelector('.locator-panel-body')!;
  const map = screen.getByTestId('store-map');
  expect(Number(map.getAttribute('data-zoom'))).toBe(c.map.zoom);
  // suggestions: the combobox's popup is open exactly while the machine shows suggestions
  const showing = s.matches({ suggestions: 'showing' });
  expect(searchBox().getAttribute('aria-expanded')).toBe(String(showing));
  expect(screen.queryAllByRole('option')).toHaveLength(showing ? c.suggestions.length : 0);
  expect((searchBox() as HTMLInputElement).value).toBe(c.searchText);

  if (s.matches({ results: 'confirmed' })) {
    expect(app.navigations).toEqual([confirmTarget(input)]);
    expect(app.persisted).toEqual([c.confirmedLocation!.store.storeNumber]);
    return;
  }
  expect(app.navigations).toEqual([]);
  // the guest's store dialog (spec 1 section 6) is open exactly in the machine's dialog states, with Sign in and Create account
  const dialog = screen.queryByRole('dialog');
  if (s.hasTag('dialog')) {
    const store = findLocation(c, (last as { storeNumber?: string }).storeNumber ?? '')?.store;
    const accountRequired = s.matches({ dialog: 'accountRequired' });
    if (store) expect(accountRequired).toBe(canOrderFrom(store));
    expect(dialog?.getAttribute('aria-labelledby') && document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(accountRequired ? 'Account required' : 'Store unavailable');
    expect(dialog!.textContent).toContain(accountRequired ? 'This store needs an account to order ahead. Sign in or create an account to order here.' : "This store isn't taking mobile orders right now. Choose another store, or sign in or create an account to order.");
    expect(within(dialog!).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?returnUrl=%2Fstore-locator');
    expect(within(dialog!).getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/account/create?returnUrl=%2Fstore-locator');
  } else {
    expect(dialog).toBeNull();
    if (last.type === 'user.confirmStore') expect(app.notices.at(-1)).toBe('unavailableStore');
  }

  if (s.hasTag('loading')) {
    expect(list.querySelector('.store-results[aria-busy="true"]')).not.toBeNull();
    return;
  }
  const text = list.textContent ?? '';
  if (s.matches({ results: { browsing: 'showingResults' } })) {
    const cards = list.querySelectorAll('.store-card:not(.store-card--skeleton)');
    expect(cards).toHaveLength(c.locations.length);
    expect(list.querySelector('[aria-current="true"]')?.id).toBe(storeCardId(c.selectedStoreNumber!));
    expect(screen.getByTestId(`marker-${c.selectedStoreNumber}`).getAttribute('data-state')).toBe('selected');
    if (c.highlightedStoreNumber) expect(screen.getByTestId(`marker-${c.highlightedStoreNumber}`).getAttribute('data-state')).toBe('highlighted');
    expect(text).toMatch(/Favorite stores.*Previous stores.*Nearby stores/);
    return;
  }
  if (s.matches({ results: { browsing: 'noStores' } })) {
    expect(text).toContain('No stores found');
    expect(text.includes('Looking for the nearest store…')).toBe(s.matches({ results: { browsing: { noStores: 'requestingNearest' } } }));
    expect(text.includes('There are no stores anywhere near this area.')).toBe(s.matches({ results: { browsing: { noStores: 'nearestNotFound' } } }));
    const found = s.matches({ results: { browsing: { noStores: 'nearestFound' } } });
    expect(text.includes('Nearest store')).toBe(found);
    if (found) expect(screen.getByTestId(`marker-${c.nearest.location!.store.storeNumber}`)).toBeTruthy();
    return;
  }
  if (s.matches({ results: { browsing: 'error' } })) {
    expect(within(list as HTMLElement).getByRole('alert').textContent).toContain('Something went wrong while finding stores. Please try again.');
    return;
  }
  const empty: Record<string, string> = {
    searchOrZoom: 'Search for a place or zoom in on the map to find stores.',
    notFound: "Whoops! We couldn't find that store.",
    placeNameNotFound: "We couldn't find that place. Check the spelling or try a nearby city or ZIP code.",
    zoomedOut: 'Zoom in to see stores in this area.',
    geolocation: "We couldn't get your location. Allow location access in your browser, or search for a place.",
  };
  const which = Object.keys(empty).find((k) => s.matches({ results: { browsing: { empty: k as never } } }));
  expect(which, JSON.stringify(s.value)).toBeTruthy();
  expect(text).toContain(empty[which!]);
  expect(list.querySelectorAll('.store-card')).toHaveLength(0);
}

for (const [name, input] of Object.entries(inputs)) {
  const paths = pathsFor(input);
  describe(`locator view along the model paths (${name})`, () => {
    let app: App | null = null;
    afterEach(() => {
      app?.stop();
      app = null;
    });

    it(`has a path to each of the ${paths.length} states`, () => {
      expect(paths.length).toBeGreaterThan(25);
    });

    for (const path of paths) {
      it(describePath(path), async () => {
        app = renderLocator({ input, delays: { searchDebounce: 3_600_000, autocompleteDebounce: 3_600_000 } });
        await screen.findByTestId('store-map');
        for (const step of path.steps) {
          if (step.event.type !== 'xstate.init') await perform(app, step.event);
          const s = app.locator.getSnapshot();
          expect(JSON.stringify(s.value), `after ${step.event.type}`).toBe(JSON.stringify(step.state.value));
          assertDom(app, input, s, step.event);
        }
      });
    }
  });
}
