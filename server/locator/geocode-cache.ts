import type { Queryable } from '../db/db.ts';
import { makeRoom } from './bounded-map.ts';
import { geocode, type GeoMatch, type GeoPoint } from './geocoder.ts';

/**
 * geocode() answers (the centre of a place search, or none: PLACE_NOT_FOUND) per database, text and `near`,
 * cached for a minute: the same place names come again and again (a town's name, its display name from
 * autocomplete), and resolving one takes one to four queries of 0.6-0.9 ms on PGlite, mostly planning. Places
 * change only with the seed; a street search reads stores, and any change to stores empties this cache in every
 * process at once (the stores trigger's NOTIFY, server/db/invalidation.ts), as it does the store cache; TTL_MS
 * bounds staleness should a notification be missed. Bounded: at most MAX_ENTRIES, the oldest dropped first.
 */
const TTL_MS = 60_000;
export const GEOCODE_CACHE_MAX = 5_000;

interface Entry {
  match: GeoMatch | null;
  expires: number;
}

const caches = new WeakMap<Queryable, Map<string, Entry>>();

/** Empties the cache of this database (cross-process invalidation, server/db/invalidation.ts). */
export function clearGeocodeCache(db: Queryable): void {
  caches.delete(db);
}

export async function geocodeCached(db: Queryable, text: string, near: GeoPoint | null = null): Promise<GeoMatch | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = near ? `${text}\u0000${near.lat},${near.lng}` : text;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.match;
  const match = await geocode(db, text, near);
  cache.delete(key);
  makeRoom(cache, GEOCODE_CACHE_MAX);
  cache.set(key, { match, expires: now + TTL_MS });
  return match;
}

/** entries held (tests) */
export const geocodeCacheSize = (db: Queryable) => caches.get(db)?.size ?? 0;
