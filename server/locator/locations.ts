import { MAX_RESULT_DISTANCE, type LocationResult, type LocationsQuery, type LocationsResponse, type NearestLocationResponse, type RecommendationReason } from '../../contracts/locations.ts';
import type { Queryable } from '../db/db.ts';
import type { StoredStoreRow } from '../db/store-row.ts';
import { featureFilter, type FeatureFilter } from './features.ts';
import { NO_USER_STORES, userStores, type UserStores } from './favorites.ts';
import { geocodeCached } from './geocode-cache.ts';
import { openStatusOfRow } from './open-status.ts';
import { metresToMiles, milesToMetres, storeJson, summaryOf, summaryRowOf, withStoreJson } from './store-format.ts';
import { nearestListed, storeByNumber, type ListedStore } from './store-queries.ts';

/**
 * GET /apiproxy/v1/locations: resolve the centre (storeNumber, else lat/lng, else place), then the nearest
 * stores within 50 miles that have every selected feature, plus the signed-in user's favorite and previous
 * stores in that radius (each result says why it is there).
 */
export class LocatorNotFound extends Error {
  constructor(readonly code: 'STORE_NOT_FOUND' | 'PLACE_NOT_FOUND' | 'NO_STORES_FOUND', message: string) {
    super(message);
  }
}

interface Centre {
  latitude: number;
  longitude: number;
  placeName: string | null;
  store: StoredStoreRow | null;
}

async function resolveCentre(db: Queryable, q: LocationsQuery): Promise<Centre> {
  if (q.storeNumber !== undefined) {
    const store = await storeByNumber(db, q.storeNumber);
    if (!store) throw new LocatorNotFound('STORE_NOT_FOUND', "Whoops! We couldn't find that store.");
    return { latitude: store.latitude, longitude: store.longitude, placeName: null, store };
  }
  if (q.lat !== undefined && q.lng !== undefined) return { latitude: q.lat, longitude: q.lng, placeName: null, store: null };
  const place = q.place !== undefined ? await geocodeCached(db, q.place, q.near ?? null) : null;
  if (!place) throw new LocatorNotFound('PLACE_NOT_FOUND', `We couldn't find "${q.place ?? ''}".`);
  return { latitude: place.latitude, longitude: place.longitude, placeName: place.displayName, store: null };
}

export function reasonFor(shortNumber: string, mine: UserStores): RecommendationReason {
  if (mine.favorites.has(shortNumber)) return 'FAVORITE';
  if (mine.previous.has(shortNumber)) return 'USUAL';
  return 'NEARBY';
}

function toResult(row: ListedStore, mine: UserStores): LocationResult {
  const store = summaryOf(row, row.status);
  return {
    store: row.json ? withStoreJson(store, row.json) : store,
    distance: metresToMiles(row.distance_m),
    isFavorite: mine.favorites.has(row.short_number),
    isPrevious: mine.previous.has(row.short_number),
    recommendationReason: reasonFor(row.short_number, mine),
  };
}

/** Nearest stores, merged with the user's own stores in the radius, nearest first, without duplicates. */
async function candidates(db: Queryable, centre: Centre, filter: FeatureFilter, limit: number, mine: UserStores, at: Date): Promise<ListedStore[]> {
  const base = { lat: centre.latitude, lng: centre.longitude, filter, radiusMetres: milesToMetres(MAX_RESULT_DISTANCE) };
  const nearby = await nearestListed(db, { ...base, limit }, at);
  const own = [...mine.favorites, ...mine.previous];
  const extra = own.length ? await nearestListed(db, { ...base, limit: own.length, shortNumbers: own }, at) : [];
  const byNumber = new Map<string, ListedStore>();
  for (const row of [...nearby, ...extra]) byNumber.set(row.short_number, row);
  if (centre.store && !byNumber.has(centre.store.short_number)) {
    byNumber.set(centre.store.short_number, { ...summaryRowOf(centre.store), distance_m: 0, status: openStatusOfRow(centre.store, at) });
  }
  return [...byNumber.values()].sort((a, b) => a.distance_m - b.distance_m);
}

export async function findLocations(db: Queryable, q: LocationsQuery, userId: string | null, at: Date): Promise<LocationsResponse> {
  const centre = await resolveCentre(db, q);
  const mine = userId ? await userStores(db, userId) : NO_USER_STORES;
  const rows = await candidates(db, centre, featureFilter(q.features), q.limit, mine, at);
  const stores = rows.map((row) => toResult(row, mine)).filter((r) => r.distance <= MAX_RESULT_DISTANCE);
  return {
    stores,
    coordinates: { latitude: centre.latitude, longitude: centre.longitude },
    placeName: centre.placeName,
    expandedStoreNumber: null,
    selectedStoreNumber: centre.store?.store_number ?? null,
  };
}

/**
 * The JSON text of a list answer, as JSON.stringify gives it, with each store's text written as it carries it
 * (store-format.ts STORE_JSON: the stores in memory build it from parts cached per store and per minute) instead of
 * serialised: at 45 stores per answer serialising was the largest part of a search (docs/locator.md "Performance").
 */
export function locationsJson(r: LocationsResponse): string {
  const q = JSON.stringify;
  const parts: string[] = [];
  // numbers as String gives them (JSON's text of a finite number), booleans and the reason (an enum of capitals) as
  // they are: no call of JSON.stringify per store (locations-equivalence.test.ts compares the text with it)
  for (const s of r.stores) {
    parts.push(`{"store":${storeJson(s.store)},"distance":${Number.isFinite(s.distance) ? String(s.distance) : 'null'},"isFavorite":${s.isFavorite},"isPrevious":${s.isPrevious},"recommendationReason":"${s.recommendationReason}"}`);
  }
  return `{"stores":[${parts.join(',')}],"coordinates":${q(r.coordinates)},"placeName":${q(r.placeName)},"expandedStoreNumber":${q(r.expandedStoreNumber)},"selectedStoreNumber":${q(r.selectedStoreNumber)}}`;
}

/** POST /apiproxy/v1/locations/nearest-location: the nearest store with the features, at any distance. */
export async function findNearest(db: Queryable, q: { lat: number; lng: number; features: string[] }, at: Date): Promise<NearestLocationResponse> {
  const filter = featureFilter(q.features);
  const [row] = await nearestListed(db, { lat: q.lat, lng: q.lng, filter, radiusMetres: null, limit: 1 }, at);
  if (!row) throw new LocatorNotFound('NO_STORES_FOUND', 'No stores found near you.');
  return { store: summaryOf(row, row.status), distance: metresToMiles(row.distance_m), coordinates: { latitude: row.latitude, longitude: row.longitude } };
}
