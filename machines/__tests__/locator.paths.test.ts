import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { locatorMachine, chooseSelectedStore, confirmTarget, locationsRequest, fitZoom, type LocatorInput } from '../locator.machine.ts';
import { seattleResults, closedFirstResults, emptyResults } from './locator-fixtures.ts';
import { describeFlow } from './flow.ts';
import { locatorFlow, baseInput } from './locator.expect.ts';

describeFlow(locatorFlow);

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
    expect(locationsRequest({ context: actor.getSnapshot().context })).toMatchObject({ place: 'Seattle', features: [] });
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
