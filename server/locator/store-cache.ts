import type { Queryable } from '../db/db.ts';
import { makeRoom } from './bounded-map.ts';
import type { StoredStoreRow } from '../db/store-row.ts';

/**
 * Store rows by short number, cached per database for a minute: the stores read by number (the queried
 * `storeNumber` of a list search, GET /stores/:storeNumber). The list itself reads summary columns in its
 * nearest-store query (store-queries.ts), not rows from here. Stores change only when the seed runs (the app has
 * no write path for them), and parsing a whole row (8 JSON columns) is costly on PGlite. A change to stores
 * empties the cache in every process at once (a trigger NOTIFYs, see server/db/invalidation.ts); TTL_MS bounds
 * staleness should a notification be missed.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;


interface Entry {
  row: StoredStoreRow;
  expires: number;
}

const caches = new WeakMap<Queryable, Map<string, Entry>>();

function cacheOf(db: Queryable): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function remember(cache: Map<string, Entry>, row: StoredStoreRow, now: number) {
  makeRoom(cache, MAX_ENTRIES);
  cache.set(row.short_number, { row, expires: now + TTL_MS });
}

/** Empties the cache of this database (cross-process invalidation, server/db/invalidation.ts). */
export function clearStoreCache(db: Queryable): void {
  caches.delete(db);
}

/** The rows of these stores (unknown numbers are left out). */
export async function storeRows(db: Queryable, shortNumbers: readonly string[]): Promise<Map<string, StoredStoreRow>> {
  const cache = cacheOf(db);
  const now = Date.now();
  const out = new Map<string, StoredStoreRow>();
  const missing: string[] = [];
  for (const n of shortNumbers) {
    const hit = cache.get(n);
    if (hit && hit.expires > now) out.set(n, hit.row);
    else missing.push(n);
  }
  if (missing.length) {
    // one JSON text per row: cheaper for PGlite to hand over than 19 columns with 8 JSON ones (measured ~40%)
    const r = await db.query<{ j: string }>(`select row_to_json(s)::text as j from stores s where short_number = any($1::text[])`, [missing]);
    for (const { j } of r.rows) {
      const row = JSON.parse(j) as StoredStoreRow;
      remember(cache, row, now);
      out.set(row.short_number, row);
    }
  }
  return out;
}
