/**
 * machines/locator-types.ts is mostly types. Its runtime values are two: GEOLOCATION_STORE_LIMIT (spec 1 section 5:
 * with an accurate geolocation only the first 3 stores are used) and LOCATOR_INPUT_DEFAULTS (the server's defaults,
 * server/config.ts). Both are tested, as values and as what the machine does with them. The types are tested by a
 * typed fixture flowing through machines/locator.machine.ts: a `LocatorInput` starts it, `LocatorEvent`s drive it,
 * and the context, map position, nearest store, error, notice and requests it produces have exactly the fields
 * the types declare (the type side by `expectTypeOf`, checked by `tsc`; the runtime side by the key lists).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { loadConfig } from '../../server/config.ts';
import { locationsRequest, locatorMachine, nearestRequest, placeSuggestionsRequest } from '../locator.machine.ts';
import {
  GEOLOCATION_STORE_LIMIT,
  LOCATOR_INPUT_DEFAULTS,
  type LocationsRequest,
  type LocatorContext,
  type LocatorError,
  type LocatorEvent,
  type LocatorInput,
  type LocatorNotice,
  type LocatorTab,
  type MapPosition,
  type NearestRequest,
  type NearestStore,
  type PlaceSuggestionsRequest,
  type SearchArea,
} from '../locator-types.ts';
import { apiError, emptyResults, nearestResult, places, seattleResults } from './locator-fixtures.ts';

const pending = () => fromPromise(() => new Promise<never>(() => {})) as never;
function start(input?: LocatorInput) {
  const notices: Array<{ notice: LocatorNotice }> = [];
  const machine = locatorMachine.provide({
    actors: { fetchLocations: pending(), nearestLocation: pending(), placeSuggestions: pending(), geolocate: pending() },
    actions: { notify: (_, params) => void notices.push(params) },
  });
  const actor = createActor(machine, { input: input as LocatorInput }).start();
  return { actor, notices, send: (e: LocatorEvent | AnyEventObject) => actor.send(e as LocatorEvent), ctx: (): LocatorContext => actor.getSnapshot().context };
}
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const sortedKeys = (o: object) => Object.keys(o).sort();

/** every field of LocatorContext, as declared in machines/locator-types.ts */
const CONTEXT_FIELDS: Array<keyof LocatorContext> = [
  'inMenu', 'signedIn', 'toCart', 'returnPath', 'accuracyThreshold', 'mapDefaults', 'query', 'features', 'searchText', 'placeName', 'placeNotFound',
  'geolocationSearch', 'geolocationAccurate', 'locations', 'selectedStoreNumber', 'highlightedStoreNumber', 'scrollListToSelected', 'nearest', 'map',
  'suggestions', 'activeSuggestion', 'activeTab', 'error', 'confirmedLocation', 'navigateTo',
];
const MAP_FIELDS: Array<keyof MapPosition> = ['lat', 'lng', 'zoom', 'userOverride', 'preventMovement', 'fitBounds'];
const NEAREST_FIELDS: Array<keyof NearestStore> = ['location', 'searchedFrom', 'notFound', 'searched'];
const AREA_FIELDS: Array<keyof SearchArea> = ['place', 'lat', 'lng', 'storeNumber'];

describe('machines/locator-types.ts', () => {
  it('GEOLOCATION_STORE_LIMIT is 3 (spec 1 section 5), and an accurate geolocation keeps that many stores', () => {
    expect(GEOLOCATION_STORE_LIMIT).toBe(3);
    const a = start({ ...LOCATOR_INPUT_DEFAULTS, accuracyThreshold: 100 });
    a.send({ type: 'user.locateMe' });
    a.send(done('geolocate', { lat: 47.6, lng: -122.3, accuracy: 20 }));
    a.send(done('fetchLocations', seattleResults));
    expect(seattleResults.stores.length).toBeGreaterThan(3);
    expect(a.ctx().locations.map((l) => l.store.name)).toEqual(['Pike Place', 'Capitol Hill', 'Fremont']);
  });

  it("LOCATOR_INPUT_DEFAULTS are the server's defaults (server/config.ts), and what the machine starts with when given no input", () => {
    expect(LOCATOR_INPUT_DEFAULTS).toEqual({ inMenu: false, query: {}, mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 }, accuracyThreshold: 1000, signedIn: false, toCart: false, returnPath: null });
    const server = loadConfig({ APP_ENV: 'test' });
    expect([LOCATOR_INPUT_DEFAULTS.mapDefaults, LOCATOR_INPUT_DEFAULTS.accuracyThreshold]).toEqual([server.mapDefaults, server.locator.geolocationAccuracyThreshold]);
    const c = start().ctx();
    expect(c).toMatchObject({ inMenu: false, signedIn: false, toCart: false, returnPath: null, accuracyThreshold: 1000, mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 }, features: [] });
    expect(c.map).toEqual({ lat: 39.5, lng: -98.35, zoom: 4, userOverride: false, preventMovement: false, fitBounds: false });
    // a partial input is completed with the defaults
    expect(start({ inMenu: true } as LocatorInput).ctx()).toMatchObject({ inMenu: true, accuracyThreshold: 1000, mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 } });
  });

  it('the machine takes a LocatorInput and holds a context of exactly the LocatorContext fields', () => {
    expectTypeOf<LocatorInput>().toEqualTypeOf<typeof LOCATOR_INPUT_DEFAULTS>();
    const input: LocatorInput = {
      inMenu: true,
      query: { place: 'Seattle', features: ['DT'] },
      mapDefaults: { lat: 47, lng: -122, zoom: 10 },
      accuracyThreshold: 250,
      signedIn: true,
      toCart: true,
      returnPath: '/menu/previous',
    };
    const a = start(input);
    const c = a.ctx();
    expectTypeOf(c).toEqualTypeOf<LocatorContext>();
    expect(sortedKeys(c)).toEqual([...CONTEXT_FIELDS].sort());
    expect(sortedKeys(c.map)).toEqual([...MAP_FIELDS].sort());
    expect(sortedKeys(c.nearest)).toEqual([...NEAREST_FIELDS].sort());
    expect(sortedKeys(c.query)).toEqual([...AREA_FIELDS].sort());
    expect(c).toMatchObject({ inMenu: true, signedIn: true, toCart: true, returnPath: '/menu/previous', accuracyThreshold: 250, features: ['DT'], query: { place: 'Seattle' }, activeTab: 'nearby' });
  });

  it('LocatorEvents drive it, and the context keeps its shape after results, selection, the nearest store and suggestions', () => {
    const a = start({ ...LOCATOR_INPUT_DEFAULTS, query: { place: 'Seattle' }, signedIn: true });
    const events: LocatorEvent[] = [
      { type: 'user.hoverStore', storeNumber: '3-1003' },
      { type: 'user.selectStore', storeNumber: '5-1005' },
      { type: 'map.markerClicked', storeNumber: '3-1003' },
      { type: 'user.applyFilters', features: ['WF'] },
      { type: 'user.typePlace', text: 'sea' },
    ];
    a.send(done('fetchLocations', seattleResults));
    for (const e of events.slice(0, 3)) a.send(e);
    expect(a.ctx()).toMatchObject({ selectedStoreNumber: '3-1003', highlightedStoreNumber: null, scrollListToSelected: true });
    for (const e of events.slice(3)) a.send(e);
    a.send({ type: 'xstate.after.autocompleteDebounce.locator.suggestions.debouncing' });
    a.send(done('placeSuggestions', places));
    a.send({ type: 'user.moveSuggestion', delta: 1 });
    a.send(done('fetchLocations', emptyResults));
    a.send(done('nearestLocation', nearestResult));
    const c = a.ctx();
    expect(sortedKeys(c)).toEqual([...CONTEXT_FIELDS].sort());
    expect(sortedKeys(c.map)).toEqual([...MAP_FIELDS].sort());
    expect(sortedKeys(c.nearest)).toEqual([...NEAREST_FIELDS].sort());
    expect(c).toMatchObject({ features: ['WF'], suggestions: places, activeSuggestion: 0, nearest: { notFound: false, searched: true, searchedFrom: { lat: 46.2, lng: -119.1 } } });
    expect(sortedKeys(c.nearest.location!)).toEqual(['distance', 'isFavorite', 'isPrevious', 'recommendationReason', 'store']);
    for (const tab of ['previous', 'favorites', 'nearby'] satisfies LocatorTab[]) {
      a.send({ type: 'user.selectTab', tab });
      expect(a.ctx().activeTab).toBe(tab);
    }
  });

  it('a failed search is kept as a LocatorError (status, code, message: no body)', () => {
    const a = start({ ...LOCATOR_INPUT_DEFAULTS, query: { place: 'Seattle' } });
    a.send({ type: 'xstate.error.actor.fetchLocations', error: { ...apiError(503, 'UNEXPECTED_ERROR', 'down'), body: { secret: 1 } }, actorId: 'fetchLocations' });
    const error = a.ctx().error;
    expectTypeOf(error).toEqualTypeOf<LocatorError | null>();
    expect(error).toEqual({ status: 503, code: 'UNEXPECTED_ERROR', message: 'down' });
  });

  it("the notice the route is asked to show is a LocatorNotice ('unavailableStore')", () => {
    const a = start({ ...LOCATOR_INPUT_DEFAULTS, query: { place: 'Seattle' }, signedIn: true, inMenu: true });
    a.send(done('fetchLocations', seattleResults));
    a.send({ type: 'user.confirmStore', storeNumber: '4-1004' });
    expect(a.notices).toEqual([{ notice: 'unavailableStore' }]);
  });

  it('the request mappers produce LocationsRequest, NearestRequest and PlaceSuggestionsRequest values', () => {
    const a = start({ ...LOCATOR_INPUT_DEFAULTS, query: { place: ' Seattle ', storeNumber: '3', features: ['CX'] } });
    const locations = locationsRequest({ context: a.ctx() });
    expectTypeOf(locations).toEqualTypeOf<LocationsRequest>();
    expect(locations).toEqual({ place: 'Seattle', near: '39.5000,-98.3500', storeNumber: '3', features: ['CX'] });
    const nearest = nearestRequest({ context: a.ctx() });
    expectTypeOf(nearest).toEqualTypeOf<NearestRequest>();
    expect(nearest).toEqual({ lat: 39.5, lng: -98.35, features: ['CX'] });
    const suggestions = placeSuggestionsRequest({ context: { ...a.ctx(), searchText: ' sea ' } });
    expectTypeOf(suggestions).toEqualTypeOf<PlaceSuggestionsRequest>();
    expect(suggestions).toEqual({ q: 'sea', near: '39.5000,-98.3500' });
  });
});
