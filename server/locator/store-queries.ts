import { queryPrepared, type Queryable } from '../db/db.ts';
import type { StoredStoreRow } from '../db/store-row.ts';
import { rarestCode, type FeatureFilter } from './features.ts';
import type { OpenStatus } from './hours.ts';
import { cachedOpenStatus, openStatuses } from './open-status.ts';
import { storeRows } from './store-cache.ts';
import { centreOf, ListCursor, NearestCursor, readyStoreIndex, storeFilter, storesByNumber, type StoreCursor, type StoreIndex } from './store-index.ts';
import { statusJson, summaryJsonParts, type SummaryRow } from './store-format.ts';

/**
 * Store reads. Every nearest-store query orders by the GiST index stores_earth (`<->`, nearest neighbour).
 * The list (GET /locations, POST /locations/nearest-location) reads the 9 summary columns of the stores it
 * returns, never whole rows, and the open status of their hours from open-status.ts; the open-now filter (ON)
 * tests candidates by their hours key alone and reads summaries only for the stores kept. A store read by
 * number (the queried store, GET /stores/:storeNumber) comes whole from the store cache (store-cache.ts).
 */

/**
 * A store of a list answer: its summary columns, great-circle metres from the centre and open status now; `json`,
 * when set (the stores in memory), its summary's JSON text at that instant (store-format.ts summaryJsonParts).
 */
export type ListedStore = SummaryRow & { distance_m: number; status: OpenStatus; json?: string };

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
  /** only stores within this many metres (chord <= radius on the index scan's rows, then great-circle); null for no limit */
  radiusMetres: number | null;
  limit: number;
  /** restrict to these short numbers (the user's favorites and previous stores) */
  shortNumbers?: string[];
}

/**
 * The chord (straight-line metres) between a store and ll_to_earth($lat, $lng): `stores.earth_point` (migration
 * 025: ll_to_earth(latitude, longitude)'s own arithmetic, stored; the same cube to the bit, query-plans.test.ts)
 * `<->` the centre. The nearest-store indexes are on earth_point, and the queries order by this same expression.
 * Before, they ordered by `ll_to_earth(latitude, longitude) <-> centre`, which PostgreSQL evaluated again for every
 * row returned (the ORDER BY column is computed per row even when the index gives the order): ll_to_earth is a SQL
 * function that is not inlined (its cast to the earth domain), about 30-40 us per store on PGlite.
 */
export function chordSql(lat: string, lng: string): string {
  return `earth_point <-> ${centreSql(lat, lng)}`;
}

/**
 * The centre, ll_to_earth($lat, $lng), as a scalar subquery: an InitPlan, computed once per execution. The
 * queries run as prepared statements (server/db/prepared.ts), whose generic plan would otherwise compute
 * ll_to_earth of the parameters again for every row in the select list (a custom plan folds it to a constant);
 * the index's ORDER BY and box take the InitPlan's value the same way. The same function of the same numbers: the
 * same bits.
 */
export function centreSql(lat: string, lng: string): string {
  return `(select ll_to_earth(${lat}::float8, ${lng}::float8))`;
}

/**
 * A store of the list as the queries return it: ONE text column per row, a JSON array of the summary's columns
 * (store-format.ts SummaryRow) and the chord. PGlite copies and decodes every column of every row on its own
 * (and parses each by type), so one column of JSON, parsed by JSON.parse, costs much less than ten columns
 * (measured at 170,000 stores: about 0.5 ms less per 50 stores). JSON keeps the values exact: float8 is written
 * in its shortest exact form (extra_float_digits 1, PostgreSQL's default, as for the columns before), strings
 * escaped, the boolean as true/false/null as `(...)::boolean` gave it.
 */
const SUMMARY_COLUMNS = `short_number, hours_key, store_number, name, latitude, longitude, address->>'singleLine' as single_line,
       mobile_ordering->>'availability' as availability, (mobile_ordering->>'guestOrdering')::boolean as guest_ordering`;
/** The JSON array of a row of `select SUMMARY_COLUMNS, <chord> as d` (in the order SummaryTuple reads). */
const SUMMARY_JSON = 'json_build_array(short_number, hours_key, store_number, name, latitude, longitude, single_line, availability, guest_ordering, d)::text as j';

type SummaryTuple = [string, string, string, string, number, number, string, SummaryRow['availability'], boolean, number];

/** One row of SUMMARY_JSON, parsed: the summary row and its great-circle distance. */
function summaryHit([short_number, hours_key, store_number, name, latitude, longitude, single_line, availability, guest_ordering, chord]: SummaryTuple): Hit<SummaryRow> {
  return { short_number, store_number, name, latitude, longitude, single_line, availability, guest_ordering, hours_key, distance_m: chordToGreatCircle(chord) };
}

/** md5 hex digest: the fixed length of stores.hours_key (migration 023), which the ON rounds put first. */
const HOURS_KEY_LENGTH = 32;

/**
 * The SQL and parameters of a nearest-store query (exported for the EXPLAIN test). With `summary`, one column
 * `j` per store (SUMMARY_JSON: the summary's columns and the chord); without, one column `k`: the hours key
 * followed by the short number (the open-now rounds; splitKey). `offset` continues a previous round.
 *
 * The inner query is a plain nearest-neighbour scan of a GiST index on `earth_point` (ORDER BY the chord, LIMIT);
 * the radius is applied on its rows, as `chord <= radius`: a store within the radius (great-circle metres) has a
 * chord no longer than that (a chord is never longer than its arc), and every store within the radius comes
 * before every store beyond it in the index's order, so the stores within the radius are the same as when the scan
 * was bounded by an `earth_box` index condition (the exact great-circle test is applied by the caller, as before).
 * With the box as an index condition, PostgreSQL estimated 0.1% of the stores in any box (cube's fixed
 * selectivity) and, once ordering by the stored column was cheap, preferred a bitmap scan of the whole box and a
 * sort to the ordered index scan: every store within 50 miles read and sorted, more at 10 x the stores.
 */
export function nearestSql(q: NearestQuery, opts: { summary?: boolean; offset?: number } = {}): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng];
  const where: string[] = [];
  let radius = '';
  if (q.radiusMetres !== null) {
    params.push(q.radiusMetres);
    radius = `where d <= $${params.length}`;
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
  const columns = opts.summary ? SUMMARY_COLUMNS : 'hours_key || short_number as k';
  const inner = `select ${columns}, ${chordSql('$1', '$2')} as d
    from stores ${where.length ? `where ${where.join(' and ')}` : ''}
    order by d
    ${page}`;
  const out = opts.summary ? SUMMARY_JSON : 'k';
  return { sql: `select ${out} from (${inner}) s ${radius}`, params };
}

/** A row `k` of an open-now round: hours key and short number. */
function splitKey(k: string): { short_number: string; hours_key: string } {
  return { hours_key: k.slice(0, HOURS_KEY_LENGTH), short_number: k.slice(HOURS_KEY_LENGTH) };
}

type Hit<T> = T & { distance_m: number };

/**
 * The `j` rows of a summary query as ONE row: their JSON arrays joined by commas, in the order the query gives them
 * (a plain aggregate over a subquery, no join: PostgreSQL reads the subquery's rows in its order). One row
 * instead of up to 500 saves PGlite's per-row decoding (about 0.15 ms per 50 stores at 170,000 stores).
 */
const joined = (sql: string) => `select string_agg(j, ',') as j from (${sql}) t`;

/** The rows of `joined`, parsed. */
async function summaryHits(db: Queryable, sql: string, params: unknown[]): Promise<Hit<SummaryRow>[]> {
  const [row] = (await queryPrepared<{ j: string | null }>(db, joined(sql), params)).rows;
  return row?.j ? (JSON.parse(`[${row.j}]`) as SummaryTuple[]).map(summaryHit) : [];
}

/** One nearest-store query with summaries: nearest first, each with its great-circle distance; none beyond the radius. */
async function nearestHits(db: Queryable, q: NearestQuery): Promise<Hit<SummaryRow>[]> {
  const { sql, params } = nearestSql(q, { summary: true });
  return (await summaryHits(db, sql, params)).filter((hit) => q.radiusMetres === null || hit.distance_m <= q.radiusMetres);
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
  const rows = await summaryHits(db, `select ${SUMMARY_JSON} from (select ${SUMMARY_COLUMNS}, ${chordSql('$2', '$3')} as d from stores where short_number = any($1::text[])) s`, [shortNumbers, lat, lng]);
  return new Map(rows.map((row) => [row.short_number, row]));
}

/** Round sizes of the open-now filter: how far the next round reaches (see nearestListed). */
export function nextReach(fetched: number, kept: number, limit: number, maxCandidates: number): number {
  // as many as the open share seen so far predicts, with a margin, and at least 4 times as far
  const predicted = Math.ceil((fetched * limit * 1.25) / Math.max(kept, 1));
  return Math.min(maxCandidates, Math.max(fetched * 4, predicted));
}

/**
 * The share of open stores among the candidates the open-now filter last tested, per band of 15 degrees of
 * longitude (about one time zone: by day most stores are open, at night few). Only the size of the first round
 * depends on it, never the answer (nearestListed tests the same candidates in the same order whatever the rounds'
 * sizes). Per process, 24 numbers at most.
 */
const openShareByBand = new Map<number, number>();
const bandOf = (lng: number) => Math.floor((((lng + 180) % 360) + 360) % 360 / 15);

/**
 * The first round of the open-now filter: as many candidates as the open share last seen around this longitude
 * predicts for `limit` open stores, with a margin (by day about 1.3 x limit instead of 3 x: each candidate is an
 * index step and a row on PGlite); 3 x limit when nothing was seen yet.
 */
export function firstReach(limit: number, lng: number, maxCandidates: number): number {
  const share = openShareByBand.get(bandOf(lng));
  const reach = share === undefined ? limit * 3 : Math.max(limit, Math.ceil((limit * 1.25) / Math.max(share, 0.01)));
  return Math.min(maxCandidates, reach);
}

/** Remembers the open share of the candidates tested (at least 20, so that one small answer does not swing it). */
export function noteOpenShare(lng: number, tested: number, open: number): void {
  if (tested < 20) return;
  const band = bandOf(lng);
  const seen = open / tested;
  const before = openShareByBand.get(band);
  openShareByBand.set(band, before === undefined ? seen : (before + seen) / 2);
}

/**
 * The nearest `limit` stores that pass the filter, open now or not, with their summaries, nearest first.
 *
 * Without ON: one query, the summary columns included. With ON (computed, not in SQL): candidates come as
 * (short number, hours key) in nearest-first rounds (the first as large as the open share last seen around that
 * longitude predicts: firstReach), each continuing where the last one stopped (OFFSET), and
 * are kept when their hours are open now (open-status.ts); the summaries and distances of the kept ones are read
 * at the end, and kept stores beyond the radius (the index box's corners, which come after every store within
 * the radius) dropped. The answer is the first `limit` open stores within the radius among the nearest
 * `maxCandidates` candidates, as before (the rounds stop when `limit` are open, the candidates run out, or
 * `maxCandidates` were tested).
 */
export async function nearestListed(db: Queryable, q: NearestQuery, at: Date, maxCandidates = 5000): Promise<ListedStore[]> {
  const index = readyStoreIndex(db);
  if (index) return nearestFromIndex(db, index, q, at, maxCandidates);
  if (!q.filter.openNow) return withStatus(db, await nearestHits(db, q), at);
  const kept: string[] = [];
  let fetched = 0;
  let tested = 0;
  let size = firstReach(q.limit, q.lng, maxCandidates);
  for (;;) {
    const { sql, params } = nearestSql({ ...q, limit: size }, { offset: fetched });
    const hits = (await queryPrepared<{ k: string }>(db, sql, params)).rows.map(({ k }) => splitKey(k));
    const statuses = await openStatuses(db, hits, at);
    for (const h of hits) {
      if (kept.length >= q.limit) break;
      tested++;
      if (statuses.get(h.hours_key)?.open) kept.push(h.short_number);
    }
    fetched += size;
    if (kept.length >= q.limit || hits.length < size || fetched >= maxCandidates) break;
    size = nextReach(fetched, kept.length, q.limit, maxCandidates) - fetched;
  }
  noteOpenShare(q.lng, tested, kept.length);
  const rows = await summaryRows(db, kept, q.lat, q.lng);
  const listed: Hit<SummaryRow>[] = [];
  for (const n of kept) {
    const row = rows.get(n);
    if (row && (q.radiusMetres === null || row.distance_m <= q.radiusMetres)) listed.push(row);
  }
  return withStatus(db, listed, at);
}

/** Candidates tested per openStatuses call on the index path (one query at most, for keys not cached yet). */
const OPEN_BATCH = 256;

/**
 * Per index and UTC minute, by hours key number (StoreIndex.keyOf): open (1), closed (0) or not known yet (-1), and
 * the status once read from the open-status cache (an array read instead of a lookup by the key's text: at 170,000
 * stores the cache's map no longer fits the processor's caches).
 */
export interface MinuteTable {
  minute: number;
  open: Int8Array;
  status: (OpenStatus | undefined)[];
  /** statusJson of the status, once a listed store needed it */
  json: (string | undefined)[];
}
const minuteTables = new WeakMap<StoreIndex, MinuteTable>();

function minuteTable(ix: StoreIndex, at: Date): MinuteTable {
  const minute = Math.floor(at.getTime() / 60_000);
  let t = minuteTables.get(ix);
  if (!t || t.minute !== minute) {
    t = { minute, open: new Int8Array(ix.keys.length).fill(-1), status: new Array<OpenStatus | undefined>(ix.keys.length), json: new Array<string | undefined>(ix.keys.length) };
    minuteTables.set(ix, t);
  }
  return t;
}

/** The status of hours key number `k` at `at` (the minute's table, else the open-status cache); undefined when not cached. */
function statusOfKey(ix: StoreIndex, t: MinuteTable, k: number, at: Date): OpenStatus | undefined {
  let status = t.status[k];
  if (!status) {
    status = cachedOpenStatus(ix.keys[k]!, at);
    if (status) {
      t.status[k] = status;
      t.open[k] = status.open ? 1 : 0;
    }
  }
  return status;
}

/** Buffers for the candidates' distances of openNearest, reused (a search at night at 170,000 stores meets about 2,000). */
const seenBuffers: Float64Array[] = [];
const SEEN_BUFFERS = 16;

/**
 * nearestListed from the stores in memory (store-index.ts), the same answer as the SQL path: the stores that pass
 * the static filter, nearest first by the same chord; without ON the first `limit` within the radius; with ON the
 * first `limit` open ones among the first `maxCandidates` candidates within the radius; then the great-circle test.
 * A candidate of ON is tested by its hours key's number in a table of the minute (no query once the open-status
 * cache is filled); a batch holds the ones whose key is not cached yet until one openStatuses call reads them.
 * ON around a point walks past the stores known closed this minute (openNearest), counting them.
 */
async function nearestFromIndex(db: Queryable, ix: StoreIndex, q: NearestQuery, at: Date, maxCandidates: number): Promise<ListedStore[]> {
  const centre = await centreOf(db, q.lat, q.lng);
  const pass = storeFilter(ix, q.filter);
  const radius = q.radiusMetres ?? Infinity;
  const table = minuteTable(ix, at);
  let hits: [number, number][] | null = null;
  if (q.filter.openNow && !q.shortNumbers) {
    const cursor = new NearestCursor(ix, centre, pass, { open: table.open, seen: seenBuffers.pop() });
    hits = await openNearest(db, ix, cursor, table, at, q.limit, radius, maxCandidates);
    if (seenBuffers.length < SEEN_BUFFERS) seenBuffers.push(cursor.seen);
  }
  if (!hits) {
    const cursor: StoreCursor = q.shortNumbers ? new ListCursor(storesByNumber(ix, centre, q.shortNumbers, pass)) : new NearestCursor(ix, centre, pass);
    if (q.filter.openNow) hits = await openHits(db, ix, cursor, table, at, q.limit, radius, maxCandidates);
    else {
      hits = [];
      while (hits.length < q.limit && cursor.next() && cursor.chord <= radius) hits.push([cursor.store, cursor.chord]);
    }
  }
  const listed: ListedStore[] = [];
  for (const [i, chord] of hits) {
    const distance_m = chordToGreatCircle(chord);
    if (distance_m > radius) continue;
    const r = ix.rows[i]!;
    const k = ix.keyOf[i]!;
    const status = statusOfKey(ix, table, k, at);
    // a key not cached yet (before the fill is done): all of them through openStatuses, in the same order
    if (!status) return withStatus(db, hits.map(([j, c]) => ({ ...ix.rows[j]!, distance_m: chordToGreatCircle(c) })).filter((h) => h.distance_m <= radius), at);
    const [head, tail] = (ix.json[i] ??= summaryJsonParts(r));
    listed.push(listedStore(r, distance_m, status, head + (table.json[k] ??= statusJson(status)) + tail));
  }
  return listed;
}

/**
 * The ON test of candidates in the cursor's order, within the radius: up to `limit` open ones among the first
 * `cap`; `more`, when it returns false, stops the walk early. Each candidate is tested by its hours key's number in
 * the minute's table; a batch holds the ones whose key is not cached yet (and every one after them, so that the
 * order holds) until one openStatuses call reads them.
 */
export async function openHits(db: Queryable, ix: StoreIndex, cursor: StoreCursor, table: MinuteTable, at: Date, limit: number, radius: number, cap: number, more: () => boolean = () => true): Promise<[number, number][]> {
  const hits: [number, number][] = [];
  const open = table.open;
  let batch: [number, number][] = [];
  let candidates = 0;
  const test = async () => {
    const statuses = await openStatuses(db, batch.map(([i]) => ix.rows[i]!), at);
    for (const [i, chord] of batch) {
      if (hits.length >= limit) break;
      if (statuses.get(ix.rows[i]!.hours_key)?.open) hits.push([i, chord]);
    }
    batch = [];
  };
  while (hits.length < limit && candidates < cap && more() && cursor.next() && cursor.chord <= radius) {
    candidates++;
    const i = cursor.store;
    if (!batch.length) {
      const k = ix.keyOf[i]!;
      let known = open[k]!;
      if (known < 0 && statusOfKey(ix, table, k, at)) known = open[k]!;
      if (known >= 0) {
        if (known) hits.push([i, cursor.chord]);
        continue;
      }
    }
    batch.push([i, cursor.chord]);
    if (batch.length >= OPEN_BATCH) await test();
  }
  if (batch.length) await test();
  return hits;
}

/**
 * ON around a point, walking past the stores known closed this minute: the cursor (gated by the minute's table)
 * yields only the candidates open or not known yet, and counts every candidate it meets (`seen`), so the
 * `maxCandidates` cap of the answer is applied from the counts: a candidate's place in the nearest-first order is
 * 1 + the number of candidates nearer. Open stores beyond the `maxCandidates`-th nearest candidate are dropped, as
 * the walk that tests every candidate in turn (openHits without a gate) never reaches them. At night few stores are
 * open: at 170,000 stores such a search met about 700 candidates, each through the walk's heap before.
 * Null when two candidates at exactly the cap's distance make the order among them matter (the caller then tests
 * every candidate in turn).
 */
export async function openNearest(db: Queryable, ix: StoreIndex, cursor: NearestCursor, table: MinuteTable, at: Date, limit: number, radius: number, maxCandidates: number): Promise<[number, number][] | null> {
  // the distance of the maxCandidates-th candidate once the walk has gone past it (checked as `seen` doubles)
  let cut = Infinity;
  let check = 2 * maxCandidates;
  const more = () => {
    if (cursor.seenCount < check) return true;
    check *= 2;
    const d = nthSmallest(cursor.seen.slice(0, cursor.seenCount), maxCandidates - 1);
    if (d >= cursor.frontier()) return true;
    cut = d;
    return false;
  };
  const hits = await openHits(db, ix, cursor, table, at, limit, radius, Infinity, more);
  if (cut === Infinity && cursor.seenCount >= maxCandidates) cut = nthSmallest(cursor.seen.slice(0, cursor.seenCount), maxCandidates - 1);
  if (cut === Infinity) return hits;
  let tied = 0;
  for (let j = 0; j < cursor.seenCount; j++) if (cursor.seen[j] === cut) tied++;
  if (tied > 1 && hits.some(([, d]) => d === cut)) return null;
  return hits.filter(([, d]) => d <= cut);
}

/** The k-th smallest (from 0) of `a`, which it reorders (Hoare's selection). */
export function nthSmallest(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

function listedStore(r: SummaryRow, distance_m: number, status: OpenStatus, json: string): ListedStore {
  return {
    short_number: r.short_number,
    store_number: r.store_number,
    name: r.name,
    latitude: r.latitude,
    longitude: r.longitude,
    single_line: r.single_line,
    availability: r.availability,
    guest_ordering: r.guest_ordering,
    hours_key: r.hours_key,
    distance_m,
    status,
    json,
  };
}

/** A store by its full ("12345-67890") or short ("12345") number; short numbers are unique. */
export async function storeByNumber(db: Queryable, storeNumber: string): Promise<StoredStoreRow | null> {
  const short = storeNumber.split('-')[0] ?? storeNumber;
  return (await storeRows(db, [short])).get(short) ?? null;
}

export async function storeExists(db: Queryable, shortNumber: string): Promise<boolean> {
  return (await db.query('select 1 from stores where short_number = $1', [shortNumber])).rows.length > 0;
}
