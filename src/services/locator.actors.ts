/**
 * The real actors the locator machines are provided with (docs/architecture.md#layers-and-actors): REST calls through
 * src/services/api.ts validated with the contracts' schemas, the browser's geolocation, and place
 * autocomplete. Each receives its request as `input`, built by the invoking state's named input mapper
 * (docs/machines.md).
 */
import { fromPromise } from 'xstate';
import { FavoriteStoreResponse, LocationsResponse, NearestLocationResponse, PlacesResponse, StoreResponse, type Place, type Store } from '../../contracts/locations.ts';
import type { GeolocationFix, LocationsRequest, NearestRequest, PlaceSuggestionsRequest } from '../../machines/locator.machine.ts';
import type { FavoriteToggle, SaveFavoriteResult } from '../../machines/favorite-store.machine.ts';
import { api } from './api.ts';

/** GET /apiproxy/v1/locations?place=&lat=&lng=&storeNumber=&features= */
export const fetchLocations = fromPromise<LocationsResponse, LocationsRequest>(({ input: req, signal }) => {
  return api.get('/locations', {
    // near: the map centre, so a place search prefers the nearer of same-named places
    query: { place: req.place, near: req.near, lat: req.lat, lng: req.lng, storeNumber: req.storeNumber, features: req.features.join(',') },
    schema: LocationsResponse,
    signal,
  });
});

/** GET /apiproxy/v1/stores/:storeNumber: the whole store for the details overlay (the list carries a summary) */
export const fetchStoreDetails = fromPromise<Store, { storeNumber: string }>(async ({ input: { storeNumber }, signal }) => {
  const res = await api.get(`/stores/${encodeURIComponent(storeNumber)}`, { schema: StoreResponse, signal });
  return res.store;
});

/** POST /apiproxy/v1/locations/nearest-location (404 when there is none) */
export const nearestLocation = fromPromise<NearestLocationResponse, NearestRequest>(({ input, signal }) =>
  api.post('/locations/nearest-location', input, { schema: NearestLocationResponse, signal }),
);

/** GET /apiproxy/v1/places/autocomplete?q=&near= */
export const placeSuggestions = fromPromise<Place[], PlaceSuggestionsRequest>(async ({ input: { q, near }, signal }) => {
  const res = await api.get('/places/autocomplete', { query: { q, limit: 6, near }, schema: PlacesResponse, signal });
  return res.places;
});

export class GeolocationUnavailable extends Error {
  constructor(
    readonly reason: 'unsupported' | 'denied' | 'unavailable' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'GeolocationUnavailable';
  }
}

/** The browser's position; rejects when unsupported, denied, unavailable or too slow. */
export function currentPosition(geo: Geolocation | undefined = typeof navigator !== 'undefined' ? navigator.geolocation : undefined): Promise<GeolocationFix> {
  return new Promise((resolve, reject) => {
    if (!geo) return reject(new GeolocationUnavailable('unsupported', 'Geolocation is not supported'));
    geo.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy }),
      (e) => reject(new GeolocationUnavailable(e.code === 1 ? 'denied' : e.code === 3 ? 'timeout' : 'unavailable', e.message)),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

export const geolocate = fromPromise<GeolocationFix>(() => currentPosition());

/** POST /apiproxy/v1/stores/favorites or DELETE /apiproxy/v1/stores/favorites/{storeNumber} */
export const saveFavorite = fromPromise<SaveFavoriteResult, FavoriteToggle>(({ input: { storeNumber, favorite }, signal }) => {
  return favorite
    ? api.post('/stores/favorites', { storeNumber }, { schema: FavoriteStoreResponse, signal })
    : api.del(`/stores/favorites/${encodeURIComponent(storeNumber)}`, { schema: FavoriteStoreResponse, signal });
});

export const locatorActors = { fetchLocations, nearestLocation, placeSuggestions, geolocate };
export const favoriteStoreActors = { saveFavorite };
export const storeDetailsActors = { fetchStoreDetails };
