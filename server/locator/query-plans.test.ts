import { expect, it } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { featureFilter } from './features.ts';
import { parsePlaceQuery, placeSql } from './place-queries.ts';
import { milesToMetres } from './store-format.ts';
import { nearestSql, type NearestQuery } from './store-queries.ts';

/** The locator's queries use the indexes (an index, not a scan: docs/architecture.md#performance). */
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

  it.each([['sea'], ['seattle, wa'], ['s']])('autocomplete %j is an index range scan on places_search_prefix', async (input) => {
    const { sql, params } = placeSql(parsePlaceQuery(input), 'prefix', 8);
    const text = await plan(sql, params);
    expect(text).toContain('places_search_prefix');
    expect(text).not.toMatch(/Seq Scan on places/);
  });

  it('the open-24-hours filter uses the partial index stores_earth_24h', async () => {
    const { sql, params } = nearestSql({ ...seattle, filter: featureFilter(['hrs24', 'DT']), radiusMetres: milesToMetres(50), limit: 50 });
    expect(await plan(sql, params)).toContain('stores_earth_24h');
  });

  it('exact place lookup uses the index too', async () => {
    const { sql, params } = placeSql(parsePlaceQuery('Seattle, WA, US'), 'exact', 1);
    expect(await plan(sql, params)).toContain('places_search_prefix');
  });
});
