import { queryPrepared, type Queryable } from '../db/db.ts';
import { prefixUpperBound } from '../db/search-name.ts';
import { STORE_COUNTRIES } from '../db/seed/places.ts';
import { parseGeoQuery, parsePartialPlace, parsePlace, postalCandidates, type PlaceQuery, type PostalQuery } from './geocoder-text.ts';

/**
 * The geocoder over the seeded data (docs/locator.md): postal codes (table postal_codes), store street
 * addresses (stores.address), and places (the GeoNames gazetteer, table places) by canonical name,
 * then by name prefix, then by trigram similarity (pg_trgm) for typos.
 *
 * Ranking of places with the same name: log(population), a bonus for the countries with stores, and,
 * when the map centre is known, a penalty growing with the log of the distance to it. So "Portland"
 * is Portland, OR from Seattle and Portland, ME from Boston; "Springfield" is the one nearest the map.
 */
export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface GeoMatch {
  id: number;
  name: string;
  displayName: string;
  latitude: number;
  longitude: number;
  kind: 'postal' | 'street' | 'place';
}

interface PlaceRowOut {
  id: number;
  name: string;
  display_name: string;
  latitude: number;
  longitude: number;
}

/** weight of the distance penalty: ln(1 + km / DISTANCE_SCALE_KM) */
const DISTANCE_SCALE_KM = 100;
const STORE_COUNTRY_BONUS = 3;
/** trigram similarity below which a fuzzy match is not offered */
const MIN_SIMILARITY = 0.3;

/**
 * SQL for the rank of a place row (alias p): higher is better. Parameters: $near_lat, $near_lng (null
 * when unknown), the store countries. Built as text so the same expression serves every stage.
 */
function rankSql(lat: string, lng: string, countries: string): string {
  return `(ln(p.population + 10) + case when p.country_code = any(${countries}::text[]) then ${STORE_COUNTRY_BONUS} else 0 end
    - case when ${lat}::float8 is null then 0
           else ln(1 + earth_distance(ll_to_earth(p.latitude, p.longitude), ll_to_earth(${lat}::float8, ${lng}::float8)) / ${DISTANCE_SCALE_KM * 1000}) end)`;
}

export type Stage = 'exact' | 'prefix' | 'fuzzy';

export function placeStageSql(q: PlaceQuery, stage: Stage, near: GeoPoint | null, limit: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.name, near?.lat ?? null, near?.lng ?? null, [...STORE_COUNTRIES]];
  let where: string;
  let order = `${rankSql('$2', '$3', '$4')} desc, p.id`;
  if (stage === 'exact') where = 'p.canon_name = $1';
  else if (stage === 'prefix') {
    params.push(prefixUpperBound(q.name));
    where = `p.canon_name ~>=~ $1 and p.canon_name ~<~ $${params.length}`;
  } else {
    params.push(MIN_SIMILARITY);
    // similarity weighs most; population and distance break near-ties ("pheonix" -> Phoenix, not Phenix)
    // a typo seldom hits the first letter: requiring it keeps "qwxyz town" from finding Cape Town
    where = `p.canon_name % $1 and similarity(p.canon_name, $1) >= $${params.length} and left(p.canon_name, 1) = left($1, 1)`;
    order = `(similarity(p.canon_name, $1) * 12 + 0.5 * ${rankSql('$2', '$3', '$4')}) desc, p.id`;
  }
  if (q.country) {
    params.push(q.country);
    where += ` and p.country_code = $${params.length}`;
  }
  if (q.admin1) {
    params.push(q.admin1);
    where += ` and p.admin1 = $${params.length}`;
  }
  for (const qualifier of q.qualifiers ?? []) {
    // search-form qualifiers are [a-z0-9 ] only: no LIKE wildcards to escape
    params.push(`%, ${qualifier}%`);
    where += ` and lower(p.display_name) like $${params.length}`;
  }
  params.push(limit);
  return {
    sql: `select p.id, p.name, p.display_name, p.latitude, p.longitude from places p where ${where} order by ${order} limit $${params.length}`,
    params,
  };
}

const toMatch = (r: PlaceRowOut, kind: GeoMatch['kind']): GeoMatch => ({ id: r.id, name: r.name, displayName: r.display_name, latitude: r.latitude, longitude: r.longitude, kind });

async function placeStage(db: Queryable, q: PlaceQuery, stage: Stage, near: GeoPoint | null, limit: number): Promise<GeoMatch[]> {
  if (!q.name) return [];
  const { sql, params } = placeStageSql(q, stage, near, limit);
  return (await queryPrepared<PlaceRowOut>(db, sql, params)).rows.map((r) => toMatch(r, 'place'));
}

interface PostalRowOut {
  id: number;
  code: string;
  country_code: string;
  place_name: string;
  display_name: string;
  latitude: number;
  longitude: number;
  precision: 'code' | 'area';
}

async function postalLookup(db: Queryable, candidates: PostalQuery[]): Promise<GeoMatch | null> {
  for (const c of candidates) {
    const code = c.country === 'GB' ? c.area : c.code;
    const row = (await queryPrepared<PostalRowOut>(db, 'select id, code, country_code, place_name, display_name, latitude, longitude, precision from postal_codes where code = $1 and country_code = $2', [code, c.country])).rows[0];
    if (!row) continue;
    // a UK outward code resolves to its area's town: say which code was asked for
    const displayName = c.country === 'GB' ? `${row.place_name} ${c.code}, GB` : row.display_name;
    return { id: row.id, name: c.code, displayName, latitude: row.latitude, longitude: row.longitude, kind: 'postal' };
  }
  return null;
}

interface StreetRowOut {
  short_number: string;
  line: string;
  single_line: string;
  latitude: number;
  longitude: number;
}

/** Street words as the seed writes them ("Pike Place" -> "pike pl"); GB streets keep full words, so both forms are tried. */
const STREET_ABBREVIATIONS: Record<string, string> = {
  street: 'st', avenue: 'ave', boulevard: 'blvd', road: 'rd', drive: 'dr', place: 'pl', parkway: 'pkwy',
  lane: 'ln', court: 'ct', north: 'n', south: 's', east: 'e', west: 'w',
};
const abbreviateStreet = (street: string) => street.split(' ').map((w) => STREET_ABBREVIATIONS[w] ?? w).join(' ');

/** A store whose first address line matches the typed street ("1912 pike pl"), optionally in a town. */
async function streetLookup(db: Queryable, street: string, place: PlaceQuery | null): Promise<GeoMatch | null> {
  for (const form of new Set([street, abbreviateStreet(street)])) {
    const params: unknown[] = [form];
    let where = `$1 <% lower(address->'lines'->>0) and word_similarity($1, lower(address->'lines'->>0)) >= 0.75`;
    if (place?.name) {
      params.push(place.name);
      where += ` and similarity(lower(address->>'city'), $${params.length}) >= 0.3`;
    }
    const row = (
      await queryPrepared<StreetRowOut>(
        db,
        `select short_number, address->'lines'->>0 as line, address->>'singleLine' as single_line, latitude, longitude
           from stores where ${where}
          order by word_similarity($1, lower(address->'lines'->>0)) desc, short_number limit 1`,
        params,
      )
    ).rows[0];
    if (row) return { id: -Number(row.short_number) - 1_000_000_000, name: row.line, displayName: row.single_line, latitude: row.latitude, longitude: row.longitude, kind: 'street' };
  }
  return null;
}

/** The best match for a search, or null (PLACE_NOT_FOUND). */
export async function geocode(db: Queryable, text: string, near: GeoPoint | null = null): Promise<GeoMatch | null> {
  const q = parseGeoQuery(text);
  if (q.kind === 'empty') return null;
  if (q.kind === 'postal') {
    const hit = await postalLookup(db, q.candidates);
    if (hit) return hit;
  }
  if (q.kind === 'street') {
    const hit = await streetLookup(db, q.street, q.place);
    if (hit) return hit;
  }
  const place = parsePlace(text);
  if (!place) return null;
  for (const stage of ['exact', 'prefix', 'fuzzy'] as const) {
    if (place.alias && stage !== 'exact') break;
    const [best] = await placeStage(db, place, stage, near, 1);
    if (best) return best;
  }
  // a region or country narrowing that matched nothing: try the name alone ("Paris, Texas" is fine,
  // but "Springfield, Canada" should still find a Springfield rather than nothing)
  return null;
}

/** Autocomplete: postal codes by prefix when the input looks like one, then places by prefix, then fuzzy. */
export async function suggest(db: Queryable, text: string, limit: number, near: GeoPoint | null = null): Promise<GeoMatch[]> {
  const out: GeoMatch[] = [];
  const seen = new Set<number>();
  const add = (rows: GeoMatch[]) => {
    for (const r of rows) {
      if (out.length >= limit || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(r);
    }
  };
  const compact = text.trim().toUpperCase().replace(/\s+/g, '');
  if (/^\d{1,5}$/.test(compact) || /^[A-Z]\d[A-Z]?$/.test(compact) || /^[A-Z]{2}\d{0,2}[A-Z]?$/.test(compact) || postalCandidates(text).length) {
    add(await postalPrefix(db, text, limit, near));
  }
  const place = parsePartialPlace(text);
  if (place && out.length < limit) {
    if (place.alias) add(await placeStage(db, place, 'exact', near, limit));
    // then the prefix of what was typed (after "sea", or the alias "la", the places starting with it)
    const asTyped = place.alias ? parsePlace(text, { aliases: false }) : place;
    if (asTyped && out.length < limit) add(await placeStage(db, asTyped, 'prefix', near, limit));
    if (asTyped && out.length === 0) add(await placeStage(db, asTyped, 'fuzzy', near, limit));
  }
  return out;
}

async function postalPrefix(db: Queryable, text: string, limit: number, near: GeoPoint | null): Promise<GeoMatch[]> {
  const exact = postalCandidates(text);
  const compact = text.trim().toUpperCase().replace(/\s+/g, '');
  // US and CA codes by prefix of what was typed (at most the code's length); UK areas exactly
  const rows: PostalRowOut[] = [];
  const cols = 'id, code, country_code, place_name, display_name, latitude, longitude, precision';
  for (const c of exact) {
    if (c.country !== 'GB') continue;
    rows.push(...(await db.query<PostalRowOut>(`select ${cols} from postal_codes where code = $1 and country_code = 'GB'`, [c.area])).rows);
  }
  const prefix = /^\d/.test(compact) ? compact.slice(0, 5) : compact.slice(0, 3);
  const r = await db.query<PostalRowOut>(
    `select ${cols} from postal_codes
      where code ~>=~ $1 and code ~<~ $2 and country_code <> 'GB'
      order by case when $3::float8 is null then 0
                    else earth_distance(ll_to_earth(latitude, longitude), ll_to_earth($3::float8, $4::float8)) end, code
      limit $5`,
    [prefix, prefixUpperBound(prefix), near?.lat ?? null, near?.lng ?? null, limit],
  );
  rows.push(...r.rows);
  const gb = new Map(exact.filter((c) => c.country === 'GB').map((c) => [c.area, c.code]));
  return rows.map((r) => {
    const asked = r.country_code === 'GB' ? gb.get(r.code) : undefined;
    return {
      id: r.id,
      name: asked ?? r.code,
      displayName: asked ? `${r.place_name} ${asked}, GB` : r.display_name,
      latitude: r.latitude,
      longitude: r.longitude,
      kind: 'postal' as const,
    };
  });
}
