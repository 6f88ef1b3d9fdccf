import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LocationsResponse, PlacesResponse } from '../../contracts/locations.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { GEOCODER_CASES } from './geocoder.cases.ts';
import { geocode, suggest } from './geocoder.ts';
import { canonicalName, parseGeoQuery, parsePlace, postalCandidates } from './geocoder-text.ts';

describe('geocoder input reading (pure)', () => {
  it('postal codes at the end of the input', () => {
    expect(postalCandidates('Seattle, WA 98101')).toEqual([{ country: 'US', code: '98101' }]);
    expect(postalCandidates('98101-1234')).toEqual([{ country: 'US', code: '98101' }]);
    expect(postalCandidates('m5v 2t6')).toEqual([{ country: 'CA', code: 'M5V' }]);
    expect(postalCandidates('SW1A 1AA')).toEqual([{ country: 'GB', code: 'SW1A', area: 'SW' }]);
    expect(postalCandidates('M1 1AE')).toEqual([{ country: 'GB', code: 'M1', area: 'M' }]);
    // "M5V" is Canadian only: UK districts ending in a letter exist only in central London
    expect(postalCandidates('M5V')).toEqual([{ country: 'CA', code: 'M5V' }]);
    expect(postalCandidates('Pine St')).toEqual([]);
  });

  it('regions with or without a comma, countries, aliases and abbreviations', () => {
    expect(parsePlace('Portland OR')).toEqual({ name: 'portland', country: 'US', admin1: 'OR', alias: false });
    expect(parsePlace('Portland, Oregon, USA')).toEqual({ name: 'portland', country: 'US', admin1: 'OR', alias: false });
    expect(parsePlace('London, Ontario')).toMatchObject({ name: 'london', country: 'CA', admin1: 'ON' });
    // the locator's own display name of a Canadian place: "CA" after a province is Canada, not California
    expect(parsePlace('London, ON, CA')).toEqual({ name: 'london', country: 'CA', admin1: 'ON', alias: false });
    expect(parsePlace('Ontario, CA')).toEqual({ name: 'ontario', country: 'US', admin1: 'CA', alias: false });
    expect(parsePlace('NYC')).toEqual({ name: 'new york city', country: 'US', admin1: 'NY', alias: true });
    expect(parsePlace('New York')).toMatchObject({ name: 'new york city', alias: true });
    expect(canonicalName('St. Louis')).toBe('saint louis');
    expect(canonicalName('Ft. Worth')).toBe('fort worth');
    expect(canonicalName('Mt Vernon')).toBe('mount vernon');
    expect(parseGeoQuery('1912 Pike Pl, Seattle')).toMatchObject({ kind: 'street', street: '1912 pike pl', place: { name: 'seattle' } });
    expect(parseGeoQuery('   ')).toEqual({ kind: 'empty' });
  });
});

forEachDb('geocoder', ({ db }) => {
  it(`resolves the ${GEOCODER_CASES.length} table queries`, async () => {
    expect(GEOCODER_CASES.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const k of GEOCODER_CASES) {
      const got = (await geocode(db(), k.query, k.near ?? null))?.displayName ?? null;
      if (got !== k.expected) failures.push(`${JSON.stringify(k.query)}${k.near ? ` near ${k.near.lat},${k.near.lng}` : ''}: expected ${k.expected}, got ${got}`);
    }
    expect(failures).toEqual([]);
  });

  it('every place of 50,000+ in the store countries resolves to itself by its display name', async () => {
    // the search box shows a chosen suggestion's display name, and Enter searches by that text; the benchmark
    // searches by these names too ("Vancouver, BC, CA" once read CA as California: 85 of them not found)
    const towns = (await db().query<{ display_name: string }>(`select display_name from places where country_code in ('US', 'CA', 'GB') and population >= 50000 order by id`)).rows;
    expect(towns.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    for (const t of towns) {
      const got = (await geocode(db(), t.display_name, null))?.displayName ?? null;
      if (got !== t.display_name) failures.push(`${t.display_name}: got ${got}`);
    }
    expect(failures).toEqual([]);
  });

  it('postal codes come back at their centroid', async () => {
    expect(await geocode(db(), '98101')).toMatchObject({ kind: 'postal', name: '98101', latitude: 47.6114, longitude: -122.3305 });
    const toronto = await geocode(db(), 'M5V 2T6');
    expect(toronto?.latitude).toBeCloseTo(43.65, 1);
    expect(toronto?.longitude).toBeCloseTo(-79.37, 1);
    const westminster = await geocode(db(), 'SW1A 1AA');
    expect(westminster?.latitude).toBeCloseTo(51.47, 1);
  });

  it('a street address resolves to the store', async () => {
    expect(await geocode(db(), '1912 Pike Pl')).toMatchObject({ kind: 'street', latitude: 47.609722, longitude: -122.342145 });
  });

  it('autocomplete answers ZIP codes, FSAs and UK outward codes by prefix', async () => {
    const zips = await suggest(db(), '981', 6);
    expect(zips).toHaveLength(6);
    expect(zips.every((z) => /^Seattle, WA 981\d\d$/.test(z.displayName))).toBe(true);
    expect((await suggest(db(), '98101', 6))[0]?.displayName).toBe('Seattle, WA 98101');
    const fsas = await suggest(db(), 'M5', 6);
    expect(fsas.map((f) => f.displayName)).toContain('Downtown Toronto, ON M5A');
    expect((await suggest(db(), 'SW1A', 6))[0]?.displayName).toBe('London SW1A, GB');
  });

  it('autocomplete: an alias first, then the prefix of what was typed; typos when nothing starts so', async () => {
    const la = (await suggest(db(), 'la', 6)).map((p) => p.displayName);
    expect(la[0]).toBe('Los Angeles, CA, US');
    expect(la).toContain('Las Vegas, NV, US');
    expect((await suggest(db(), 'Seatel', 6))[0]?.displayName).toBe('Seattle, WA, US');
    expect((await suggest(db(), 'portland, or', 6))[0]?.displayName).toBe('Portland, OR, US');
  });

  it('autocomplete near the map centre ranks the nearer same-named place first', async () => {
    expect((await suggest(db(), 'portland', 3, { lat: 42.36, lng: -71.06 }))[0]?.displayName).toBe('Portland, ME, US');
    expect((await suggest(db(), 'portland', 3, { lat: 47.6, lng: -122.3 }))[0]?.displayName).toBe('Portland, OR, US');
  });

  describe('over HTTP', () => {
    let client: ReturnType<typeof testClient>;
    beforeAll(() => {
      client = testClient(appFor(db()));
    });

    it('GET /locations?place=98101 finds the Seattle stores around the ZIP centroid', async () => {
      const r = await client.get('/apiproxy/v1/locations?place=98101');
      expect(r.status).toBe(200);
      const body = v.parse(LocationsResponse, r.json);
      expect(body.placeName).toBe('Seattle, WA 98101');
      expect(body.coordinates).toEqual({ latitude: 47.6114, longitude: -122.3305 });
      expect(body.stores.length).toBeGreaterThan(0);
    });

    it('GET /locations?place=Portland&near= uses the map centre', async () => {
      const r = await client.get(`/apiproxy/v1/locations?place=Portland&near=${encodeURIComponent('42.36,-71.06')}`);
      expect(r.status).toBe(200);
      expect(v.parse(LocationsResponse, r.json).placeName).toBe('Portland, ME, US');
    });

    it('autocomplete over HTTP answers ZIPs', async () => {
      const r = await client.get('/apiproxy/v1/places/autocomplete?q=9810&near=47.6,-122.3');
      expect(r.status).toBe(200);
      expect(v.parse(PlacesResponse, r.json).places[0]?.displayName).toMatch(/^Seattle, WA 9810\d$/);
    });

    it.each([['near=47.6'], ['near=abc'], ['near=91,0'], ['near=0,181']])('400 for a malformed %s', async (q) => {
      const r = await client.get(`/apiproxy/v1/locations?place=Seattle&${q}`);
      expect(r.status).toBe(400);
      expect(r.json.field).toBe('near');
      const a = await client.get(`/apiproxy/v1/places/autocomplete?q=sea&${q}`);
      expect(a.status).toBe(400);
      expect(a.json.field).toBe('near');
    });

    it('unknown places still answer PLACE_NOT_FOUND', async () => {
      const r = await client.get('/apiproxy/v1/locations?place=zzzzqqq');
      expect(r.status).toBe(404);
      expect(r.json.code).toBe('PLACE_NOT_FOUND');
    });
  });
});
