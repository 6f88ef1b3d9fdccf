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
  locationsRequest,
  nearestRequest,
  placeSuggestionsRequest,
  type LocatorInput,
} from '../locator.machine.ts';
import { LOCATOR_INPUT_DEFAULTS } from '../locator-types.ts';
import { locatorMessages } from '../../src/services/error-catalogue.ts';
import { apiError, seattlePlace, capitolHill, emptyResults, fremont, wallingford, nearestResult, locatorModelEvents, modelPoint, places, seattleResults } from './locator-fixtures.ts';
import { spyActions, sampleSteps, type Flow, type Journey } from './flow.ts';
import { requestFakes } from './model.ts';

type Snap = SnapshotFrom<typeof locatorMachine>;
const B = 'results.browsing';

/** the geolocation fake: never settles by itself; the model sends xstate.done/error.actor.geolocate */
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

/**
 * The spec's scenarios (spec 1 section 2 "Store locator", sections 4, 6, 8, 9) as event sequences, checked first and
 * cheaply: each is replayed with every per-step check (effects, requests sent) and `onPath`, and must end in its
 * state. Both debounces are spec'd at 200 ms (section 9): a journey lets that time pass on a simulated clock where
 * only one of the two timers runs.
 */
const ev = {
  search: { type: 'user.search', text: 'Seattle' },
  searchBlank: { type: 'user.search', text: '   ' },
  choose: locatorModelEvents.find((e) => e.type === 'user.choosePlace')!,
  locate: { type: 'user.locateMe' },
  debounced: { type: 'xstate.after.searchDebounce.locator.results.browsing.debouncing' },
  typed: { type: 'xstate.after.autocompleteDebounce.locator.suggestions.debouncing' },
  results: { type: 'xstate.done.actor.fetchLocations', output: seattleResults },
  noResults: { type: 'xstate.done.actor.fetchLocations', output: emptyResults },
  storeNotFound: { type: 'xstate.error.actor.fetchLocations', error: apiError(404, 'STORE_NOT_FOUND') },
  placeNotFound: { type: 'xstate.error.actor.fetchLocations', error: apiError(404, 'PLACE_NOT_FOUND') },
  failed: { type: 'xstate.error.actor.fetchLocations', error: apiError(503, 'UNEXPECTED_ERROR') },
  nearest: { type: 'xstate.done.actor.nearestLocation', output: nearestResult },
  nearestCapitolHill: { type: 'xstate.done.actor.nearestLocation', output: { ...nearestResult, store: capitolHill } },
  nearestWallingford: { type: 'xstate.done.actor.nearestLocation', output: { ...nearestResult, store: wallingford } },
  nearestNone: { type: 'xstate.error.actor.nearestLocation', error: apiError(404, 'NO_STORES_FOUND') },
  nearestFailed: { type: 'xstate.error.actor.nearestLocation', error: apiError(500, 'UNEXPECTED_ERROR') },
  located: { type: 'xstate.done.actor.geolocate', output: { ...modelPoint, accuracy: 25 } },
  denied: { type: 'xstate.error.actor.geolocate', error: { code: 1, message: 'User denied Geolocation' } },
  moved: { type: 'map.moved', ...modelPoint, zoom: 12 },
  movedOut: { type: 'map.moved', ...modelPoint, zoom: 3 },
  movedTo9: { type: 'map.moved', ...modelPoint, zoom: 9 },
  movedTo8: { type: 'map.moved', ...modelPoint, zoom: 8 },
  zoomIn: { type: 'user.zoomIn' },
  zoomOut: { type: 'user.zoomOut' },
  filters: { type: 'user.applyFilters', features: ['DT', 'WF'] },
  retry: { type: 'user.retry' },
  showNearest: { type: 'user.showNearest' },
  tab: { type: 'user.selectTab', tab: 'favorites' },
  confirm: (storeNumber: string) => ({ type: 'user.confirmStore', storeNumber }),
  select: { type: 'user.selectStore', storeNumber: '5-1005' },
  selectUnknown: { type: 'user.selectStore', storeNumber: '9-1009' },
  marker: { type: 'map.markerClicked', storeNumber: '3-1003' },
  hover: { type: 'user.hoverStore', storeNumber: '3-1003' },
  dismiss: { type: 'user.dismissDialog' },
  type: (text: string) => ({ type: 'user.typePlace', text }),
  suggested: { type: 'xstate.done.actor.placeSuggestions', output: places },
  suggestedNone: { type: 'xstate.done.actor.placeSuggestions', output: [] },
  suggestFailed: { type: 'xstate.error.actor.placeSuggestions', error: apiError(500, 'UNEXPECTED_ERROR') },
  moveSuggestion: { type: 'user.moveSuggestion', delta: 1 },
  closeSuggestions: { type: 'user.closeSuggestions' },
} satisfies Record<string, AnyEventObject | ((...a: never[]) => AnyEventObject)>;
const at = (leaf: string, dialog = 'closed', suggestions = 'idle') => `${leaf}, dialog.${dialog}, suggestions.${suggestions}`;
const found = [ev.search, ev.debounced, ev.results];
const guest = (name: string, events: AnyEventObject[], ends: string): Journey => ({ name, run: 'guestInMenu', events, ends });
const member = (name: string, events: AnyEventObject[], ends: string): Journey => ({ name, run: 'memberStoreQuery', events, ends });
const journeys: Journey[] = [
  guest('nothing asked yet: search or zoom', [], at(`${B}.empty.searchOrZoom`)),
  guest('a blank search does not search', [ev.searchBlank], at(`${B}.empty.searchOrZoom`)),
  guest('search: debounced, then loading', [ev.search, ev.debounced], at(`${B}.loading`)),
  guest('search finds stores', found, at(`${B}.showingResults`)),
  guest('search, confirm an orderable store', [...found, ev.confirm('1-1001')], at('results.confirmed')),
  guest('a guest confirms a store without guest ordering: account required', [...found, ev.confirm('3-1003')], at(`${B}.showingResults`, 'accountRequired')),
  guest('the account-required dialog is dismissed', [...found, ev.confirm('3-1003'), ev.dismiss], at(`${B}.showingResults`)),
  guest('a closed store in the menu is refused with a toast', [...found, ev.confirm('2-1002')], at(`${B}.showingResults`)),
  guest('a NOT_READY store is refused with a toast', [...found, ev.confirm('4-1004')], at(`${B}.showingResults`)),
  guest('an unknown store cannot be confirmed', [...found, ev.confirm('9-1009')], at(`${B}.showingResults`)),
  guest('hover, select from the list and the map', [...found, ev.hover, ev.selectUnknown, ev.select, ev.marker], at(`${B}.showingResults`)),
  guest('choose a place: loading at once', [ev.choose], at(`${B}.loading`)),
  guest('choose a place, stores found', [ev.choose, ev.results], at(`${B}.showingResults`)),
  guest('the store asked for does not exist', [ev.choose, ev.storeNotFound], at(`${B}.empty.notFound`)),
  guest('the place is unknown', [ev.search, ev.debounced, ev.placeNotFound], at(`${B}.empty.placeNameNotFound`)),
  guest('the search fails', [ev.choose, ev.failed], at(`${B}.error`)),
  guest('the search fails, try again', [ev.choose, ev.failed, ev.retry], at(`${B}.loading`)),
  guest('the search fails, try again, found', [ev.choose, ev.failed, ev.retry, ev.results], at(`${B}.showingResults`)),
  guest('no stores: the nearest is asked', [ev.choose, ev.noResults], at(`${B}.noStores.requestingNearest`)),
  guest('no stores: the nearest is found', [ev.choose, ev.noResults, ev.nearest], at(`${B}.noStores.nearestFound`)),
  guest('no stores: show the nearest', [ev.choose, ev.noResults, ev.nearest, ev.showNearest], at(`${B}.loading`)),
  guest('no stores: order at the nearest', [ev.choose, ev.noResults, ev.nearest, ev.confirm('5-1005')], at('results.confirmed')),
  guest('no stores: the nearest is closed without guest ordering: unavailable dialog', [ev.choose, ev.noResults, ev.nearestWallingford, ev.confirm('6-1006')], at(`${B}.noStores.nearestFound`, 'unavailable')),
  guest('the unavailable dialog is dismissed', [ev.choose, ev.noResults, ev.nearestWallingford, ev.confirm('6-1006'), ev.dismiss], at(`${B}.noStores.nearestFound`)),
  guest('no stores anywhere near', [ev.choose, ev.noResults, ev.nearestNone], at(`${B}.noStores.nearestNotFound`)),
  guest('the nearest lookup fails', [ev.choose, ev.noResults, ev.nearestFailed], at(`${B}.noStores.nearestFailed`)),
  guest('locate me: locating', [ev.locate], at(`${B}.locating`)),
  guest('locate me: located, loading', [ev.locate, ev.located], at(`${B}.loading`)),
  guest('locate me: located, 3 nearest stores', [ev.locate, ev.located, ev.results], at(`${B}.showingResults`)),
  guest('locate me: denied', [ev.locate, ev.denied], at(`${B}.empty.geolocation`)),
  guest('locate me after a search clears it', [...found, ev.locate], at(`${B}.locating`)),
  guest('the map moves: debounced search', [ev.moved], at(`${B}.debouncing`)),
  guest('the map moves, searched', [ev.moved, ev.debounced], at(`${B}.loading`)),
  guest('the map moves out too far', [...found, ev.movedOut], at(`${B}.empty.zoomedOut`)),
  guest('zoom in from the start: still zoomed out', [ev.zoomIn], at(`${B}.empty.zoomedOut`)),
  guest('zoom in past the search zoom', [ev.movedTo8, ev.zoomIn], at(`${B}.debouncing`)),
  guest('zoom in to search', [ev.movedTo8, ev.zoomIn, ev.debounced], at(`${B}.loading`)),
  guest('zoom out, still searching', [ev.moved, ev.zoomOut], at(`${B}.debouncing`)),
  guest('zoom out below the search zoom', [ev.movedTo9, ev.zoomOut], at(`${B}.empty.zoomedOut`)),
  guest('filters without a search area do not search', [ev.filters], at(`${B}.empty.searchOrZoom`)),
  guest('filters with a search: searched again', [...found, ev.filters], at(`${B}.loading`)),
  guest('the favourites tab', [ev.tab], at(`${B}.empty.searchOrZoom`)),
  guest('typing: suggestions debounced', [ev.type('sea')], at(`${B}.empty.searchOrZoom`, 'closed', 'debouncing')),
  guest('typing on restarts the debounce', [ev.type('sea'), ev.type('seat')], at(`${B}.empty.searchOrZoom`, 'closed', 'debouncing')),
  guest('typing cleared while debouncing', [ev.type('sea'), ev.type('')], at(`${B}.empty.searchOrZoom`)),
  guest('typing cleared', [ev.type('')], at(`${B}.empty.searchOrZoom`)),
  guest('suggestions fetched', [ev.type('sea'), ev.typed], at(`${B}.empty.searchOrZoom`, 'closed', 'fetching')),
  guest('suggestions shown, moved through, closed', [ev.type('sea'), ev.typed, ev.suggested, ev.moveSuggestion], at(`${B}.empty.searchOrZoom`, 'closed', 'showing')),
  guest('suggestions closed', [ev.type('sea'), ev.typed, ev.suggested, ev.closeSuggestions], at(`${B}.empty.searchOrZoom`)),
  guest('no suggestions', [ev.type('sea'), ev.typed, ev.suggestedNone], at(`${B}.empty.searchOrZoom`)),
  guest('suggestions fail', [ev.type('sea'), ev.typed, ev.suggestFailed], at(`${B}.empty.searchOrZoom`)),
  guest('a search closes the suggestions', [ev.type('sea'), ev.typed, ev.suggested, ev.search], at(`${B}.debouncing`)),
  guest('choosing a suggestion closes them', [ev.type('sea'), ev.typed, ev.suggested, ev.choose], at(`${B}.loading`)),
  guest('locate me closes the suggestions', [ev.type('sea'), ev.typed, ev.suggested, ev.locate], at(`${B}.locating`)),
  // what a step clears or keeps, seen through a later step
  guest('a hover highlights', [...found, ev.hover], at(`${B}.showingResults`)),
  guest('a store selected from the list', [...found, ev.select], at(`${B}.showingResults`)),
  guest('a new search that finds no such store clears the old results', [...found, ev.filters, ev.storeNotFound], at(`${B}.empty.notFound`)),
  guest('a new search that fails clears the old results', [...found, ev.filters, ev.failed], at(`${B}.error`)),
  guest('zoom out after a search: the map centre is searched', [...found, ev.zoomOut, ev.debounced], at(`${B}.loading`)),
  guest('zoom out on the results', [ev.moved, ev.debounced, ev.results, ev.zoomOut], at(`${B}.debouncing`)),
  guest('zoom in too far out after a failed search forgets that search', [ev.choose, ev.failed, ev.zoomIn, ev.filters], at(`${B}.empty.zoomedOut`)),
  guest('zoom out too far after a failed search forgets that search', [ev.choose, ev.failed, ev.zoomOut, ev.filters], at(`${B}.empty.zoomedOut`)),
  guest('the nearest store is closed: refused with a toast', [ev.choose, ev.noResults, ev.nearestCapitolHill, ev.confirm('2-1002')], at(`${B}.noStores.nearestFound`)),
  guest('typing cleared while suggestions show', [ev.type('sea'), ev.typed, ev.suggested, ev.type('')], at(`${B}.empty.searchOrZoom`)),
  guest('typing cleared on the results keeps them', [...found, ev.type('sea'), ev.typed, ev.suggested, ev.type('')], at(`${B}.showingResults`)),
  guest('typing on, then cleared, while suggestions show', [ev.type('sea'), ev.typed, ev.suggested, ev.type('seat'), ev.type('')], at(`${B}.empty.searchOrZoom`)),
  guest('typing on finds nothing more', [ev.type('sea'), ev.typed, ev.suggested, ev.type('seat'), ev.typed, ev.suggestedNone], at(`${B}.empty.searchOrZoom`)),
  guest('typing on, the suggestions fail', [ev.type('sea'), ev.typed, ev.suggested, ev.type('seat'), ev.typed, ev.suggestFailed], at(`${B}.empty.searchOrZoom`)),
  member('the store asked for in the URL is searched at once', [], at(`${B}.loading`)),
  member('the store asked for is found and selected', [ev.results], at(`${B}.showingResults`)),
  member('a member orders at a store without guest ordering', [ev.results, ev.confirm('3-1003')], at('results.confirmed')),
  member('a member outside the menu: a closed store still takes orders ahead', [ev.results, ev.confirm('2-1002')], at('results.confirmed')),
  member('a member: a NOT_READY store is refused', [ev.results, ev.confirm('4-1004')], at(`${B}.showingResults`)),
  member('the store asked for does not exist', [ev.storeNotFound], at(`${B}.empty.notFound`)),
  member('filters: searched again', [ev.results, ev.filters], at(`${B}.loading`)),
];
/** spec 1 section 9: both debounces 200 ms (for journeys, where only one of the two timers runs at a time) */
const journeyDelays = { searchDebounce: 200, autocompleteDebounce: 200 };

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
  journeys,
  journeyDelays,
  arrange(machine) {
    const spy = spyActions(['notify', 'navigate', 'persistSelectedStore', 'syncUrl'] as const);
    const fakes = requestFakes({ fetchLocations: locationsRequest, nearestLocation: nearestRequest, placeSuggestions: placeSuggestionsRequest });
    let wasLoading = false;
    let wasConfirmed = false;
    // the search area the user last asked for (spec 1 section 4: place text, chosen place, position, map centre,
    // the nearest store, the store number in the URL), the centre of the last answer, the text typed
    let area: Record<string, unknown> = {};
    let answeredFrom: { lat: number; lng: number } | null = null;
    let typed = '';
    let features: string[] = [];
    let nearestAt = {};
    let zoom = 0;
    let requests = 0;
    const near = (m: { lat: number; lng: number }) => `${m.lat.toFixed(4)},${m.lng.toFixed(4)}`;
    return {
      machine: machine.provide({
        actors: { ...fakes.actors, geolocate: pending() },
        actions: spy.actions,
      }),
      runs: Object.entries(inputs).map(([name, input]) => ({ name, options: { events, input, serializeState } })),
      sample: (paths) => sampleSteps(paths, 16),
      beforePath: () => {
        wasLoading = false;
        wasConfirmed = false;
        spy.clear();
        area = {};
        answeredFrom = null;
        typed = '';
        features = [];
        nearestAt = {};
        requests = fakes.made.length;
      },
      onStep(s, event, run) {
        // the requests this step started, as the spec asks for them (GET /locations, nearest-location, autocomplete)
        type Point = { latitude: number; longitude: number };
        const e = event as AnyEventObject & { text?: string; features?: string[]; output?: { store?: { coordinates: Point }; coordinates?: Point } };
        const c = s.context;
        if (e.type === 'xstate.init') area = inputs[run]!.query?.storeNumber ? { storeNumber: inputs[run]!.query!.storeNumber } : {};
        else if (e.type === 'user.search' && e.text!.trim()) area = { place: e.text!.trim() };
        else if (e.type === 'user.choosePlace') area = { lat: seattlePlace.latitude, lng: seattlePlace.longitude };
        else if (e.type === 'xstate.done.actor.geolocate') area = { lat: modelPoint.lat, lng: modelPoint.lng };
        else if (e.type === 'map.moved' || e.type === 'user.zoomIn' || e.type === 'user.zoomOut' || e.type === 'user.locateMe')
          area = s.matches({ results: { browsing: 'debouncing' } }) ? { lat: c.map.lat, lng: c.map.lng } : {};
        else if (e.type === 'user.showNearest' && s.hasTag('loading')) area = { ...nearestAt };
        // zoom buttons: one level, within 3..21 (spec 1 section 4)
        if (e.type === 'user.zoomIn' || e.type === 'user.zoomOut') check(c.map.zoom === Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom + (e.type === 'user.zoomIn' ? 1 : -1))), `${e.type}: zoom ${zoom} -> ${c.map.zoom}`);
        zoom = c.map.zoom;
        if (e.type === 'xstate.done.actor.nearestLocation') {
          const at = e.output!.store!.coordinates;
          nearestAt = { lat: at.latitude, lng: at.longitude };
        }
        if (e.type === 'user.applyFilters') features = [...e.features!];
        if (e.type === 'user.typePlace') typed = e.text!;
        if (e.type === 'xstate.done.actor.fetchLocations') answeredFrom = { lat: e.output!.coordinates!.latitude, lng: e.output!.coordinates!.longitude };
        for (const r of fakes.made.slice(requests)) {
          const want =
            r.src === 'fetchLocations'
              ? { ...area, ...('place' in area ? { near: near(c.map) } : {}), features }
              : r.src === 'nearestLocation'
                ? { lat: answeredFrom?.lat, lng: answeredFrom?.lng, features }
                : { q: typed.trim(), near: near(c.map) };
          check(same(r.request, want), `${event.type}: ${r.src} sent ${JSON.stringify(r.request)}, expected ${JSON.stringify(want)}`);
        }
        requests = fakes.made.length;
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
