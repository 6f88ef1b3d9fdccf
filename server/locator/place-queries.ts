import type { Queryable } from '../db/db.ts';
import type { PlaceRow } from '../db/store-row.ts';
import { prefixUpperBound, searchName } from '../db/search-name.ts';
import { STORE_COUNTRIES } from '../db/seed/places.ts';

/**
 * Gazetteer reads. Input like "seattle", "Seattle, WA" or "Seattle, WA, US": the first part is matched on
 * places.search_name (equality or a prefix range on the text_pattern_ops index), every further part must
 * begin one of the comma-separated parts of the display name ("WA", "US", "England").
 * Places in countries with stores rank first, then by population.
 */
export interface PlaceQuery {
  name: string;
  qualifiers: string[];
}

export function parsePlaceQuery(text: string): PlaceQuery {
  const [first = '', ...rest] = text.split(',').map(searchName);
  return { name: first, qualifiers: rest.filter(Boolean) };
}

type PlaceMatch = Pick<PlaceRow, 'id' | 'name' | 'display_name' | 'latitude' | 'longitude'>;

export function placeSql(q: PlaceQuery, mode: 'exact' | 'prefix', limit: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.name];
  let where = 'search_name = $1';
  if (mode === 'prefix') {
    params.push(prefixUpperBound(q.name));
    where = `search_name ~>=~ $1 and search_name ~<~ $2`;
  }
  for (const qualifier of q.qualifiers) {
    // normalised qualifiers are [a-z0-9 ] only: no LIKE wildcards to escape
    params.push(`%, ${qualifier}%`);
    where += ` and lower(display_name) like $${params.length}`;
  }
  params.push([...STORE_COUNTRIES], limit);
  const sql = `select id, name, display_name, latitude, longitude from places where ${where}
    order by (country_code = any($${params.length - 1}::text[])) desc, population desc, id
    limit $${params.length}`;
  return { sql, params };
}

/** The best place for a search (exact name first, then prefix), or null. */
export async function resolvePlace(db: Queryable, text: string): Promise<PlaceMatch | null> {
  const q = parsePlaceQuery(text);
  if (!q.name) return null;
  for (const mode of ['exact', 'prefix'] as const) {
    const { sql, params } = placeSql(q, mode, 1);
    const row = (await db.query<PlaceMatch>(sql, params)).rows[0];
    if (row) return row;
  }
  return null;
}

/** Autocomplete: places whose name starts with the input, best first. */
export async function autocompletePlaces(db: Queryable, text: string, limit: number): Promise<PlaceMatch[]> {
  const q = parsePlaceQuery(text);
  if (!q.name) return [];
  const { sql, params } = placeSql(q, 'prefix', limit);
  return (await db.query<PlaceMatch>(sql, params)).rows;
}
