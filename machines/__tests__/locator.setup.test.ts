/**
 * machines/locator.setup.ts is not a statechart: the locator's `setup(...)` (named guards, actions, delays, actor
 * stubs) and `NO_SEARCH`. The guards are called directly (they are the machine's implementations); the actions run
 * through the machine built from this setup (machines/locator.machine.ts) with pending actors and the actors'
 * done/error events sent by hand, as the model tests do. Spec 1 sections 4, 5, 6 and 9.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import type { LocationResult, LocationsResponse } from '../../contracts/locations.ts';
import { locatorMachine, type LocatorContext, type LocatorInput } from '../locator.machine.ts';
import { NO_SEARCH } from '../locator.setup.ts';
import { apiError, capitolHill, emptyResults, fremont, nearestResult, pikePlace, places, seattleResults, summaryOf, wallingford } from './locator-fixtures.ts';
import { LOCATOR_INPUT_DEFAULTS } from '../locator-types.ts';

const pending = () => fromPromise(() => new Promise<never>(() => {})) as never;
function start(input?: Partial<LocatorInput>) {
  const notices: unknown[] = [];
  const navigations: number[] = [];
  const machine = locatorMachine.provide({
    actors: { fetchLocations: pending(), nearestLocation: pending(), placeSuggestions: pending(), geolocate: pending() },
    actions: { notify: (_, params) => void notices.push(params), navigate: () => void navigations.push(1) },
  });
  const actor = createActor(machine, { input: (input ? { ...LOCATOR_INPUT_DEFAULTS, ...input } : undefined) as LocatorInput }).start();
  const send = (event: AnyEventObject) => actor.send(event as never);
  return { actor, send, ctx: () => actor.getSnapshot().context, value: () => actor.getSnapshot().value as { results: unknown; dialog: unknown; suggestions: unknown }, notices, navigations };
}
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error, actorId: id });
const at = (l: LocationResult, distance: number): LocationResult => ({ ...l, distance });
const results = (stores: LocationResult[], extra: Partial<LocationsResponse> = {}): LocationsResponse => ({ ...seattleResults, stores, ...extra });

type Guard = (args: { context: LocatorContext; event: AnyEventObject }, params?: unknown) => boolean;
const guards = locatorMachine.implementations.guards as unknown as Record<string, Guard>;
const baseContext = () => start().ctx();
const guard = (name: string, event: AnyEventObject, context: Partial<LocatorContext> = {}) => guards[name]!({ context: { ...baseContext(), ...context }, event });

describe('machines/locator.setup.ts', () => {
  it('NO_SEARCH is the search before any search', () => {
    expect(NO_SEARCH).toEqual({
      query: { place: null, lat: null, lng: null, storeNumber: null },
      searchText: '',
      placeName: null,
      placeNotFound: false,
      geolocationSearch: false,
      geolocationAccurate: false,
      locations: [],
      selectedStoreNumber: null,
      highlightedStoreNumber: null,
      nearest: { location: null, searchedFrom: null, notFound: false, searched: false },
      error: null,
    });
  });

  it('has the 200 ms search and autocomplete debounces (spec 1 section 9)', () => {
    expect(locatorMachine.implementations.delays).toMatchObject({ searchDebounce: 200, autocompleteDebounce: 200 });
  });

  describe('guards', () => {
    const showing = { locations: seattleResults.stores };
    const nearestOnly = { locations: [], nearest: { location: { store: summaryOf(wallingford), distance: 3, isFavorite: false, isPrevious: false, recommendationReason: 'NEARBY' as const }, searchedFrom: null, notFound: false, searched: true } };
    it.each<[string, AnyEventObject, Partial<LocatorContext>, boolean]>([
      // search ignores empty text (spec 1 section 5)
      ['hasText', { type: 'user.search', text: 'Seattle' }, {}, true],
      ['hasText', { type: 'user.search', text: '  ' }, {}, false],
      ['hasText', { type: 'user.search', text: '' }, {}, false],
      ['hasText', { type: 'user.typePlace', text: ' s ' }, {}, true],
      ['hasText', { type: 'user.typePlace', text: '\t' }, {}, false],
      ['hasSearchArea', { type: 'user.applyFilters', features: [] }, { query: { place: 'Seattle', lat: null, lng: null, storeNumber: null } }, true],
      ['hasSearchArea', { type: 'user.applyFilters', features: [] }, { query: { place: null, lat: null, lng: null, storeNumber: null } }, false],
      // store results with a distance over 50 are dropped (spec 1 section 5)
      ['hasStores', done('fetchLocations', results([at(seattleResults.stores[0]!, 50)])), {}, true],
      ['hasStores', done('fetchLocations', results([at(seattleResults.stores[0]!, 50.1)])), {}, false],
      ['hasStores', done('fetchLocations', emptyResults), {}, false],
      ['isStoreNotFound', fail('fetchLocations', apiError(404, 'STORE_NOT_FOUND')), {}, true],
      ['isStoreNotFound', fail('fetchLocations', apiError(404, 'PLACE_NOT_FOUND')), {}, false],
      ['isStoreNotFound', fail('fetchLocations', apiError(400, 'STORE_NOT_FOUND')), {}, false],
      ['isPlaceNotFound', fail('fetchLocations', apiError(404, 'PLACE_NOT_FOUND')), {}, true],
      ['isPlaceNotFound', fail('fetchLocations', apiError(404, 'STORE_NOT_FOUND')), {}, false],
      ['isPlaceNotFound', fail('fetchLocations', apiError(410, 'PLACE_NOT_FOUND')), {}, false],
      // 404 on nearest-location: the not-found state (spec 1 section 8)
      ['isNoStoresFound', fail('nearestLocation', apiError(404, 'NO_STORES_FOUND')), {}, true],
      ['isNoStoresFound', fail('nearestLocation', apiError(404, 'ANYTHING')), {}, true],
      ['isNoStoresFound', fail('nearestLocation', apiError(500, 'UNEXPECTED_ERROR')), {}, false],
      ['isNoStoresFound', fail('nearestLocation', new Error('offline')), {}, false],
      // a map move below zoom 9 does not search
      ['movedBelowSearchZoom', { type: 'map.moved', lat: 47, lng: -122, zoom: 8.99 }, {}, true],
      ['movedBelowSearchZoom', { type: 'map.moved', lat: 47, lng: -122, zoom: 9 }, {}, false],
      ['zoomInBelowSearchZoom', { type: 'user.zoomIn' }, { map: { lat: 0, lng: 0, zoom: 7.5, userOverride: false, preventMovement: false, fitBounds: false } }, true],
      ['zoomInBelowSearchZoom', { type: 'user.zoomIn' }, { map: { lat: 0, lng: 0, zoom: 8, userOverride: false, preventMovement: false, fitBounds: false } }, false],
      ['zoomOutBelowSearchZoom', { type: 'user.zoomOut' }, { map: { lat: 0, lng: 0, zoom: 10, userOverride: false, preventMovement: false, fitBounds: false } }, false],
      ['zoomOutBelowSearchZoom', { type: 'user.zoomOut' }, { map: { lat: 0, lng: 0, zoom: 9.5, userOverride: false, preventMovement: false, fitBounds: false } }, true],
      // zoom out at the least zoom stays at 3, below the search zoom
      ['zoomOutBelowSearchZoom', { type: 'user.zoomOut' }, { map: { lat: 0, lng: 0, zoom: 3, userOverride: false, preventMovement: false, fitBounds: false } }, true],
      // zoom in at the highest zoom stays at 21
      ['zoomInBelowSearchZoom', { type: 'user.zoomIn' }, { map: { lat: 0, lng: 0, zoom: 21, userOverride: false, preventMovement: false, fitBounds: false } }, false],
      ['hasSuggestions', done('placeSuggestions', places), {}, true],
      ['hasSuggestions', done('placeSuggestions', []), {}, false],
      ['isKnownStore', { type: 'user.selectStore', storeNumber: '3' }, showing, true],
      ['isKnownStore', { type: 'map.markerClicked', storeNumber: '3-1003' }, showing, true],
      ['isKnownStore', { type: 'user.selectStore', storeNumber: '99' }, showing, false],
      ['isKnownStore', { type: 'user.selectStore', storeNumber: '' }, showing, false],
      ['isKnownStore', { type: 'user.confirmStore', storeNumber: '6' }, nearestOnly, true],
      // unavailable: NOT_READY / UNAVAILABLE anywhere; in the menu also closed (spec 1 sections 4, 5)
      ['storeUnavailable', { type: 'user.confirmStore', storeNumber: '4' }, { ...showing, inMenu: false }, true],
      ['storeUnavailable', { type: 'user.confirmStore', storeNumber: '4' }, { ...showing, inMenu: true }, true],
      ['storeUnavailable', { type: 'user.confirmStore', storeNumber: '2' }, { ...showing, inMenu: true }, true],
      ['storeUnavailable', { type: 'user.confirmStore', storeNumber: '2' }, { ...showing, inMenu: false }, false],
      ['storeUnavailable', { type: 'user.confirmStore', storeNumber: '1' }, { ...showing, inMenu: true }, false],
      ['storeUnavailable', { type: 'user.confirmStore', storeNumber: '99' }, { ...showing, inMenu: true }, false],
      // the account-required dialog only for an open, READY store (spec 1 section 6)
      ['isOpenAndReady', { type: 'store.guestOrderingUnavailable', storeNumber: '3' }, showing, true],
      ['isOpenAndReady', { type: 'store.guestOrderingUnavailable', storeNumber: '6' }, nearestOnly, false],
      ['isOpenAndReady', { type: 'store.guestOrderingUnavailable', storeNumber: '4' }, showing, false],
      ['isOpenAndReady', { type: 'store.guestOrderingUnavailable', storeNumber: '99' }, showing, false],
      // a guest may order only where the store has guest ordering (spec 1 section 6)
      ['guestCannotOrder', { type: 'user.confirmStore', storeNumber: '3' }, { ...showing, signedIn: false }, true],
      ['guestCannotOrder', { type: 'user.confirmStore', storeNumber: '3' }, { ...showing, signedIn: true }, false],
      ['guestCannotOrder', { type: 'user.confirmStore', storeNumber: '1' }, { ...showing, signedIn: false }, false],
      ['guestCannotOrder', { type: 'user.confirmStore', storeNumber: '6' }, { ...nearestOnly, signedIn: false }, true],
      ['guestCannotOrder', { type: 'user.confirmStore', storeNumber: '99' }, { ...showing, signedIn: false }, false],
    ])('%s on %j → %s', (name, event, context, expected) => {
      expect(guard(name, event, context)).toBe(expected);
    });

    // a guard written for one event (assertEvent) throws on any other: a wiring mistake is a bug, not a silent false
    it.each<[string, AnyEventObject, Partial<LocatorContext>]>([
      ['movedBelowSearchZoom', { type: 'user.zoomIn' }, {}],
      ['storeUnavailable', { type: 'user.selectStore', storeNumber: '4' }, { ...showing, inMenu: true }],
      ['isOpenAndReady', { type: 'user.confirmStore', storeNumber: '3' }, showing],
      ['guestCannotOrder', { type: 'user.selectStore', storeNumber: '3' }, { ...showing, signedIn: false }],
      ['hasText', { type: 'user.retry' }, {}],
      ['isKnownStore', { type: 'user.retry' }, showing],
      ['hasStores', { type: 'xstate.done.actor.nearestLocation', output: { stores: [] } }, {}],
      ['isStoreNotFound', { type: 'xstate.error.actor.nearestLocation', error: {} }, {}],
      ['isNoStoresFound', { type: 'xstate.error.actor.fetchLocations', error: {} }, {}],
      ['hasSuggestions', { type: 'xstate.done.actor.fetchLocations', output: [] }, {}],
    ])('%s on %j throws', (name, event, context) => {
      expect(() => guard(name, event, context)).toThrow(/Expected event/);
    });
  });

  describe('actions, through the locator machine', () => {
    it('applyInput: the trimmed place, coordinates only as a pair, the map at the defaults with a clamped zoom', () => {
      const a = start({ query: { place: '  Seattle ', lat: 47.6, features: ['DT'] }, mapDefaults: { lat: 40, lng: -100, zoom: 1 }, inMenu: true, signedIn: true, toCart: true, returnPath: '/menu/cart' });
      expect(a.ctx()).toMatchObject({
        inMenu: true,
        signedIn: true,
        toCart: true,
        returnPath: '/menu/cart',
        query: { place: 'Seattle', lat: null, lng: null, storeNumber: null },
        features: ['DT'],
        searchText: 'Seattle',
        map: { lat: 40, lng: -100, zoom: 3, userOverride: false, preventMovement: false, fitBounds: false },
      });
      expect(a.value().results).toEqual({ browsing: 'loading' });
      const b = start({ query: { lat: 47.6, lng: -122.3, storeNumber: '' } });
      expect(b.ctx()).toMatchObject({ query: { place: null, lat: 47.6, lng: -122.3, storeNumber: null }, features: [], searchText: '', map: { lat: 47.6, lng: -122.3, zoom: 4 } });
      // no input: the server's defaults, nothing to search
      const c = start();
      expect(c.ctx()).toMatchObject({ inMenu: false, signedIn: false, accuracyThreshold: 1000, mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 }, map: { lat: 39.5, lng: -98.35, zoom: 4 } });
      expect(c.value().results).toEqual({ browsing: { empty: 'searchOrZoom' } });
    });

    it('assignResults: stores within 50 only, the first selected, the map fitted to them', () => {
      const a = start({ query: { place: 'Seattle' } });
      a.send(done('fetchLocations', results([at(seattleResults.stores[1]!, 50.01), at(seattleResults.stores[0]!, 50), seattleResults.stores[2]!])));
      const c = a.ctx();
      expect(a.value().results).toEqual({ browsing: 'showingResults' });
      expect([c.locations.map((l) => l.store.storeNumber), c.selectedStoreNumber, c.placeName, c.error]).toEqual([['1-1001', '3-1003'], '1-1001', 'Seattle, WA, US', null]);
      expect(c.map).toMatchObject({ lat: 47.6062, lng: -122.3321, userOverride: false, fitBounds: true });
      expect(c.map.zoom).toBeGreaterThan(9);
      expect(c.map.zoom).toBeLessThanOrEqual(15);
    });

    it('assignResults: a store asked for by number is selected and centred at zoom 14', () => {
      const a = start({ query: { storeNumber: '3' }, signedIn: true });
      a.send(done('fetchLocations', seattleResults));
      expect([a.ctx().selectedStoreNumber, a.ctx().map]).toEqual(['3-1003', { lat: fremont.coordinates.latitude, lng: fremont.coordinates.longitude, zoom: 14, userOverride: false, preventMovement: false, fitBounds: false }]);
    });

    it('assignResults: a map the user moved stays where it is', () => {
      const a = start();
      a.send({ type: 'map.moved', lat: 47.61, lng: -122.33, zoom: 12 });
      a.send({ type: 'xstate.after.searchDebounce.locator.results.browsing.debouncing' });
      expect(a.value().results).toEqual({ browsing: 'loading' });
      a.send(done('fetchLocations', seattleResults));
      expect(a.ctx().map).toEqual({ lat: 47.61, lng: -122.33, zoom: 12, userOverride: true, preventMovement: false, fitBounds: false });
    });

    it('setGeolocationQuery: only the first 3 stores when the fix is within the accuracy threshold (spec 1 section 5)', () => {
      for (const [accuracy, count] of [
        [999, 3],
        [1000, 3],
        [1001, 5],
      ] as const) {
        const a = start({ query: { place: 'Portland' }, accuracyThreshold: 1000 });
        a.send({ type: 'user.locateMe' });
        expect(a.ctx().query.place).toBeNull(); // a user-initiated geolocation clears the previous search
        a.send(done('geolocate', { lat: 47.6, lng: -122.3, accuracy }));
        expect(a.ctx()).toMatchObject({ query: { place: null, lat: 47.6, lng: -122.3, storeNumber: null }, geolocationSearch: true, geolocationAccurate: count === 3 });
        a.send(done('fetchLocations', seattleResults));
        expect(a.ctx().locations, `accuracy ${accuracy}`).toHaveLength(count);
      }
    });

    it('assignNoStores, assignNearest: nothing within 50 asks the nearest store from where the search was centred', () => {
      const a = start({ query: { place: 'Nowhere' } });
      a.send(done('fetchLocations', results([at(seattleResults.stores[0]!, 51)], { coordinates: { latitude: 46.2, longitude: -119.1 }, placeName: 'Nowhere, WA, US' })));
      expect(a.value().results).toEqual({ browsing: { noStores: 'requestingNearest' } });
      expect(a.ctx()).toMatchObject({ locations: [], selectedStoreNumber: null, placeName: 'Nowhere, WA, US', nearest: { searchedFrom: { lat: 46.2, lng: -119.1 }, searched: false }, map: { lat: 46.2, lng: -119.1, fitBounds: false } });
      a.send(done('nearestLocation', nearestResult));
      expect(a.ctx().nearest).toMatchObject({ location: { store: { storeNumber: '5-1005' }, distance: 112.4, recommendationReason: 'NEARBY' }, notFound: false, searched: true });
      a.send({ type: 'user.showNearest' });
      expect(a.ctx().query).toEqual({ place: null, lat: 47.6374, lng: -122.3569, storeNumber: null });
    });

    it('assignNearestNotFound / assignNearestFailed: a 404 is not-found, anything else only searched', () => {
      for (const [error, state, notFound] of [
        [apiError(404, 'NO_STORES_FOUND'), 'nearestNotFound', true],
        [apiError(500, 'UNEXPECTED_ERROR'), 'nearestFailed', false],
      ] as const) {
        const a = start({ query: { place: 'Nowhere' } });
        a.send(done('fetchLocations', emptyResults));
        a.send(fail('nearestLocation', error));
        expect(a.value().results).toEqual({ browsing: { noStores: state } });
        expect(a.ctx().nearest).toMatchObject({ location: null, notFound, searched: true });
      }
    });

    it('assignPlaceNotFound, clearLocations, assignError: the failures of a search', () => {
      const place = start({ query: { place: 'Atlantis' } });
      place.send(fail('fetchLocations', apiError(404, 'PLACE_NOT_FOUND')));
      expect(place.value().results).toEqual({ browsing: { empty: 'placeNameNotFound' } });
      expect(place.ctx()).toMatchObject({ placeNotFound: true, placeName: null, locations: [], error: null });
      const store = start({ query: { storeNumber: '999' } });
      store.send(fail('fetchLocations', apiError(404, 'STORE_NOT_FOUND')));
      expect(store.value().results).toEqual({ browsing: { empty: 'notFound' } });
      const down = start({ query: { place: 'Seattle' } });
      down.send(fail('fetchLocations', { status: 503, code: 'UNEXPECTED_ERROR', message: 'Service unavailable', body: { detail: 'x' } }));
      expect(down.value().results).toEqual({ browsing: 'error' });
      expect(down.ctx().error).toEqual({ status: 503, code: 'UNEXPECTED_ERROR', message: 'Service unavailable' });
      down.send({ type: 'user.retry' });
      expect([down.value().results, down.ctx().error]).toEqual([{ browsing: 'loading' }, null]);
    });

    it('zoomIn, zoomOut, setMapFromMove, clearResults: zoom stays within 3..21; below 9 the results are cleared', () => {
      const a = start({ query: { place: 'Seattle' } });
      a.send(done('fetchLocations', seattleResults));
      a.send({ type: 'map.moved', lat: 47, lng: -122, zoom: 8 });
      expect(a.value().results).toEqual({ browsing: { empty: 'zoomedOut' } });
      expect(a.ctx()).toMatchObject({ locations: [], selectedStoreNumber: null, query: { place: null, lat: null, lng: null, storeNumber: null }, map: { lat: 47, lng: -122, zoom: 8, userOverride: true } });
      a.send({ type: 'user.zoomIn' });
      expect([a.value().results, a.ctx().map.zoom, a.ctx().query]).toEqual([{ browsing: 'debouncing' }, 9, { place: null, lat: 47, lng: -122, storeNumber: null }]);
      a.send({ type: 'map.moved', lat: 47, lng: -122, zoom: 30 });
      a.send({ type: 'user.zoomIn' });
      expect(a.ctx().map.zoom).toBe(21);
      a.send({ type: 'map.moved', lat: 47, lng: -122, zoom: 1 });
      expect(a.ctx().map.zoom).toBe(3);
      a.send({ type: 'user.zoomOut' });
      expect([a.value().results, a.ctx().map.zoom]).toEqual([{ browsing: { empty: 'zoomedOut' } }, 3]);
    });

    it('highlightStore, selectFromList, selectFromMap: hover never highlights the selected store; the map selection scrolls the list', () => {
      const a = start({ query: { place: 'Seattle' } });
      a.send(done('fetchLocations', seattleResults));
      expect(a.ctx().selectedStoreNumber).toBe('1-1001');
      a.send({ type: 'user.hoverStore', storeNumber: '1' });
      expect(a.ctx().highlightedStoreNumber).toBeNull();
      a.send({ type: 'user.hoverStore', storeNumber: '3-1003' });
      expect(a.ctx().highlightedStoreNumber).toBe('3-1003');
      a.send({ type: 'user.hoverStore', storeNumber: null });
      expect(a.ctx().highlightedStoreNumber).toBeNull();
      a.send({ type: 'user.hoverStore', storeNumber: '3-1003' });
      a.send({ type: 'user.selectStore', storeNumber: '2' });
      expect(a.ctx()).toMatchObject({ selectedStoreNumber: '2-1002', highlightedStoreNumber: null, scrollListToSelected: false, map: { lat: capitolHill.coordinates.latitude, lng: capitolHill.coordinates.longitude, preventMovement: false, fitBounds: false } });
      const centre = a.ctx().map;
      a.send({ type: 'map.markerClicked', storeNumber: '3' });
      expect(a.ctx()).toMatchObject({ selectedStoreNumber: '3-1003', scrollListToSelected: true, map: { lat: centre.lat, lng: centre.lng, preventMovement: true } });
      // an unknown store changes nothing
      a.send({ type: 'user.selectStore', storeNumber: '99' });
      expect(a.ctx().selectedStoreNumber).toBe('3-1003');
    });

    it('assignConfirmation, notify, explainGuestOrdering: confirming a store, or why not', () => {
      const member = start({ query: { place: 'Seattle' }, signedIn: true, inMenu: true, toCart: true });
      member.send(done('fetchLocations', seattleResults));
      member.send({ type: 'user.confirmStore', storeNumber: '2' }); // closed, in the menu
      expect([member.notices, member.value().results]).toEqual([[{ notice: 'unavailableStore' }], { browsing: 'showingResults' }]);
      member.send({ type: 'user.confirmStore', storeNumber: '3' });
      expect(member.value().results).toBe('confirmed');
      expect([member.ctx().confirmedLocation?.store.name, member.ctx().navigateTo, member.navigations.length]).toEqual(['Fremont', '/menu/cart', 1]);

      const guest = start({ query: { place: 'Seattle' }, signedIn: false, inMenu: true });
      guest.send(done('fetchLocations', seattleResults));
      guest.send({ type: 'user.confirmStore', storeNumber: '3' }); // open, READY, members only
      expect([guest.value().dialog, guest.value().results, guest.notices]).toEqual(['accountRequired', { browsing: 'showingResults' }, []]);
      guest.send({ type: 'user.dismissDialog' });
      guest.send({ type: 'user.confirmStore', storeNumber: '1' });
      expect([guest.value().dialog, guest.value().results, guest.ctx().navigateTo, guest.ctx().confirmedLocation?.store.storeNumber]).toEqual(['closed', 'confirmed', '/menu', pikePlace.storeNumber]);
    });

    it('setSearchText, setSuggestions, moveSuggestion, clearSuggestions: arrow keys wrap around the list', () => {
      const a = start();
      a.send({ type: 'user.typePlace', text: 'sea' });
      expect([a.ctx().searchText, a.value().suggestions]).toEqual(['sea', 'debouncing']);
      a.send({ type: 'xstate.after.autocompleteDebounce.locator.suggestions.debouncing' });
      a.send(done('placeSuggestions', places));
      expect([a.value().suggestions, a.ctx().suggestions, a.ctx().activeSuggestion]).toEqual(['showing', places, -1]);
      const moves: number[] = [];
      for (const delta of [1, 1, 1, -1, -1] as const) {
        a.send({ type: 'user.moveSuggestion', delta });
        moves.push(a.ctx().activeSuggestion);
      }
      expect(moves).toEqual([0, 1, 0, 1, 0]);
      a.send({ type: 'user.closeSuggestions' });
      expect([a.value().suggestions, a.ctx().suggestions, a.ctx().activeSuggestion]).toEqual(['idle', [], -1]);
      // from no highlighted suggestion, up goes to the last one
      a.send({ type: 'user.typePlace', text: 'sea' });
      a.send({ type: 'xstate.after.autocompleteDebounce.locator.suggestions.debouncing' });
      a.send(done('placeSuggestions', places));
      a.send({ type: 'user.moveSuggestion', delta: -1 });
      expect(a.ctx().activeSuggestion).toBe(1);
    });

    it('setFeatures, setTab, clearSearch: filters with a search area search again; locate me clears the search', () => {
      const a = start({ query: { place: 'Seattle' } });
      a.send(done('fetchLocations', seattleResults));
      a.send({ type: 'user.applyFilters', features: ['DT'] });
      expect([a.ctx().features, a.value().results]).toEqual([['DT'], { browsing: 'loading' }]);
      a.send({ type: 'user.selectTab', tab: 'favorites' });
      expect(a.ctx().activeTab).toBe('favorites');
      a.send({ type: 'user.locateMe' });
      expect(a.ctx()).toMatchObject({ ...NO_SEARCH, features: ['DT'] });
      const b = start();
      b.send({ type: 'user.applyFilters', features: ['WF'] });
      expect([b.ctx().features, b.value().results]).toEqual([['WF'], { browsing: { empty: 'searchOrZoom' } }]);
    });

    it('setPlaceQuery, setChosenPlaceQuery: a typed search is a place; a chosen suggestion is its coordinates', () => {
      const a = start();
      a.send({ type: 'user.search', text: '  Seattle  ' });
      expect(a.ctx()).toMatchObject({ query: { place: 'Seattle', lat: null, lng: null, storeNumber: null }, searchText: '  Seattle  ', placeName: null });
      a.send({ type: 'user.choosePlace', place: places[1]! });
      expect(a.ctx()).toMatchObject({ query: { place: null, lat: 47.4435, lng: -122.2961, storeNumber: null }, searchText: 'SeaTac, WA, US', placeName: 'SeaTac, WA, US' });
      expect(a.value().results).toEqual({ browsing: 'loading' });
    });
  });
});
