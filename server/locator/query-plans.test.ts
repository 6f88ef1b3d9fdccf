import { expect, it } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { featureFilter } from './features.ts';
import { placeStageSql } from './geocoder.ts';
import { parsePartialPlace, parsePlace } from './geocoder-text.ts';
import { milesToMetres } from './store-format.ts';
import { nearestSql, type NearestQuery } from './store-queries.ts';

/** The locator's queries use the indexes (an index, not a scan: design.md section 8). */
const seattle = { lat: 47.6062, lng: -122.3321 };

const variants: [string, NearestQuery][] = [
  ['within 50 miles', { ...seattle, filter: featureFilter([]), radiusMetres: milesToMetres(50), limit: 50 }],
  ['with feature codes', { ...seattle, filter: featureFilter(['DT', 'WF', 'GC']), radiusMetres: milesToMetres(50), limit: 150 }],
  ['open 24 hours', { ...seattle, filter: featureFilter(['hrs24']), radiusMetres: milesToMetres(50), limit: 50 }],
  ['no distance limit (nearest-location)', { ...seattle, filter: featureFilter(['CX']), radiusMetres: null, limit: 1 }],
  ['in the middle of nowhere', { lat: 30, lng: -150, filter: featureFilter([]), radiusMetres: milesToMetres(50), limit: 500 }],
];

forEachDb('query plans', ({ db }) => {
  const plan = async (sql: string, params: unknown[]) => (await db().query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');

  it.each(variants)('nearest stores (%s) use the GiST index stores_earth', async (_name, q) => {
    const { sql, params } = nearestSql(q);
    const text = await plan(sql, params);
    expect(text).toContain('stores_earth');
    expect(text).not.toMatch(/Seq Scan on stores/);
  });

  it.each([['sea'], ['seattle, wa'], ['s'], ['portland, m']])('autocomplete %j is an index range scan on places_canon', async (input) => {
    const q = parsePartialPlace(input);
    if (!q) throw new Error('no query');
    const { sql, params } = placeStageSql(q, 'prefix', seattle, 8);
    const text = await plan(sql, params);
    expect(text).toContain('places_canon');
    expect(text).not.toMatch(/Seq Scan on places/);
  });

  it('typo tolerance (trigram similarity) uses the GIN index places_canon_trgm', async () => {
    const q = parsePlace('Sacremento');
    if (!q) throw new Error('no query');
    const { sql, params } = placeStageSql(q, 'fuzzy', null, 1);
    const text = await plan(sql, params);
    expect(text).toContain('places_canon_trgm');
    expect(text).not.toMatch(/Seq Scan on places/);
  });

  it('postal codes and store streets use their indexes', async () => {
    expect(await plan(`select * from postal_codes where code = $1 and country_code = $2`, ['98101', 'US'])).toMatch(/Index Scan using postal_codes_(pkey|prefix)/);
    expect(await plan(`select * from postal_codes where code ~>=~ $1 and code ~<~ $2`, ['981', '982'])).toContain('postal_codes_prefix');
    expect(await plan(`select * from stores where $1 <% lower(address->'lines'->>0)`, ['1912 pike pl'])).toContain('stores_street_trgm');
  });

  it('the open-24-hours filter uses the partial index stores_earth_24h', async () => {
    const { sql, params } = nearestSql({ ...seattle, filter: featureFilter(['hrs24', 'DT']), radiusMetres: milesToMetres(50), limit: 50 });
    expect(await plan(sql, params)).toContain('stores_earth_24h');
  });

  it('exact place lookup uses the index too', async () => {
    const q = parsePlace('Seattle, WA, US');
    if (!q) throw new Error('no query');
    const { sql, params } = placeStageSql(q, 'exact', null, 1);
    expect(await plan(sql, params)).toContain('places_canon');
  });
});
