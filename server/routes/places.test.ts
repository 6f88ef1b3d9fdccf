import { beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import { PlacesResponse } from '../../contracts/locations.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';

forEachDb('GET /apiproxy/v1/places/autocomplete', ({ db }) => {
  let client: ReturnType<typeof testClient>;
  beforeAll(() => {
    client = testClient(appFor(db()));
  });
  const places = async (query: string) => {
    const r = await client.get(`/apiproxy/v1/places/autocomplete?${query}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return v.parse(PlacesResponse, r.json).places;
  };

  it('prefix match, biggest first, store countries first', async () => {
    const list = await places('q=sea');
    expect(list[0]).toMatchObject({ name: 'Seattle', displayName: 'Seattle, WA, US' });
    expect(list.length).toBe(8);
    expect(list.every((p) => p.name.toLowerCase().startsWith('sea'))).toBe(true);
  });

  it('"name, state[, country]" input', async () => {
    expect((await places('q=Seattle%2C%20WA'))[0]?.displayName).toBe('Seattle, WA, US');
    expect((await places('q=seattle%2C%20wa%2C%20us'))[0]?.displayName).toBe('Seattle, WA, US');
    const portlands = await places('q=portland%2C%20m');
    expect(portlands.length).toBeGreaterThan(0);
    expect(portlands.every((p) => /^Portland, M., US$/.test(p.displayName))).toBe(true);
    expect((await places('q=london%2C%20eng'))[0]?.displayName).toBe('London, England, GB');
    expect((await places('q=london%2C%20on'))[0]?.displayName).toBe('London, ON, CA');
  });

  it('accents and punctuation are ignored', async () => {
    expect((await places('q=Montr%C3%A9al'))[0]?.displayName).toBe('Montréal, QC, CA');
    expect((await places('q=montreal'))[0]?.displayName).toBe('Montréal, QC, CA');
    expect((await places('q=winston-sal'))[0]?.name).toBe('Winston-Salem');
    expect((await places('q=st.%20louis'))[0]?.displayName).toBe('St. Louis, MO, US');
  });

  it('limit, and nothing for input without letters or digits', async () => {
    expect(await places('q=san&limit=3')).toHaveLength(3);
    expect(await places('q=%25%25_')).toEqual([]);
    expect(await places('q=zzzzqqq')).toEqual([]);
  });

  it.each([['q='], ['q=%20%20'], [''], [`q=${'a'.repeat(81)}`], ['q=sea&limit=0'], ['q=sea&limit=21'], ['q=sea&limit=x']])('400 for ?%s', async (query) => {
    const r = await client.get(`/apiproxy/v1/places/autocomplete?${query}`);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('BAD_REQUEST');
    expect(['q', 'limit']).toContain(r.json.field);
  });
});
