import type { Queryable } from '../db/db.ts';
import type { StoredStoreRow } from '../db/store-row.ts';
import { rarestCode, type FeatureFilter } from './features.ts';
import type { OpenStatus } from './hours.ts';
import { openStatuses } from './open-status.ts';
import { storeRows } from './store-cache.ts';
import type { SummaryRow } from './store-format.ts';

/**
 * Store reads. Every nearest-store query orders by the GiST index stores_earth (`<->`, nearest neighbour).
 * The list (GET /locations, POST /locations/nearest-location) reads the 9 summary columns of the stores it
 * returns, never whole rows, and the open status of their hours from open-status.ts; the open-now filter (ON)
 * tests candidates by their hours key alone and reads summaries only for the stores kept. A store read by
 * number (the queried store, GET /stores/:storeNumber) comes whole from the store cache (store-cache.ts).
 */

/** A store of a list answer: its summary columns, great-circle metres from the centre and open status now. */
export type ListedStore = SummaryRow & { distance_m: number; status: OpenStatus };

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

/** The summary's columns (store-format.ts SummaryRow), besides short_number and hours_key. */
const SUMMARY_COLUMNS = `store_number, name, latitude, longitude, address->>'singleLine' as single_line,
    mobile_ordering->>'availability' as availability, (mobile_ordering->>'guestOrdering')::boolean as guest_ordering`;

/**
 * The SQL and parameters of a nearest-store query (exported for the EXPLAIN test): short number, hours key and
 * chord distance, plus the summary's columns when `summary`; `offset` continues a previous round.
 */
export function nearestSql(q: NearestQuery, opts: { summary?: boolean; offset?: number; distance?: boolean } = {}): { sql: string; params: unknown[] } {
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
  let page = `limit $${params.length}`;
  if (opts.offset) {
    params.push(opts.offset);
    page += ` offset $${params.length}`;
  }
  // the chord in the select list is computed again from the row (about half of a narrow row's cost on PGlite)
  const chord = opts.distance === false ? '' : ', ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) as chord_m';
  const sql = `select short_number, hours_key${chord}${opts.summary ? `,\n    ${SUMMARY_COLUMNS}` : ''}
    from stores ${where.length ? `where ${where.join(' and ')}` : ''}
    order by ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2)
    ${page}`;
  return { sql, params };
}

type Hit<T> = T & { distance_m: number };

/** One nearest-store query: nearest first, each with its great-circle distance; none beyond the radius. */
async function nearestHits<T extends { short_number: string; hours_key: string }>(db: Queryable, q: NearestQuery, opts: { summary?: boolean; offset?: number }): Promise<Hit<T>[]> {
  const { sql, params } = nearestSql(q, opts);
  const out: Hit<T>[] = [];
  for (const h of (await db.query<T & { chord_m: number }>(sql, params)).rows) {
    const distance_m = chordToGreatCircle(h.chord_m);
    if (q.radiusMetres !== null && distance_m > q.radiusMetres) continue;
    const { chord_m: _chord, ...rest } = h;
    out.push({ ...(rest as unknown as T), distance_m });
  }
  return out;
}

/** The stores' open status now; a store whose hours could not be read (deleted meanwhile) is left out. */
async function withStatus(db: Queryable, rows: Hit<SummaryRow>[], at: Date): Promise<ListedStore[]> {
  const statuses = await openStatuses(db, rows, at);
  const out: ListedStore[] = [];
  for (const r of rows) {
    const status = statuses.get(r.hours_key);
    if (status) out.push({ ...r, status });
  }
  return out;
}

/** The summary columns of these stores with their distance from (lat, lng); unknown numbers are left out. */
export async function summaryRows(db: Queryable, shortNumbers: readonly string[], lat: number, lng: number): Promise<Map<string, Hit<SummaryRow>>> {
  if (!shortNumbers.length) return new Map();
  const r = await db.query<SummaryRow & { chord_m: number }>(
    `select short_number, hours_key, ll_to_earth(latitude, longitude) <-> ll_to_earth($2, $3) as chord_m, ${SUMMARY_COLUMNS}
      from stores where short_number = any($1::text[])`,
    [shortNumbers, lat, lng],
  );
  return new Map(
    r.rows.map(({ chord_m, ...row }) => [row.short_number, { ...row, distance_m: chordToGreatCircle(chord_m) }]),
  );
}

/** Round sizes of the open-now filter: the first, and how far the next one reaches (see nearestListed). */
export function nextReach(fetched: number, kept: number, limit: number, maxCandidates: number): number {
  // as many as the open share seen so far predicts, with a margin, and at least 4 times as far
  const predicted = Math.ceil((fetched * limit * 1.25) / Math.max(kept, 1));
  return Math.min(maxCandidates, Math.max(fetched * 4, predicted));
}

/**
 * The nearest `limit` stores that pass the filter, open now or not, with their summaries, nearest first.
 *
 * Without ON: one query, the summary columns included. With ON (computed, not in SQL): candidates come as
 * (short number, hours key) in nearest-first rounds, each continuing where the last one stopped (OFFSET), and
 * are kept when their hours are open now (open-status.ts); the summaries and distances of the kept ones are read
 * at the end, and kept stores beyond the radius (the index box's corners, which come after every store within
 * the radius) dropped. The answer is the first `limit` open stores within the radius among the nearest
 * `maxCandidates` candidates, as before (the rounds stop when `limit` are open, the candidates run out, or
 * `maxCandidates` were tested).
 */
export async function nearestListed(db: Queryable, q: NearestQuery, at: Date, maxCandidates = 5000): Promise<ListedStore[]> {
  if (!q.filter.openNow) return withStatus(db, await nearestHits<SummaryRow>(db, q, { summary: true }), at);
  const kept: string[] = [];
  let fetched = 0;
  let size = Math.min(q.limit * 3, maxCandidates);
  for (;;) {
    const { sql, params } = nearestSql({ ...q, limit: size }, { offset: fetched, distance: false });
    const hits = (await db.query<{ short_number: string; hours_key: string }>(sql, params)).rows;
    const statuses = await openStatuses(db, hits, at);
    for (const h of hits) {
      if (kept.length >= q.limit) break;
      if (statuses.get(h.hours_key)?.open) kept.push(h.short_number);
    }
    fetched += size;
    if (kept.length >= q.limit || hits.length < size || fetched >= maxCandidates) break;
    size = nextReach(fetched, kept.length, q.limit, maxCandidates) - fetched;
  }
  const rows = await summaryRows(db, kept, q.lat, q.lng);
  const listed: Hit<SummaryRow>[] = [];
  for (const n of kept) {
    const row = rows.get(n);
    if (row && (q.radiusMetres === null || row.distance_m <= q.radiusMetres)) listed.push(row);
  }
  return withStatus(db, listed, at);
}

/** A store by its full ("12345-67890") or short ("12345") number; short numbers are unique. */
export async function storeByNumber(db: Queryable, storeNumber: string): Promise<StoredStoreRow | null> {
  const short = storeNumber.split('-')[0] ?? storeNumber;
  return (await storeRows(db, [short])).get(short) ?? null;
}

export async function storeExists(db: Queryable, shortNumber: string): Promise<boolean> {
  return (await db.query('select 1 from stores where short_number = $1', [shortNumber])).rows.length > 0;
}
