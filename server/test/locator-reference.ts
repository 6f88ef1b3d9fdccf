/**
 * The store locator's list query as it was before the summary-columns / hours-key work (issue 8, main at
 * 2114ea4), kept as a straightforward reference: whole store rows (row_to_json), no cache of any kind,
 * formatSummary per store, and the open-now filter (ON) as growing rounds over whole rows. The equivalence test
 * (server/locator/locations-equivalence.test.ts) and scripts/compare-locator.ts compare the app's answers with
 * it over many seeded cases.
 */
import { MAX_RESULT_DISTANCE, type LocationResult, type LocationsQuery, type LocationsResponse, type NearestLocationResponse } from '../../contracts/locations.ts';
import type { Queryable } from '../db/db.ts';
import type { StoreRow } from '../db/store-row.ts';
import { mulberry32, type Rng } from '../db/seed/prng.ts';
import { featureFilter, rarestCode, type FeatureFilter } from '../locator/features.ts';
import { NO_USER_STORES, userStores, type UserStores } from '../locator/favorites.ts';
import { geocode } from '../locator/geocoder.ts';
import { openStatus } from '../locator/hours.ts';
import { LocatorNotFound, findLocations, findNearest, locationsJson, reasonFor } from '../locator/locations.ts';
import { STORE_JSON, type SummaryWithJson } from '../locator/store-format.ts';
import { formatSummary, metresToMiles, milesToMetres } from '../locator/store-format.ts';
import { chordToGreatCircle } from '../locator/store-queries.ts';

type Row = StoreRow & { distance_m: number };

interface RefQuery {
  lat: number;
  lng: number;
  filter: FeatureFilter;
  radiusMetres: number | null;
  limit: number;
  shortNumbers?: string[];
}

function refSql(q: RefQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.lat, q.lng];
  const where: string[] = [];
  if (q.radiusMetres !== null) {
    params.push(q.radiusMetres);
    // earth_point is ll_to_earth(latitude, longitude) stored (migration 025; the indexes are on it, query-plans.test.ts
    // checks it equals ll_to_earth for every store); the chord below is still ll_to_earth's own
    where.push(`earth_box(ll_to_earth($1, $2), $${params.length}) @> earth_point`);
  }
  if (q.filter.staticCodes.length) {
    params.push(q.filter.staticCodes);
    where.push(`feature_codes @> $${params.length}::text[]`);
  }
  const rare = rarestCode(q.filter);
  if (rare && !q.filter.allDay) where.push(`feature_codes @> '{${rare}}'::text[]`);
  if (q.filter.allDay) where.push('is_open_24_hours');
  if (q.shortNumbers) {
    params.push(q.shortNumbers);
    where.push(`short_number = any($${params.length}::text[])`);
  }
  params.push(q.limit);
  const sql = `select short_number, ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) as chord_m
    from stores ${where.length ? `where ${where.join(' and ')}` : ''}
    order by earth_point <-> ll_to_earth($1, $2)
    limit $${params.length}`;
  return { sql, params };
}

async function wholeRows(db: Queryable, shortNumbers: readonly string[]): Promise<Map<string, StoreRow>> {
  if (!shortNumbers.length) return new Map();
  const r = await db.query<{ j: string }>(`select row_to_json(s)::text as j from stores s where short_number = any($1::text[])`, [shortNumbers]);
  return new Map(r.rows.map(({ j }) => JSON.parse(j) as StoreRow).map((row) => [row.short_number, row]));
}

async function refNearest(db: Queryable, q: RefQuery): Promise<Row[]> {
  const { sql, params } = refSql(q);
  const hits = (await db.query<{ short_number: string; chord_m: number }>(sql, params)).rows
    .map((h) => ({ shortNumber: h.short_number, distance_m: chordToGreatCircle(h.chord_m) }))
    .filter((h) => q.radiusMetres === null || h.distance_m <= q.radiusMetres);
  const rows = await wholeRows(db, hits.map((h) => h.shortNumber));
  return hits.flatMap((h) => {
    const row = rows.get(h.shortNumber);
    return row ? [{ ...row, distance_m: h.distance_m }] : [];
  });
}

const openNow = (row: StoreRow, at: Date) => openStatus({ timeZoneId: row.time_zone_id, weeklyHours: row.weekly_hours, holidays: row.holidays }, at).open;

async function refMatching(db: Queryable, q: RefQuery, at: Date, maxCandidates = 5000): Promise<Row[]> {
  if (!q.filter.openNow) return refNearest(db, q);
  let fetch = Math.min(q.limit * 3, maxCandidates);
  for (;;) {
    const rows = await refNearest(db, { ...q, limit: fetch });
    const kept = rows.filter((r) => openNow(r, at));
    if (kept.length >= q.limit || rows.length < fetch || fetch >= maxCandidates) return kept.slice(0, q.limit);
    fetch = Math.min(fetch * 4, maxCandidates);
  }
}

export async function referenceFindLocations(db: Queryable, q: LocationsQuery, userId: string | null, at: Date): Promise<LocationsResponse> {
  let centre: { latitude: number; longitude: number; placeName: string | null; store: StoreRow | null };
  if (q.storeNumber !== undefined) {
    const short = q.storeNumber.split('-')[0] ?? q.storeNumber;
    const store = (await wholeRows(db, [short])).get(short);
    if (!store) throw new LocatorNotFound('STORE_NOT_FOUND', "Whoops! We couldn't find that store.");
    centre = { latitude: store.latitude, longitude: store.longitude, placeName: null, store };
  } else if (q.lat !== undefined && q.lng !== undefined) {
    centre = { latitude: q.lat, longitude: q.lng, placeName: null, store: null };
  } else {
    const place = q.place !== undefined ? await geocode(db, q.place, q.near ?? null) : null;
    if (!place) throw new LocatorNotFound('PLACE_NOT_FOUND', `We couldn't find "${q.place ?? ''}".`);
    centre = { latitude: place.latitude, longitude: place.longitude, placeName: place.displayName, store: null };
  }
  const mine: UserStores = userId ? await userStores(db, userId) : NO_USER_STORES;
  const filter = featureFilter(q.features);
  const base = { lat: centre.latitude, lng: centre.longitude, filter, radiusMetres: milesToMetres(MAX_RESULT_DISTANCE) };
  const nearby = await refMatching(db, { ...base, limit: q.limit }, at);
  const own = [...mine.favorites, ...mine.previous];
  const extra = own.length ? await refMatching(db, { ...base, limit: own.length, shortNumbers: own }, at) : [];
  const byNumber = new Map<string, Row>();
  for (const row of [...nearby, ...extra]) byNumber.set(row.short_number, row);
  if (centre.store && !byNumber.has(centre.store.short_number)) byNumber.set(centre.store.short_number, { ...centre.store, distance_m: 0 });
  const rows = [...byNumber.values()].sort((a, b) => a.distance_m - b.distance_m);
  const stores: LocationResult[] = rows
    .map((row) => ({
      store: formatSummary(row, at),
      distance: metresToMiles(row.distance_m),
      isFavorite: mine.favorites.has(row.short_number),
      isPrevious: mine.previous.has(row.short_number),
      recommendationReason: reasonFor(row.short_number, mine),
    }))
    .filter((r) => r.distance <= MAX_RESULT_DISTANCE);
  return { stores, coordinates: { latitude: centre.latitude, longitude: centre.longitude }, placeName: centre.placeName, expandedStoreNumber: null, selectedStoreNumber: centre.store?.store_number ?? null };
}

export async function referenceFindNearest(db: Queryable, q: { lat: number; lng: number; features: string[] }, at: Date): Promise<NearestLocationResponse> {
  const [row] = await refMatching(db, { lat: q.lat, lng: q.lng, filter: featureFilter(q.features), radiusMetres: null, limit: 1 }, at);
  if (!row) throw new LocatorNotFound('NO_STORES_FOUND', 'No stores found near you.');
  return { store: formatSummary(row, at), distance: metresToMiles(row.distance_m), coordinates: { latitude: row.latitude, longitude: row.longitude } };
}

/** A case: a list query (or a nearest-location one), who asks, and when. */
export interface LocatorCase {
  kind: 'list' | 'nearest';
  query: LocationsQuery;
  /** favorites and previous stores to give the case's user first (null: a guest) */
  user: { favorites: string[]; previous: string[] } | null;
  at: Date;
}

const FEATURES = ['ON', 'ON', 'ON', 'hrs24', 'DT', 'WF', 'GC', 'MO', 'CX', 'RW', 'VS', 'EV', 'CL', 'XO', '16'];
const LIMITS = [1, 3, 10, 50, 50, 50, 100, 500];
/** instants spread over a week (night and day in every store zone), Thanksgiving (US) and Christmas included */
function instant(rng: Rng): Date {
  const day = rng.pick(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-12-24', '2026-12-25', '2026-12-31']);
  return new Date(Date.parse(`${day}T00:00:00Z`) + rng.int(0, 24 * 60 - 1) * 60_000 + rng.int(0, 59) * 1000);
}

function features(rng: Rng): string[] {
  const n = rng.weighted([
    [0, 3],
    [1, 4],
    [2, 2],
    [3, 1],
  ] as const);
  return Array.from({ length: n }, () => rng.pick(FEATURES));
}

/** Seeded cases around the database's towns: coordinates, place names, store numbers, guests and members. */
export async function locatorCases(db: Queryable, count: number, seed: number): Promise<LocatorCase[]> {
  const rng = mulberry32(seed);
  const towns = (await db.query<{ display_name: string; latitude: number; longitude: number }>(`select display_name, latitude, longitude from places where country_code in ('US', 'CA', 'GB') and population >= 20000 order by id`)).rows;
  const stores = (await db.query<{ short_number: string; store_number: string }>(`select short_number, store_number from stores order by short_number`)).rows;
  const out: LocatorCase[] = [];
  for (let i = 0; i < count; i++) {
    const t = rng.pick(towns);
    const lat = Number((t.latitude + (rng.next() - 0.5) * 0.4).toFixed(5));
    const lng = Number((t.longitude + (rng.next() - 0.5) * 0.4).toFixed(5));
    const at = instant(rng);
    const f = features(rng);
    if (rng.chance(0.12)) {
      out.push({ kind: 'nearest', query: { lat, lng, features: f, limit: 1 }, user: null, at });
      continue;
    }
    const limit = rng.pick(LIMITS);
    const where = rng.weighted([
      ['coordinates', 6],
      ['place', 2],
      ['store', 2],
      ['nowhere', 1],
    ] as const);
    const query: LocationsQuery =
      where === 'coordinates'
        ? { lat, lng, features: f, limit }
        : where === 'place'
          ? { place: t.display_name, features: f, limit }
          : where === 'store'
            ? { storeNumber: rng.chance(0.5) ? rng.pick(stores).store_number : rng.pick(stores).short_number, features: f, limit }
            : { lat: rng.next() * 60 - 30, lng: -150 + rng.next() * 20, features: f, limit };
    let user: LocatorCase['user'] = null;
    if (rng.chance(0.3)) {
      // some near the centre (likely within 50 miles), some anywhere
      const near = (await db.query<{ short_number: string }>(`select short_number from stores order by earth_point <-> ll_to_earth($1, $2) limit 200`, [lat, lng])).rows;
      const anyStore = () => rng.pick(stores).short_number;
      const some = (n: number) => [...new Set(Array.from({ length: n }, () => (rng.chance(0.7) && near.length ? rng.pick(near).short_number : anyStore())))];
      user = { favorites: some(rng.int(0, 5)), previous: some(rng.int(0, 4)) };
    }
    out.push({ kind: 'list', query, user, at });
  }
  return out;
}

type Outcome = { ok: unknown } | { error: string };

async function outcome(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: await work() };
  } catch (e) {
    if (e instanceof LocatorNotFound) return { error: e.code };
    throw e;
  }
}

export interface Comparison {
  cases: number;
  mismatches: { index: number; c: LocatorCase; app: string; reference: string }[];
  /** stores answered in all, and by the cases with the open-now filter */
  stores: number;
  openNowCases: number;
  emptyOrNotFound: number;
  /** stores of the app's answers that carried their JSON text (the stores in memory: store-format.ts STORE_JSON) */
  storeTexts: number;
}

/** Runs every case through the app's findLocations / findNearest and the reference; answers compared as JSON text. */
export async function compareWithReference(db: Queryable, cases: readonly LocatorCase[], userId: string): Promise<Comparison> {
  const result: Comparison = { cases: cases.length, mismatches: [], stores: 0, openNowCases: 0, emptyOrNotFound: 0, storeTexts: 0 };
  for (const [index, c] of cases.entries()) {
    if (c.user) {
      await db.query('delete from favorite_stores where user_id = $1', [userId]);
      await db.query('delete from previous_stores where user_id = $1', [userId]);
      for (const n of c.user.favorites) await db.query('insert into favorite_stores (user_id, short_number) values ($1, $2)', [userId, n]);
      for (const n of c.user.previous) await db.query('insert into previous_stores (user_id, short_number) values ($1, $2)', [userId, n]);
    }
    const who = c.user ? userId : null;
    const q = c.query;
    const [app, reference] =
      c.kind === 'nearest'
        ? [await outcome(() => findNearest(db, { lat: q.lat!, lng: q.lng!, features: q.features }, c.at)), await outcome(() => referenceFindNearest(db, { lat: q.lat!, lng: q.lng!, features: q.features }, c.at))]
        : [await outcome(() => findLocations(db, q, who, c.at)), await outcome(() => referenceFindLocations(db, q, who, c.at))];
    // a list answer as GET /locations writes it (locationsJson: the stores' own texts where they carry one)
    const listed = c.kind !== 'nearest' && 'ok' in app ? (app.ok as LocationsResponse) : null;
    const a = listed ? `{"ok":${locationsJson(listed)}}` : JSON.stringify(app);
    const r = JSON.stringify(reference);
    for (const s of listed?.stores ?? []) if ((s.store as SummaryWithJson)[STORE_JSON] !== undefined) result.storeTexts++;
    if (a !== r) result.mismatches.push({ index, c, app: a, reference: r });
    if (q.features.includes('ON')) result.openNowCases++;
    if ('ok' in reference) {
      const stores = c.kind === 'nearest' ? 1 : (reference.ok as LocationsResponse).stores.length;
      result.stores += stores;
      if (!stores) result.emptyOrNotFound++;
    } else result.emptyOrNotFound++;
  }
  return result;
}
