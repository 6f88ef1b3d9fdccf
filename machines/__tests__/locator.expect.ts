/**
 * Store locator (spec 1 section 2 "Store locator", section 4 "Locator", sections 5, 8 "Locator", 9): search (debounced
 * 200 ms), choose a place, locate me, move or zoom the map (3..21; below the search zoom: zoomed out), filters, the
 * results with selection and highlight, the empty states (notFound, placeNameNotFound, noStores with the nearest
 * store, zoomedOut, searchOrZoom, geolocation), the generic error with retry, and confirming a store (stored, then
 * navigate; a store without mobile orders is refused with a toast, a guest choosing a store without guest ordering
 * gets a dialog: spec 1 section 6). Autocomplete is a parallel region.
 *
 * The model has ~20,000 transition-cover paths over two inputs; `sample` keeps a deterministic subset: every path
 * whose last step (state, event, next state) is new, plus every 16th of the rest; coverage of every transition
 * is still checked.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import {
  locatorMachine,
  chooseSelectedStore,
  confirmTarget,
  markerState,
  MAX_ZOOM,
  MIN_ZOOM,
  GEOLOCATION_STORE_LIMIT,
  hasSearchArea,
  canOrderFrom,
  findLocation,
  takesMobileOrders,
  type LocatorInput,
} from '../locator.machine.ts';
import { LOCATOR_INPUT_DEFAULTS } from '../locator-types.ts';
import { locatorMessages } from '../../src/services/error-catalogue.ts';
import { capitolHill, fremont, wallingford, nearestResult, locatorModelEvents, modelPoint } from './locator-fixtures.ts';
import { spyActions, sampleSteps, type Flow } from './flow.ts';

type Snap = SnapshotFrom<typeof locatorMachine>;
const B = 'results.browsing';

/** deferred fakes: never settle by themselves; the model sends xstate.done/error.actor.* */
const pending = () => fromPromise(() => new Promise<never>(() => {})) as never;

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
  // typing on while suggestions wait: a second, different text (the shared events type 'sea' only)
  { type: 'user.typePlace', text: 'seat' },
];

export const baseInput: LocatorInput = { ...LOCATOR_INPUT_DEFAULTS };

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

/** cheap checks (thousands of paths): throw with a message instead of expect() */
function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const reentersLoading = new Set(['user.choosePlace', 'user.applyFilters', 'user.showNearest', 'user.retry']);

export const locatorFlow: Flow<typeof locatorMachine> = {
  machine: locatorMachine,
  table: {
    [B]: {
      'user.search': { guard: 'hasText', to: `${B}.debouncing` },
      'user.choosePlace': `${B}.loading`,
      'user.locateMe': `${B}.locating`,
      'map.moved': [{ guard: 'movedBelowSearchZoom', to: `${B}.empty.zoomedOut` }, `${B}.debouncing`],
      'user.zoomIn': [{ guard: 'zoomInBelowSearchZoom', to: `${B}.empty.zoomedOut` }, `${B}.debouncing`],
      'user.zoomOut': [{ guard: 'zoomOutBelowSearchZoom', to: `${B}.empty.zoomedOut` }, `${B}.debouncing`],
      'user.applyFilters': [{ guard: 'hasSearchArea', to: `${B}.loading` }, null],
      'user.selectTab': null,
    },
    [`${B}.initializing`]: { always: [{ guard: 'hasSearchArea', to: `${B}.loading` }, `${B}.empty`] },
    [`${B}.debouncing`]: { 'after searchDebounce': `${B}.loading` },
    [`${B}.locating`]: { 'xstate.done.actor.geolocate': `${B}.loading`, 'xstate.error.actor.geolocate': `${B}.empty.geolocation` },
    [`${B}.loading`]: {
      'xstate.done.actor.fetchLocations': [{ guard: 'hasStores', to: `${B}.showingResults` }, `${B}.noStores`],
      'xstate.error.actor.fetchLocations': [{ guard: 'isStoreNotFound', to: `${B}.empty.notFound` }, { guard: 'isPlaceNotFound', to: `${B}.empty.placeNameNotFound` }, `${B}.error`],
    },
    [`${B}.showingResults`]: {
      'user.hoverStore': null,
      'user.selectStore': { guard: 'isKnownStore' },
      'map.markerClicked': { guard: 'isKnownStore' },
      'user.confirmStore': [{ guard: 'guestCannotOrder' }, { guard: 'storeUnavailable' }, { guard: 'isKnownStore', to: 'results.confirmed' }],
    },
    [`${B}.noStores.requestingNearest`]: {
      'xstate.done.actor.nearestLocation': `${B}.noStores.nearestFound`,
      'xstate.error.actor.nearestLocation': [{ guard: 'isNoStoresFound', to: `${B}.noStores.nearestNotFound` }, `${B}.noStores.nearestFailed`],
    },
    [`${B}.noStores.nearestFound`]: {
      'user.showNearest': `${B}.loading`,
      'user.confirmStore': [{ guard: 'guestCannotOrder' }, { guard: 'storeUnavailable' }, { guard: 'isKnownStore', to: 'results.confirmed' }],
    },
    [`${B}.error`]: { 'user.retry': `${B}.loading` },
    // spec 1 section 6: a guest choosing a store without guest ordering
    dialog: { 'store.guestOrderingUnavailable': [{ guard: 'isOpenAndReady', to: 'dialog.accountRequired' }, 'dialog.unavailable'] },
    'dialog.accountRequired': { 'user.dismissDialog': 'dialog.closed' },
    'dialog.unavailable': { 'user.dismissDialog': 'dialog.closed' },
    suggestions: {
      'user.typePlace': [{ guard: 'hasText', to: 'suggestions.debouncing' }, 'suggestions.idle'],
      'user.search': 'suggestions.idle',
      'user.choosePlace': 'suggestions.idle',
      'user.locateMe': 'suggestions.idle',
    },
    'suggestions.debouncing': {
      'user.typePlace': [{ guard: 'hasText', to: 'suggestions.debouncing' }, 'suggestions.idle'],
      'after autocompleteDebounce': 'suggestions.fetching',
    },
    'suggestions.fetching': {
      'xstate.done.actor.placeSuggestions': [{ guard: 'hasSuggestions', to: 'suggestions.showing' }, 'suggestions.idle'],
      'xstate.error.actor.placeSuggestions': 'suggestions.idle',
    },
    'suggestions.showing': { 'user.moveSuggestion': null, 'user.closeSuggestions': 'suggestions.idle' },
  },
  sees: {
    [`${B}.debouncing`]: { tags: ['loading'] },
    [`${B}.locating`]: { tags: ['loading'] },
    [`${B}.loading`]: { tags: ['loading'] },
    [`${B}.error`]: { tags: ['error'], message: 'Something went wrong while finding stores. Please try again.' },
    [`${B}.noStores`]: { message: 'No stores found' },
    [`${B}.noStores.nearestNotFound`]: { message: 'There are no stores anywhere near this area.' },
    [`${B}.empty.searchOrZoom`]: { message: 'Search for a place or zoom in on the map to find stores.' },
    [`${B}.empty.notFound`]: { message: "Whoops! We couldn't find that store." },
    [`${B}.empty.placeNameNotFound`]: { message: "We couldn't find that place. Check the spelling or try a nearby city or ZIP code." },
    [`${B}.empty.zoomedOut`]: { message: 'Zoom in to see stores in this area.' },
    [`${B}.empty.geolocation`]: { message: "We couldn't get your location. Allow location access in your browser, or search for a place." },
    'dialog.accountRequired': { tags: ['dialog'], message: 'This store needs an account to order ahead. Sign in or create an account to order here.' },
    'dialog.unavailable': { tags: ['dialog'] },
  },
  catalogue: locatorMessages,
  arrange(machine) {
    const spy = spyActions(['notify', 'navigate', 'persistSelectedStore', 'syncUrl'] as const);
    let wasLoading = false;
    let wasConfirmed = false;
    return {
      machine: machine.provide({
        actors: { fetchLocations: pending(), nearestLocation: pending(), placeSuggestions: pending(), geolocate: pending() },
        actions: spy.actions,
      }),
      runs: Object.entries(inputs).map(([name, input]) => ({ name, options: { events, input, serializeState } })),
      sample: (paths) => sampleSteps(paths, 16),
      beforePath: () => void ((wasLoading = false), (wasConfirmed = false), spy.clear()),
      onStep(s, event, run) {
        // what this step sent: the URL on (re)entering loading, the refusal toast, the store and the navigation on confirming
        const effects = spy.step();
        const loading = s.matches({ results: { browsing: 'loading' } });
        const confirmed = s.matches({ results: 'confirmed' });
        const want: string[] = [];
        if (loading && (!wasLoading || reentersLoading.has(event.type))) want.push('syncUrl');
        if (event.type === 'user.confirmStore' && !confirmed) {
          const input = inputs[run]!;
          const store = findLocation(s.context, event.storeNumber)?.store;
          if (store && !input.signedIn && !store.mobileOrdering.guestOrdering) {
            // spec 1 section 6: open and READY without guest ordering -> account required; otherwise the generic unavailable dialog
            check(s.matches({ dialog: canOrderFrom(store) ? 'accountRequired' : 'unavailable' }), `guest dialog for ${event.storeNumber}`);
          } else if (store && (input.inMenu ? !canOrderFrom(store) : !takesMobileOrders(store))) {
            want.push('notify:unavailableStore');
          } else {
            const atResults = s.matches({ results: { browsing: 'showingResults' } }) || s.matches({ results: { browsing: { noStores: 'nearestFound' } } });
            check(!store || !atResults, `${event.storeNumber} can be ordered from: confirmed`);
          }
        }
        if (confirmed && !wasConfirmed) want.push('persistSelectedStore', 'navigate');
        const got = effects.map((e) => (e.name === 'notify' ? `notify:${(e.params as { notice: string }).notice}` : e.name));
        check(same(got.sort(), want.sort()), `effects of ${event.type}: [${got}], expected [${want}]`);
        for (const e of effects) {
          const c = e.context as Snap['context'];
          if (e.name === 'navigate') check(c.navigateTo === confirmTarget(inputs[run]!), `navigates to ${confirmTarget(inputs[run]!)}`);
          if (e.name === 'persistSelectedStore') check(c.confirmedLocation?.store.storeNumber === event.storeNumber, 'persists the confirmed store');
        }
        wasLoading = loading;
        wasConfirmed = confirmed;
      },
      onPath(path, s) {
        const steps = path.steps;
        const c = s.context;
        const last = steps[steps.length - 1]!.event as AnyEventObject;
        const showing = s.matches({ results: { browsing: 'showingResults' } });
        const confirmed = s.matches({ results: 'confirmed' });
        check(s.status === 'active', 'the locator never stops');
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
          if (last.type === 'user.selectStore' || last.type === 'map.markerClicked') check(c.selectedStoreNumber === last.storeNumber, 'selecting a store selects it');
        }
        if (s.matches({ results: { browsing: { empty: 'zoomedOut' } } })) check(c.map.zoom < 9, 'zoomedOut below the search zoom');
        // the user moved the map: the camera is where the user left it (the views' map follows context.map)
        if (last.type === 'map.moved' && s.matches({ results: 'browsing' }))
          check(c.map.lat === last.lat && c.map.lng === last.lng && c.map.zoom === Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, last.zoom)) && c.map.userOverride, 'moving the map moves the camera');
        if (s.matches({ results: { browsing: 'debouncing' } }) && last.type === 'map.moved') check(c.query.lat === last.lat && c.query.lng === last.lng, 'the moved map centre is the query');
        // Try again: the previous error is gone while loading
        if (s.matches({ results: { browsing: 'loading' } })) check(c.error === null, 'loading keeps no previous error');
        if (s.matches({ results: { browsing: { noStores: 'nearestFailed' } } })) check(c.nearest.searched && c.nearest.location === null && !c.nearest.notFound, 'a failed nearest lookup shows no store');
        const before = steps[steps.length - 2]?.state as Snap | undefined;
        if (last.type === 'user.showNearest' && before?.matches({ results: { browsing: { noStores: 'nearestFound' } } })) {
          const near = c.nearest.location?.store;
          check(near && c.query.lat === near.coordinates.latitude && c.query.lng === near.coordinates.longitude && !c.map.userOverride, 'show nearest searches around the nearest store');
        }
        if (s.matches({ results: { browsing: 'error' } })) check(c.error !== null, 'the error is kept');
        if (last.type === 'user.locateMe' && !confirmed) check(c.searchText === '' && c.placeName === null && c.locations.length === 0, 'geolocation clears the search');
        if (last.type === 'user.applyFilters') check(same(c.features, ['DT', 'WF']), 'filters applied');
        if (s.hasTag('dialog')) check(!c.signedIn, 'only guests get the store dialog');
        if (last.type === 'user.dismissDialog') check(s.matches({ dialog: 'closed' }), 'the dialog closes');
        if (last.type === 'user.search' && s.hasTag('loading')) check(c.query.place === 'Seattle', 'the search text is the query');
        if (last.type === 'user.typePlace') check(c.searchText === last.text, 'typing sets the search text');
        if (last.type === 'user.selectTab') check(c.activeTab === 'favorites', 'tab selected');
        if (last.type === 'user.zoomIn' || last.type === 'user.zoomOut') check(c.map.userOverride, 'zooming is the user moving the map');
        if (s.matches({ results: { browsing: { noStores: 'nearestFound' } } })) check(c.nearest.location !== null, 'the nearest store is shown');
        if (s.matches({ results: { browsing: { noStores: 'nearestNotFound' } } })) check(c.nearest.notFound, 'no store anywhere near');
        check(c.activeSuggestion >= -1 && c.activeSuggestion < Math.max(1, c.suggestions.length), 'active suggestion in range');
        if (last.type === 'user.moveSuggestion') check(c.activeSuggestion >= 0, 'moving down activates a suggestion');
        if (s.matches({ suggestions: 'showing' })) check(c.suggestions.length > 0, 'open suggestions have entries');
        if (s.matches({ suggestions: 'idle' })) check(c.suggestions.length === 0, 'closed suggestions are cleared');
      },
    };
  },
};
