/**
 * Cross-process invalidation of per-process caches (docs/operations.md).
 *
 * Every process LISTENs on channel harbor_cache; a NOTIFY with a cache's name empties that cache in every
 * process (the notifying one included) when the notifying transaction commits. Store rows notify from a
 * trigger (migration 008), the menu from triggers on its tables (migration 045), the eGift catalog from its tables' (migration 051), so any change to them, from the
 * app or from an operator's SQL, reaches all processes within the notification latency (milliseconds) instead of
 * the cache's TTL (the stores) or the next restart (the menu).
 * When the LISTEN connection is lost and comes back, notifications may have been missed: every cache is emptied.
 * PGlite runs in one process (server/lifecycle.ts locks its data folder): the same channel works there too.
 */
import type { Db, Queryable } from './db.ts';
import { clearStoreCache } from '../locator/store-cache.ts';
import { clearGeocodeCache } from '../locator/geocode-cache.ts';
import { clearStoreIndex } from '../locator/store-index.ts';
import { clearCatalog } from '../ordering/catalog.ts';
import { clearGiftCatalog } from '../gifting/catalog.ts';

export const CACHE_CHANNEL = 'harbor_cache';

/** The per-process caches that hold database rows, by the name their NOTIFY payload carries. */
const CACHES: Record<string, (db: Queryable) => void> = {
  // the store rows, the stores in memory (store-index.ts), and the place searches' answers (a street search reads stores)
  stores: (db) => {
    clearStoreCache(db);
    clearStoreIndex(db);
    clearGeocodeCache(db);
  },
  // the menu (server/ordering/catalog.ts): triggers on the menu tables and tax_rates (migration 045)
  menu: (db) => clearCatalog(db),
  // the eGift catalog (server/gifting/catalog.ts): triggers on gift_categories and gift_products (migration 051)
  gifts: (db) => clearGiftCatalog(db),
};

export type CacheName = keyof typeof CACHES;

function clearAll(db: Db) {
  for (const clear of Object.values(CACHES)) clear(db);
}

/** Starts listening; returns the function that stops it. */
export async function startCacheInvalidation(db: Db): Promise<() => Promise<void>> {
  return db.listen(
    CACHE_CHANNEL,
    (payload) => {
      const clear = CACHES[payload];
      if (clear) clear(db);
      else clearAll(db);
    },
    () => clearAll(db),
  );
}

/** Tells every process (at commit, when called in a transaction) to empty this cache. */
export async function notifyCacheChanged(db: Queryable, cache: CacheName): Promise<void> {
  await db.query('select pg_notify($1, $2)', [CACHE_CHANNEL, cache]);
}
