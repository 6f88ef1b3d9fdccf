import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, type AnyEventObject } from 'xstate';
import {
  locatorMachine,
  chooseSelectedStore,
  confirmTarget,
  markerState,
  MAX_ZOOM,
  MIN_ZOOM,
  GEOLOCATION_STORE_LIMIT,
  locationsRequest,
  hasSearchArea,
  fitZoom,
  canOrderFrom,
  findLocation,
  takesMobileOrders,
  type LocatorInput,
  type LocatorNotice,
} from '../locator.machine.ts';
import { transitionCoverPaths, runPath, coverage, printCoverage, describePath, type ModelOptions } from './model.ts';
import { capitolHill, fremont, wallingford, seattleResults, closedFirstResults, emptyResults, nearestResult, locatorModelEvents, modelPoint } from './locator-fixtures.ts';

type Snap = SnapshotFrom<typeof locatorMachine>;

/** deferred fakes: never settle by themselves; the model sends xstate.done/error.actor.* */
const pending = () => fromPromise(() => new Promise<never>(() => {})) as never;
let notices: LocatorNotice[] = [];
let navigations: string[] = [];
let persisted: string[] = [];
const machine = locatorMachine.provide({
  actors: { fetchLocations: pending(), nearestLocation: pending(), placeSuggestions: pending(), geolocate: pending() },
  actions: {
    notify: (_, params) => notices.push(params.notice),
    navigate: ({ context }) => navigations.push(context.navigateTo ?? ''),
    persistSelectedStore: ({ context }) => persisted.push(context.confirmedLocation?.store.storeNumber ?? ''),
  },
});

// the shared model events plus the machine level's extras: the zoom ceiling, the tabs, other nearest stores
const events: AnyEventObject[] = [
  ...locatorModelEvents,
  { type: 'map.moved', ...modelPoint, zoom: MAX_ZOOM },
  { type: 'user.selectTab', tab: 'favorites' },
  { type: 'xstate.done.actor.nearestLocation', output: { ...nearestResult, store: capitolHill } },
  { type: 'xstate.done.actor.nearestLocation', output: { ...nearestResult, store: fremont } },
  { type: 'xstate.done.actor.nearestLocation', output: { ...nearestResult, store: wallingford } },
  // a NOT_READY store (no 'Order here' in the views; the machine refuses it too) and the closed store without guest ordering
  { type: 'user.confirmStore', storeNumber: '4-1004' },
  { type: 'user.confirmStore', storeNumber: '6-1006' },
  { type: 'user.dismissDialog' },
];

const baseInput: LocatorInput = {
  inMenu: false,
  query: {},
  mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
  accuracyThreshold: 1000,
  signedIn: false,
  toCart: false,
  returnPath: null,
};

/** the inputs the model runs with: a guest in the in-menu locator, and a member in the standalone locator with a queried store and a return path */
const inputs: Record<string, LocatorInput> = {
  guestInMenu: { ...baseInput, inMenu: true },
  memberStoreQuery: { ...baseInput, signedIn: true, query: { storeNumber: '3' }, returnPath: '/menu/cart?from=locator' },
};

const zoomBucket = (z: number) => (z <= MIN_ZOOM ? 'min' : z >= MAX_ZOOM ? 'max' : z < 9 ? 'low' : 'search');

/**
 * Abstract state for traversal: the full state value (both regions; replay compares it exactly) with the
 * context reduced to what guards and views branch on: stores shown, selection, highlight, zoom bucket,
 * whether there is a query to re-run, and whether suggestions exist and one is active.
 */
const serializeState = (s: Snap) =>
  // the guest's store dialog is modal: while it is open only the state value counts (else every abstract state x 3)
  s.hasTag('dialog') ? JSON.stringify({ v: s.value }) :
  JSON.stringify({
    v: s.value,
    locs: s.context.locations.length > 0,
    sel: s.context.selectedStoreNumber !== null,
    hl: s.context.highlightedStoreNumber !== null,
    z: zoomBucket(s.context.map.zoom),
    q: hasSearchArea(s.context.query),
    sug: s.context.suggestions.length > 0,
    act: s.context.activeSuggestion >= 0,
    near: s.matches({ results: { browsing: 'noStores' } }) ? (s.context.nearest.location?.store.storeNumber ?? null) : null,
  });

/** cheap checks (tens of thousands of paths): throw with a message instead of expect() */
function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function assertPathEnd(input: LocatorInput, steps: Array<{ event: AnyEventObject }>, s: Snap) {
  const c = s.context;
  const last = steps[steps.length - 1]!.event;
  const showing = s.matches({ results: { browsing: 'showingResults' } });
  const confirmed = s.matches({ results: 'confirmed' });
  check(c.map.zoom >= MIN_ZOOM && c.map.zoom <= MAX_ZOOM, `zoom ${c.map.zoom} out of 3..21`);
  // empty states, no-stores and errors never show stale stores
  if (!showing && !confirmed && !s.hasTag('loading')) check(c.locations.length === 0, 'stale locations outside the results');
  if (s.matches({ results: { browsing: { empty: 'placeNameNotFound' } } })) check(c.placeNotFound && c.locations.length === 0, 'place not found clears the locations');
  else if (!s.hasTag('loading')) check(!c.placeNotFound, 'placeNotFound outside its empty state');
  if (showing) {
    check(c.locations.length > 0, 'results without stores');
    check(c.locations.some((l) => l.store.storeNumber === c.selectedStoreNumber), 'the selected store is one of the results');
    check(c.highlightedStoreNumber === null || c.highlightedStoreNumber !== c.selectedStoreNumber, 'selection moves the highlight off');
    if (c.geolocationSearch && c.geolocationAccurate) check(c.locations.length <= GEOLOCATION_STORE_LIMIT, 'accurate geolocation uses 3 stores');
    check(markerState(c, c.selectedStoreNumber!) === 'selected', 'selected marker');
    if (last.type === 'xstate.done.actor.fetchLocations')
      check(c.selectedStoreNumber === chooseSelectedStore(c.locations, { inMenu: c.inMenu, storeNumber: c.query.storeNumber, signedIn: c.signedIn }), 'selection after a fetch follows spec 1 section 4');
    if (last.type === 'xstate.done.actor.fetchLocations' && c.inMenu && !c.signedIn && !c.query.storeNumber) {
      const chosen = findLocation(c, c.selectedStoreNumber!)!.store;
      check(chosen.mobileOrdering.guestOrdering || !c.locations.some((l) => canOrderFrom(l.store) && l.store.mobileOrdering.guestOrdering), 'a guest in the menu is not preselected a store without guest ordering');
    }
    if (last.type === 'user.hoverStore') check(markerState(c, last.storeNumber) !== 'default', 'hover highlights');
  }
  if (s.matches({ results: { browsing: { empty: 'zoomedOut' } } })) check(c.map.zoom < 9, 'zoomedOut below the search zoom');
  if (confirmed) {
    const confirm = [...steps].reverse().find((st) => st.event.type === 'user.confirmStore')!.event;
    check(c.navigateTo === confirmTarget(input) && same(navigations, [confirmTarget(input)]), `navigates once to ${confirmTarget(input)}`);
    check(same(persisted, [confirm.storeNumber]) && c.confirmedLocation?.store.storeNumber === confirm.storeNumber, 'persists the confirmed store');
  } else {
    check(navigations.length === 0 && persisted.length === 0, 'no navigation before confirming');
  }
  if (last.type === 'user.confirmStore' && !confirmed) {
    const store = findLocation(c, last.storeNumber)?.store;
    if (store && !input.signedIn && !store.mobileOrdering.guestOrdering) {
      // spec 1 section 6: open and READY without guest ordering -> account required; otherwise the generic unavailable dialog
      check(s.matches({ dialog: canOrderFrom(store) ? 'accountRequired' : 'unavailable' }), `guest dialog for ${last.storeNumber}`);
    } else if (store && (input.inMenu ? !canOrderFrom(store) : !takesMobileOrders(store))) {
      check(notices.at(-1) === 'unavailableStore', `toast ${notices.at(-1)}`);
    } else {
      check(!store || (!showing && !s.matches({ results: { browsing: { noStores: 'nearestFound' } } })), `${last.storeNumber} can be ordered from: confirmed`);
    }
  }
  if (s.hasTag('dialog')) check(!input.signedIn, 'only guests get the store dialog');
  if (last.type === 'user.dismissDialog') check(s.matches({ dialog: 'closed' }), 'the dialog closes');
  if (last.type === 'user.locateMe' && !confirmed) check(c.searchText === '' && c.placeName === null && c.locations.length === 0, 'geolocation clears the search');
  if (last.type === 'user.applyFilters') check(same(c.features, ['DT', 'WF']), 'filters applied');
  check(c.activeSuggestion >= -1 && c.activeSuggestion < Math.max(1, c.suggestions.length), 'active suggestion in range');
  if (s.matches({ suggestions: 'showing' })) check(c.suggestions.length > 0, 'open suggestions have entries');
  if (s.matches({ suggestions: 'idle' })) check(c.suggestions.length === 0, 'closed suggestions are cleared');
}

describe('locator machine (model-based)', () => {
  const fired = new Set<string>();
  const visited = new Map<string, unknown>();
  let pathCount = 0;
  for (const [inputName, input] of Object.entries(inputs)) {
    {
      const options: ModelOptions<typeof machine> = { events, input, serializeState };
      const paths = transitionCoverPaths(machine, options);
      pathCount += paths.length;
      it(`${inputName}: ${paths.length} paths reach their states with the expected context`, { timeout: 180_000 }, () => {
        for (const path of paths) {
          notices = [];
          navigations = [];
          persisted = [];
          const r = runPath(machine, path, { input, onStep: (s) => visited.set(JSON.stringify(s.value), s.value) });
          for (const k of r.fired) fired.add(k);
          try {
            assertPathEnd(input, path.steps, r.snapshot);
          } catch (e) {
            throw new Error(`${describePath(path)}: ${(e as Error).message}`, { cause: e });
          }
          expect(r.snapshot.status).toBe('active');
        }
      });
    }
  }

  it('covers every state and transition', () => {
    const c = coverage(machine, [...visited.values()], fired);
    // a transient state (`initializing` only has eventless transitions) is never a settled snapshot: it
    // counts as visited when one of its transitions fired
    const sources = new Set([...fired].map((k) => k.split(' --')[0]));
    c.states.missing = c.states.missing.filter((id) => !sources.has(id));
    c.states.covered = c.states.total - c.states.missing.length;
    printCoverage(`locator (${pathCount} paths)`, c);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });
});

describe('locator machine rules', () => {
  afterEach(() => vi.useRealTimers());

  function start(input: LocatorInput) {
    const calls: Record<string, number> = { fetchLocations: 0 };
    const resolvers: Record<string, (v: unknown) => void> = {};
    const rejecters: Record<string, (e: unknown) => void> = {};
    const deferred = (name: string) =>
      fromPromise(
        () =>
          new Promise<never>((res, rej) => {
            calls[name] = (calls[name] ?? 0) + 1;
            resolvers[name] = res as (v: unknown) => void;
            rejecters[name] = rej;
          }),
      ) as never;
    const actor = createActor(
      locatorMachine.provide({
        actors: { fetchLocations: deferred('fetchLocations'), nearestLocation: deferred('nearestLocation'), placeSuggestions: deferred('placeSuggestions'), geolocate: deferred('geolocate') },
      }),
      { input },
    ).start();
    return { actor, calls, resolvers, rejecters };
  }

  it('searches 200 ms after the last search, and ignores empty text', () => {
    vi.useFakeTimers();
    const { actor, calls } = start(baseInput);
    actor.send({ type: 'user.search', text: '  ' });
    expect(actor.getSnapshot().matches({ results: { browsing: { empty: 'searchOrZoom' } } })).toBe(true);
    actor.send({ type: 'user.search', text: 'Sea' });
    vi.advanceTimersByTime(150);
    actor.send({ type: 'user.search', text: 'Seattle' });
    vi.advanceTimersByTime(199);
    expect(calls.fetchLocations).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.fetchLocations).toBe(1);
    expect(locationsRequest({ context: actor.getSnapshot().context })).toEqual({ place: 'Seattle', features: [] });
    actor.stop();
  });

  it('debounces autocomplete by 200 ms and asks for the typed text', () => {
    vi.useFakeTimers();
    const { actor, calls } = start(baseInput);
    actor.send({ type: 'user.typePlace', text: 'se' });
    vi.advanceTimersByTime(100);
    actor.send({ type: 'user.typePlace', text: 'sea' });
    vi.advanceTimersByTime(199);
    expect(calls.placeSuggestions ?? 0).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.placeSuggestions).toBe(1);
    expect(actor.getSnapshot().context.searchText).toBe('sea');
    actor.stop();
  });

  it('uses only the first 3 stores of an accurate geolocation, all of an inaccurate one', async () => {
    for (const [accuracy, count] of [
      [50, 3],
      [5000, 5],
    ] as const) {
      const { actor, resolvers } = start({ ...baseInput, query: { place: 'Portland' } });
      actor.send({ type: 'user.locateMe' });
      expect(actor.getSnapshot().context.query.place).toBeNull();
      resolvers.geolocate!({ lat: 47.6, lng: -122.3, accuracy });
      await Promise.resolve();
      await Promise.resolve();
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(locationsRequest({ context: actor.getSnapshot().context })).toEqual({ lat: 47.6, lng: -122.3, features: [] });
      resolvers.fetchLocations!(seattleResults);
      await Promise.resolve();
      await Promise.resolve();
      expect(actor.getSnapshot().context.locations).toHaveLength(count);
      actor.stop();
    }
  });

  it('selects the queried store, else in the menu the first orderable one, else the first', () => {
    expect(chooseSelectedStore(seattleResults.stores, { inMenu: false, storeNumber: '3' })).toBe('3-1003');
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: null })).toBe('3-1003');
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: false, storeNumber: null })).toBe('2-1002');
    expect(chooseSelectedStore(closedFirstResults.stores.slice(0, 2), { inMenu: true, storeNumber: null })).toBe('2-1002');
    expect(chooseSelectedStore([], { inMenu: true, storeNumber: null })).toBeNull();
    // a guest in the menu is never preselected a store without guest ordering (Fremont): the first result instead
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: null, signedIn: false })).toBe('2-1002');
    expect(chooseSelectedStore([...closedFirstResults.stores, ...seattleResults.stores], { inMenu: true, storeNumber: null, signedIn: false })).toBe('1-1001');
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: null, signedIn: true })).toBe('3-1003');
  });

  it('clamps zoom to 3..21', () => {
    const { actor } = start(baseInput);
    actor.send({ type: 'map.moved', lat: 47, lng: -122, zoom: 21 });
    actor.send({ type: 'user.zoomIn' });
    expect(actor.getSnapshot().context.map.zoom).toBe(21);
    actor.send({ type: 'map.moved', lat: 47, lng: -122, zoom: 3 });
    actor.send({ type: 'user.zoomOut' });
    expect(actor.getSnapshot().context.map.zoom).toBe(3);
    expect(actor.getSnapshot().matches({ results: { browsing: { empty: 'zoomedOut' } } })).toBe(true);
    actor.stop();
  });

  it('estimates the zoom the map lands on after fitting the stores', () => {
    expect(fitZoom([{ lat: 47.6, lng: -122.3 }])).toBe(15);
    const z = fitZoom(seattleResults.stores.map((l) => ({ lat: l.store.coordinates.latitude, lng: l.store.coordinates.longitude })));
    expect(z).toBeGreaterThan(11);
    expect(z).toBeLessThan(14);
    // the contiguous US in about 900 x 720 px: 58 degrees of longitude in 860 px of a 512 * 2^z px world
    // (maplibre-gl / mapbox-gl), as the map's own fitBounds lands (e2e: the first Zoom out after a search zooms out)
    expect(fitZoom([{ lat: 25, lng: -125 }, { lat: 49, lng: -67 }])).toBe(3.4);
  });

  it('confirms to the return path, else /menu/cart with toCart, else /menu', () => {
    expect(confirmTarget({ returnPath: '/menu/previous', toCart: true })).toBe('/menu/previous');
    expect(confirmTarget({ returnPath: null, toCart: true })).toBe('/menu/cart');
    expect(confirmTarget({ returnPath: null, toCart: false })).toBe('/menu');
  });

  it('asks the nearest store from the centre of a search that found nothing, with the filters', async () => {
    const { actor, resolvers } = start({ ...baseInput, query: { place: 'Nowhere', features: ['CX'] } });
    resolvers.fetchLocations!(emptyResults);
    await Promise.resolve();
    await Promise.resolve();
    const s = actor.getSnapshot();
    expect(s.matches({ results: { browsing: { noStores: 'requestingNearest' } } })).toBe(true);
    expect(s.context.nearest.searchedFrom).toEqual({ lat: 46.2, lng: -119.1 });
    actor.stop();
  });
});
