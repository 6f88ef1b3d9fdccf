import type { Queryable } from '../db/db.ts';
import type { StoreRow } from '../db/store-row.ts';
import { rarestCode, type FeatureFilter } from './features.ts';
import { storeRows } from './store-cache.ts';

/**
 * Store reads. Every nearest-store query orders by the GiST index stores_earth (`<->`, nearest neighbour)
 * and returns numbers and distances; the rows come from the store cache (store-cache.ts).
 */

export type StoreWithDistance = StoreRow & { distance_m: number };

/** Radius of earthdistance's earth() in metres. */
const EARTH_RADIUS_M = 6378168;

/**
 * Great-circle metres from the straight-line (chord) distance that the cube `<->` operator gives between two
 * ll_to_earth points: what earth_distance() computes, without evaluating it per row in SQL (measured on
 * PGlite: about a third of the query time).
 */
export function chordToGreatCircle(chordMetres: number): number {
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chordMetres / (2 * EARTH_RADIUS_M)));
}

export interface NearestQuery {
  lat: number;
  lng: number;
  filter: FeatureFilter;
  /** only stores within this many metres (uses the index through earth_box); null for no limit */
  radiusMetres: number | null;
  limit: number;
  /** restrict to these short numbers (the user's favorites and previous stores) */
  shortNumbers?: string[];
}

/** The SQL and parameters of a nearest-store query (exported for the EXPLAIN test). */
export function nearestSql(q: NearestQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng];
  const where: string[] = [];
  if (q.radiusMetres !== null) {
    // the index bounds the scan to a cube around the circle; the exact radius is applied on the rows
    params.push(q.radiusMetres);
    where.push(`earth_box(ll_to_earth($1, $2), $${params.length}) @> ll_to_earth(latitude, longitude)`);
  }
  if (q.filter.staticCodes.length) {
    params.push(q.filter.staticCodes);
    where.push(`feature_codes @> $${params.length}::text[]`);
  }
  const rare = rarestCode(q.filter);
  // the partial index's own predicate, as a literal (a parameter would not prove it): RARE_CODES are [A-Z]{2}
  if (rare && !q.filter.allDay) where.push(`feature_codes @> '{${rare}}'::text[]`);
  if (q.filter.allDay) where.push('is_open_24_hours');
  if (q.shortNumbers) {
    params.push(q.shortNumbers);
    where.push(`short_number = any($${params.length}::text[])`);
  }
  params.push(q.limit);
  const sql = `select short_number, ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) as chord_m
    from stores ${where.length ? `where ${where.join(' and ')}` : ''}
    order by ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2)
    limit $${params.length}`;
  return { sql, params };
}

/** Nearest stores first, each with its great-circle distance; none beyond the radius. */
export async function nearestStores(db: Queryable, q: NearestQuery): Promise<StoreWithDistance[]> {
  const { sql, params } = nearestSql(q);
  const hits = (await db.query<{ short_number: string; chord_m: number }>(sql, params)).rows
    .map((h) => ({ shortNumber: h.short_number, distance_m: chordToGreatCircle(h.chord_m) }))
    .filter((h) => q.radiusMetres === null || h.distance_m <= q.radiusMetres);
  const rows = await storeRows(db, hits.map((h) => h.shortNumber));
  const out: StoreWithDistance[] = [];
  for (const h of hits) {
    const row = rows.get(h.shortNumber);
    if (row) out.push({ ...row, distance_m: h.distance_m });
  }
  return out;
}

/**
 * Nearest stores that also pass `keep` (a computed condition such as open now): fetches more
 * candidates in growing rounds until `limit` pass or no more candidates exist.
 */
export async function nearestMatching(db: Queryable, q: NearestQuery, keep: ((row: StoreRow) => boolean) | null, maxCandidates = 5000): Promise<StoreWithDistance[]> {
  if (!keep) return nearestStores(db, q);
  let fetch = Math.min(q.limit * 3, maxCandidates);
  for (;;) {
    const rows = await nearestStores(db, { ...q, limit: fetch });
    const kept = rows.filter(keep);
    if (kept.length >= q.limit || rows.length < fetch || fetch >= maxCandidates) return kept.slice(0, q.limit);
    fetch = Math.min(fetch * 4, maxCandidates);
  }
}

/** A store by its full ("12345-67890") or short ("12345") number; short numbers are unique. */
export async function storeByNumber(db: Queryable, storeNumber: string): Promise<StoreRow | null> {
  const short = storeNumber.split('-')[0] ?? storeNumber;
  return (await storeRows(db, [short])).get(short) ?? null;
}

export async function storeExists(db: Queryable, shortNumber: string): Promise<boolean> {
  return (await db.query('select 1 from stores where short_number = $1', [shortNumber])).rows.length > 0;
}
