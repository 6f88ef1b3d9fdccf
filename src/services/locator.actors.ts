/**
 * The real actors the locator machines are provided with (design.md section 2): REST calls through
 * src/services/api.ts validated with the contracts' schemas, the browser's geolocation, and place
 * autocomplete. Each reads its request from the invoking machine's context with the machine's own
 * pure builder (machines/actor-request.ts).
 */
import { fromPromise } from 'xstate';
import { FavoriteStoreResponse, LocationsResponse, NearestLocationResponse, PlacesResponse, type Place } from '../../contracts/locations.ts';
import { parentContext } from '../../machines/actor-request.ts';
import { locationsRequest, nearestRequest, placeSuggestionsRequest, type GeolocationFix, type LocatorContext } from '../../machines/locator.machine.ts';
import { favoriteRequest, type FavoriteStoreContext, type SaveFavoriteResult } from '../../machines/favorite-store.machine.ts';
import { api } from './api.ts';

/** GET /apiproxy/v1/locations?place=&lat=&lng=&storeNumber=&features= */
export const fetchLocations = fromPromise<LocationsResponse>(({ self, signal }) => {
  const ctx = parentContext<LocatorContext>(self);
  const req = locationsRequest(ctx);
  return api.get('/locations', {
    // near: the map centre, so a place search prefers the nearer of same-named places
    query: { place: req.place, near: req.place ? nearParam(ctx) : undefined, lat: req.lat, lng: req.lng, storeNumber: req.storeNumber, features: req.features.join(',') },
    schema: LocationsResponse,
    signal,
  });
});

/** POST /apiproxy/v1/locations/nearest-location (404 when there is none) */
export const nearestLocation = fromPromise<NearestLocationResponse>(({ self, signal }) =>
  api.post('/locations/nearest-location', nearestRequest(parentContext<LocatorContext>(self)), { schema: NearestLocationResponse, signal }),
);

/** "lat,lng" of the map centre for the geocoder's ranking */
export const nearParam = (ctx: Pick<LocatorContext, 'map'>): string => `${ctx.map.lat.toFixed(4)},${ctx.map.lng.toFixed(4)}`;

/** GET /apiproxy/v1/places/autocomplete?q=&near= */
export const placeSuggestions = fromPromise<Place[]>(async ({ self, signal }) => {
  const ctx = parentContext<LocatorContext>(self);
  const { q } = placeSuggestionsRequest(ctx);
  const res = await api.get('/places/autocomplete', { query: { q, limit: 6, near: nearParam(ctx) }, schema: PlacesResponse, signal });
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
export const saveFavorite = fromPromise<SaveFavoriteResult>(({ self, signal }) => {
  const { storeNumber, favorite } = favoriteRequest(parentContext<FavoriteStoreContext>(self));
  return favorite
    ? api.post('/stores/favorites', { storeNumber }, { schema: FavoriteStoreResponse, signal })
    : api.del(`/stores/favorites/${encodeURIComponent(storeNumber)}`, { schema: FavoriteStoreResponse, signal });
});

export const locatorActors = { fetchLocations, nearestLocation, placeSuggestions, geolocate };
export const favoriteStoreActors = { saveFavorite };
