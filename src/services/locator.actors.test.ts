import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { locatorMachine } from '../../machines/locator.machine.ts';
import { favoriteStoreMachine } from '../../machines/favorite-store.machine.ts';
import { seattleResults } from '../../machines/__tests__/locator-fixtures.ts';
import { GeolocationUnavailable, currentPosition, locatorActors, saveFavorite } from './locator.actors.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.restoreAllMocks());

const input = { inMenu: false, query: { place: 'Seattle', features: ['DT', 'WF'] }, mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 }, accuracyThreshold: 1000, signedIn: true, toCart: false, returnPath: null };

describe('locator actors over the API', () => {
  it('GET /locations with the query, the map centre (near, for the geocoder) and features from the machine context, parsed with the contract', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(seattleResults));
    const actor = createActor(locatorMachine.provide({ actors: locatorActors }), { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ results: { browsing: 'showingResults' } })).toBe(true));
    expect(String(fetch.mock.calls[0]![0])).toBe('/apiproxy/v1/locations?place=Seattle&near=39.5000%2C-98.3500&features=DT%2CWF');
    expect(actor.getSnapshot().context.locations).toHaveLength(5);
    actor.stop();
  });

  it('a 404 STORE_NOT_FOUND reaches the notFound empty state; a 500 the generic error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ code: 'STORE_NOT_FOUND', message: "Whoops! We couldn't find that store." }, 404));
    const a = createActor(locatorMachine.provide({ actors: locatorActors }), { input: { ...input, query: { storeNumber: '999' } } }).start();
    await vi.waitFor(() => expect(a.getSnapshot().matches({ results: { browsing: { empty: 'notFound' } } })).toBe(true));
    a.stop();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('oops', { status: 502 }));
    const b = createActor(locatorMachine.provide({ actors: locatorActors }), { input }).start();
    await vi.waitFor(() => expect(b.getSnapshot().matches({ results: { browsing: 'error' } })).toBe(true));
    expect(b.getSnapshot().context.error).toMatchObject({ status: 502 });
    b.stop();
  });

  it('favorites: POST to add, DELETE to remove, with the short store number', async () => {
    document.cookie = 'csrf=token123';
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ storeNumber: '3', isFavorite: true }))
      .mockResolvedValueOnce(json({ storeNumber: '1', isFavorite: false }));
    const actor = createActor(favoriteStoreMachine.provide({ actors: { saveFavorite } }), { input: { signedIn: true } }).start();
    actor.send({ type: 'user.toggleFavorite', storeNumber: '3-1003', isFavorite: false });
    actor.send({ type: 'user.toggleFavorite', storeNumber: '1-1001', isFavorite: true });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(fetch.mock.calls.map(([url, init]) => [String(url), init?.method, init?.body])).toEqual([
      ['/apiproxy/v1/stores/favorites', 'POST', JSON.stringify({ storeNumber: '3' })],
      ['/apiproxy/v1/stores/favorites/1', 'DELETE', undefined],
    ]);
    expect(actor.getSnapshot().context.overrides).toEqual({ '3': true, '1': false });
    actor.stop();
  });
});

describe('geolocation', () => {
  const geo = (impl: Geolocation['getCurrentPosition']) => ({ getCurrentPosition: impl }) as unknown as Geolocation;

  it('resolves the position with its accuracy', async () => {
    const fix = await currentPosition(geo((ok) => ok({ coords: { latitude: 47.6, longitude: -122.3, accuracy: 30 } } as GeolocationPosition)));
    expect(fix).toEqual({ lat: 47.6, lng: -122.3, accuracy: 30 });
  });

  it('rejects when unsupported or denied', async () => {
    await expect(currentPosition(undefined)).rejects.toBeInstanceOf(GeolocationUnavailable);
    await expect(currentPosition(geo((_, fail) => fail!({ code: 1, message: 'denied' } as GeolocationPositionError)))).rejects.toMatchObject({ reason: 'denied' });
  });

  it('a denied geolocation gives the geolocation empty state', async () => {
    const actor = createActor(
      locatorMachine.provide({ actors: { ...locatorActors, geolocate: fromPromise(() => currentPosition(geo((_, fail) => fail!({ code: 1, message: 'denied' } as GeolocationPositionError)))) } }),
      { input: { ...input, query: {} } },
    ).start();
    actor.send({ type: 'user.locateMe' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ results: { browsing: { empty: 'geolocation' } } })).toBe(true));
    actor.stop();
  });
});
