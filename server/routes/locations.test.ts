import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiErrorBody } from '../../contracts/errors.ts';
import { LocationsResponse, MAX_RESULT_DISTANCE, NearestLocationResponse, StoreResponse, type LocationResult, type Store } from '../../contracts/locations.ts';
import { SEATTLE_STORES } from '../db/seed/seattle.ts';
import { setNow } from '../clock.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';

/** Monday 2026-11-23, 10:00 AM in Seattle */
const MONDAY_10AM_SEATTLE = new Date('2026-11-23T18:00:00Z');
/** Tuesday 2026-11-24, 2:00 AM in Seattle */
const TUESDAY_2AM_SEATTLE = new Date('2026-11-24T10:00:00Z');
const PIKE = { lat: 47.609722, lng: -122.342145 };

const numbers = (stores: LocationResult[]) => stores.map((s) => s.store.storeNumber);

forEachDb('GET /apiproxy/v1/locations', ({ db }) => {
  let client: ReturnType<typeof testClient>;
  const get = async (query: string) => {
    const r = await client.get(`/apiproxy/v1/locations?${query}`);
    return { ...r, body: r.status === 200 ? v.parse(LocationsResponse, r.json) : null };
  };
  const stores = async (query: string) => {
    const r = await get(query);
    expect(r.status).toBe(200);
    return r.body?.stores ?? [];
  };
  /** the whole stores behind list entries (the list carries the card's fields; GET /stores/:storeNumber the rest) */
  const whole = async (list: LocationResult[]): Promise<Store[]> =>
    Promise.all(
      list.map(async (l) => {
        const r = await client.get(`/apiproxy/v1/stores/${l.store.storeNumber}`);
        expect(r.status).toBe(200);
        return v.parse(StoreResponse, r.json).store;
      }),
    );

  beforeAll(() => {
    setNow(MONDAY_10AM_SEATTLE);
    client = testClient(appFor(db()));
  });
  afterAll(() => setNow(null));

  it('by place: the gazetteer centre, nearest first, within 50 miles', async () => {
    const r = await get('place=Seattle%2C%20WA');
    expect(r.status).toBe(200);
    const body = r.body!;
    expect(body.placeName).toBe('Seattle, WA, US');
    expect(body.coordinates.latitude).toBeCloseTo(47.606, 2);
    expect(body.coordinates.longitude).toBeCloseTo(-122.332, 2);
    expect(body.selectedStoreNumber).toBeNull();
    expect(body.expandedStoreNumber).toBeNull();
    expect(body.stores).toHaveLength(50);
    const distances = body.stores.map((s) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const s of body.stores) {
      expect(s.distance).toBeLessThanOrEqual(MAX_RESULT_DISTANCE);
      expect(Math.round(s.distance * 100) / 100).toBe(s.distance);
      expect(s).toMatchObject({ isFavorite: false, isPrevious: false, recommendationReason: 'NEARBY' });
    }
    expect(numbers(body.stores)).toContain(SEATTLE_STORES.firstAndPike);
  });

  it('by place: case, accents and the country part do not matter', async () => {
    for (const place of ['seattle', 'SEATTLE, wa, us', 'Seattle,WA']) expect((await get(`place=${encodeURIComponent(place)}`)).body?.placeName).toBe('Seattle, WA, US');
    expect((await get('place=montreal')).body?.placeName).toBe('Montréal, QC, CA');
    expect((await get('place=London%2C%20England')).body?.placeName).toBe('London, England, GB');
    expect((await get('place=Portland%2C%20ME')).body?.placeName).toBe('Portland, ME, US');
  });

  it('by lat/lng: the centre is the coordinates, distances in miles', async () => {
    const r = await get(`lat=${PIKE.lat}&lng=${PIKE.lng}&limit=10`);
    expect(r.body?.coordinates).toEqual({ latitude: PIKE.lat, longitude: PIKE.lng });
    expect(r.body?.placeName).toBeNull();
    expect(r.body?.stores).toHaveLength(10);
    expect(r.body?.stores[0]?.store.storeNumber).toBe(SEATTLE_STORES.firstAndPike);
    expect(r.body?.stores[0]?.distance).toBe(0);
    // SoDo is about 2.1 miles south of Pike Place
    const sodo = (await stores(`lat=${PIKE.lat}&lng=${PIKE.lng}&limit=500`)).find((s) => s.store.storeNumber === SEATTLE_STORES.curbside);
    expect(sodo?.distance).toBeGreaterThan(1.9);
    expect(sodo?.distance).toBeLessThan(2.3);
  });

  it('by store number, short or full: centred on the store, which is selected', async () => {
    for (const n of ['10004', '10004-10104']) {
      const r = await get(`storeNumber=${n}&limit=5`);
      expect(r.body?.selectedStoreNumber).toBe(SEATTLE_STORES.notReady);
      expect(r.body?.stores[0]?.store.storeNumber).toBe(SEATTLE_STORES.notReady);
      expect(r.body?.stores[0]?.distance).toBe(0);
      expect(r.body?.coordinates).toEqual(r.body?.stores[0]?.store.coordinates);
    }
  });

  it('the queried store stays in the results even when a filter excludes it', async () => {
    const list = await stores(`storeNumber=${SEATTLE_STORES.notReady}&features=MO&limit=5`);
    expect(list[0]?.store.storeNumber).toBe(SEATTLE_STORES.notReady);
    expect(list.slice(1).every((s) => s.store.mobileOrdering.availability === 'READY')).toBe(true);
  });

  it('404 for an unknown store number or place', async () => {
    for (const [query, code] of [
      ['storeNumber=1', 'STORE_NOT_FOUND'],
      ['storeNumber=0000000000-1', 'STORE_NOT_FOUND'],
      ['place=Qwxzzyv', 'PLACE_NOT_FOUND'],
      ['place=%2C%2C%2C', 'PLACE_NOT_FOUND'],
      ['place=%E2%98%95', 'PLACE_NOT_FOUND'],
    ] as const) {
      const r = await client.get(`/apiproxy/v1/locations?${query}`);
      expect(r.status, query).toBe(404);
      expect(v.parse(ApiErrorBody, r.json).code).toBe(code);
    }
  });

  it('limit caps the nearby results', async () => {
    expect(await stores('place=Seattle&limit=3')).toHaveLength(3);
  });

  it('stores farther than 50 miles are dropped', async () => {
    // the middle of the Pacific: no store within 50 miles
    expect(await stores('lat=30&lng=-150')).toEqual([]);
    // Spokane: a few dozen stores within 50 miles, far fewer than 500
    const spokane = await stores('place=Spokane%2C%20WA&limit=500');
    expect(spokane.length).toBeGreaterThan(0);
    expect(spokane.length).toBeLessThan(500);
    expect(Math.max(...spokane.map((s) => s.distance))).toBeLessThanOrEqual(50);
  });

  describe('feature filter: a store passes when it has every selected code', () => {
    it('DT (drive-thru)', async () => {
      const list = await stores('place=Seattle&features=DT');
      expect(list.length).toBeGreaterThan(0);
      expect((await whole(list)).every((s) => s.pickUpOptions.some((p) => p.code === 'DT'))).toBe(true);
      expect(numbers(list)).toContain(SEATTLE_STORES.driveThru);
      expect(numbers(list)).not.toContain(SEATTLE_STORES.firstAndPike);
    });
    it('CX only where curbside is available', async () => {
      const list = await stores('place=Seattle&features=CX&limit=500');
      expect(list.length).toBeGreaterThan(0);
      expect((await whole(list)).every((s) => s.mobileOrdering.curbsideAvailability === 'available' && s.pickUpOptions.some((p) => p.code === 'CX'))).toBe(true);
      expect(numbers(list)).toContain(SEATTLE_STORES.curbside);
      expect(numbers(list)).not.toContain(SEATTLE_STORES.curbsideClosed);
    });
    it('GC (guest ordering) and MO (mobile ordering ready)', async () => {
      const gc = await stores('place=Seattle&features=GC&limit=500');
      expect(gc.every((s) => s.store.mobileOrdering.guestOrdering)).toBe(true);
      expect(numbers(gc)).not.toContain(SEATTLE_STORES.noGuestOrdering);
      const mo = await stores('place=Seattle&features=MO&limit=500');
      expect(mo.every((s) => s.store.mobileOrdering.availability === 'READY')).toBe(true);
      expect(numbers(mo)).not.toContain(SEATTLE_STORES.notReady);
    });
    it('amenities, combined', async () => {
      const list = await stores('place=Seattle&features=WF,NB,DT');
      expect(list.length).toBeGreaterThan(0);
      for (const s of await whole(list)) {
        expect(s.amenities.map((a) => a.code)).toEqual(expect.arrayContaining(['WF', 'NB']));
        expect(s.pickUpOptions.map((p) => p.code)).toContain('DT');
      }
    });
    it('hrs24', async () => {
      const list = await stores('place=Seattle&features=hrs24');
      expect(list.length).toBeGreaterThan(0);
      expect((await whole(list)).every((s) => s.isOpen24Hours)).toBe(true);
      expect(numbers(list)).toContain(SEATTLE_STORES.allDay);
    });
    it('ON (open now) follows the clock in the store time zone', async () => {
      const day = await stores(`lat=${PIKE.lat}&lng=${PIKE.lng}&features=ON`);
      expect(day).toHaveLength(50);
      expect(day.every((s) => s.store.open)).toBe(true);
      expect(numbers(day)).toContain(SEATTLE_STORES.firstAndPike);

      setNow(TUESDAY_2AM_SEATTLE);
      try {
        const night = await stores(`lat=${PIKE.lat}&lng=${PIKE.lng}&features=ON`);
        expect(night.length).toBeGreaterThan(0);
        expect(night.every((s) => s.store.open)).toBe(true);
        expect(numbers(night)).toContain(SEATTLE_STORES.allDay);
        expect(numbers(night)).not.toContain(SEATTLE_STORES.firstAndPike);
        const all = await stores(`lat=${PIKE.lat}&lng=${PIKE.lng}&limit=5`);
        expect(all.find((s) => s.store.storeNumber === SEATTLE_STORES.firstAndPike)?.store).toMatchObject({ open: false, openStatusFormatted: 'Closed · Opens 5:30 AM' });
      } finally {
        setNow(MONDAY_10AM_SEATTLE);
      }
    });
    it('ON and DT together at night', async () => {
      setNow(TUESDAY_2AM_SEATTLE);
      try {
        const list = await stores('place=Seattle&features=ON,DT&limit=500');
        expect(list.every((s) => s.store.open)).toBe(true);
        expect((await whole(list)).every((s) => s.pickUpOptions.some((p) => p.code === 'DT'))).toBe(true);
      } finally {
        setNow(MONDAY_10AM_SEATTLE);
      }
    });
    it('an unknown code matches no store', async () => {
      expect(await stores('place=Seattle&features=ZZ')).toEqual([]);
    });
  });

  it('the list carries only what a card shows (contracts StoreSummary); the details come from GET /stores/:storeNumber', async () => {
    const [entry] = await stores(`storeNumber=${SEATTLE_STORES.firstAndPike}&limit=1`);
    expect(entry?.store).toEqual({
      storeNumber: SEATTLE_STORES.firstAndPike,
      name: '1st & Pike',
      coordinates: { latitude: expect.any(Number), longitude: expect.any(Number) },
      address: { singleLine: expect.stringContaining('Seattle, WA 98101') },
      open: true,
      openStatusFormatted: 'Open until 9:00 PM',
      mobileOrdering: { availability: 'READY', guestOrdering: true },
    });
    const near = await client.post('/apiproxy/v1/locations/nearest-location', { lat: PIKE.lat, lng: PIKE.lng });
    expect(Object.keys((near.json as { store: object }).store).sort()).toEqual(Object.keys(entry!.store).sort());
  });

  it('store fields: amenities without internal or pickup codes, schedule of 7 days', async () => {
    const [entry] = await stores(`storeNumber=${SEATTLE_STORES.firstAndPike}&limit=1`);
    const [pike] = await whole([entry!]);
    expect(pike).toMatchObject({
      name: '1st & Pike',
      open: true,
      openStatusFormatted: 'Open until 9:00 PM',
      hoursStatusFormatted: '5:30 AM to 9:00 PM',
      pickUpOptions: [{ code: '16', name: 'In store' }],
      amenities: [
        { code: 'WA', name: 'Oven-warmed food' },
        { code: 'NB', name: 'Nitro Cold Brew' },
        { code: 'WF', name: 'Wi-Fi' },
        { code: 'CL', name: 'Clover Brewed Coffee' },
      ],
      mobileOrdering: { availability: 'READY', guestOrdering: true, curbsideAvailability: 'unavailable', stallQuantity: 4 },
      isOpen24Hours: false,
      ownershipTypeCode: 'CO',
      timeZone: { timeZoneId: 'America/Los_Angeles' },
      address: { city: 'Seattle', countryCode: 'US', countrySubdivisionCode: 'WA', postalCode: '98101' },
    });
    expect(pike?.schedule.map((d) => d.dayFormatted)).toEqual(['Today', 'Tomorrow', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(pike?.schedule[3]).toEqual({ dayFormatted: 'Thursday', hoursFormatted: '7:00 AM to 2:00 PM', holidayFormatted: 'Thanksgiving Day' });
  });

  describe('bad input is a 400 naming the field, never a 500', () => {
    const cases: [query: string, field: string | undefined][] = [
      ['', undefined],
      ['lat=abc&lng=1', 'lat'],
      ['lat=91&lng=0', 'lat'],
      ['lat=-90.0001&lng=0', 'lat'],
      ['lat=0&lng=180.5', 'lng'],
      ['lat=0&lng=-181', 'lng'],
      ['lat=1e3&lng=1', 'lat'],
      ['lat=NaN&lng=1', 'lat'],
      ['lat=Infinity&lng=1', 'lat'],
      ['lat=0x10&lng=1', 'lat'],
      ['lat=%00&lng=1', 'lat'],
      ['lat=&lng=1', 'lat'],
      ['lng=1', undefined],
      ['lat=1', undefined],
      ['place=Seattle&limit=0', 'limit'],
      ['place=Seattle&limit=501', 'limit'],
      ['place=Seattle&limit=-1', 'limit'],
      ['place=Seattle&limit=1.5', 'limit'],
      ['place=Seattle&limit=abc', 'limit'],
      ['place=Seattle&features=D%20T', 'features.0'],
      ['place=Seattle&features=DT%3Bdrop%20table%20stores', 'features.0'],
      ['place=Seattle&features=%3Cscript%3E', 'features.0'],
      ['place=Seattle&features=ABCDEFGHI', 'features.0'],
      [`place=Seattle&features=${'DT,'.repeat(67)}`, 'features'],
      [`place=Seattle&features=${Array.from({ length: 31 }, (_, i) => `A${i}`).join(',')}`, 'features'],
      ['place=', 'place'],
      ['place=%20%20%20', 'place'],
      [`place=${'x'.repeat(121)}`, 'place'],
      ['storeNumber=abc', 'storeNumber'],
      ['storeNumber=1-2-3', 'storeNumber'],
      ['storeNumber=12345678901', 'storeNumber'],
      ['storeNumber=%2012345', 'storeNumber'],
      ['storeNumber=', 'storeNumber'],
    ];
    it.each(cases)('?%s', async (query, field) => {
      const r = await client.get(`/apiproxy/v1/locations?${query}`);
      expect(r.status).toBe(400);
      const body = v.parse(ApiErrorBody, r.json);
      expect(body.code).toBe('BAD_REQUEST');
      if (field) expect(body.field).toBe(field);
    });
  });
});

forEachDb('POST /apiproxy/v1/locations/nearest-location', ({ db }) => {
  let client: ReturnType<typeof testClient>;
  beforeAll(() => {
    setNow(MONDAY_10AM_SEATTLE);
    client = testClient(appFor(db()));
  });
  afterAll(() => setNow(null));
  const nearest = (body: unknown) => client.post('/apiproxy/v1/locations/nearest-location', body);

  it('the nearest store, with its coordinates', async () => {
    const r = await nearest({ lat: 47.618611, lng: -122.338333 });
    expect(r.status).toBe(200);
    const body = v.parse(NearestLocationResponse, r.json);
    expect(body.store.storeNumber).toBe(SEATTLE_STORES.driveThru);
    expect(body.distance).toBe(0);
    expect(body.coordinates).toEqual(body.store.coordinates);
  });

  it('with features: the first of the locator results for the same features', async () => {
    for (const features of [['CX'], ['DT', 'GC'], ['hrs24']]) {
      const r = await nearest({ lat: PIKE.lat, lng: PIKE.lng, features });
      const list = await client.get(`/apiproxy/v1/locations?lat=${PIKE.lat}&lng=${PIKE.lng}&features=${features.join(',')}&limit=1`);
      expect(r.json.store.storeNumber).toBe(list.json.stores[0].store.storeNumber);
    }
  });

  it('open now at 2 AM: a store that is open', async () => {
    setNow(TUESDAY_2AM_SEATTLE);
    try {
      const r = await nearest({ lat: PIKE.lat, lng: PIKE.lng, features: ['ON'] });
      expect(r.status).toBe(200);
      expect(r.json.store.open).toBe(true);
    } finally {
      setNow(MONDAY_10AM_SEATTLE);
    }
  });

  it('no distance limit', async () => {
    const r = await nearest({ lat: 30, lng: -150 });
    expect(r.status).toBe(200);
    expect(r.json.distance).toBeGreaterThan(MAX_RESULT_DISTANCE);
  });

  it('404 NO_STORES_FOUND when no store has the features', async () => {
    const r = await nearest({ lat: PIKE.lat, lng: PIKE.lng, features: ['ZZ'] });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('NO_STORES_FOUND');
  });

  it.each([
    [{ lat: 'abc', lng: 1 }, 'lat'],
    [{ lat: 1 }, 'lng'],
    [{ lat: 91, lng: 1 }, 'lat'],
    [{ lat: 1, lng: 1, features: 'DT' }, 'features'],
    [{ lat: 1, lng: 1, features: ['D T'] }, 'features.0'],
    ['{"lat": 1,', undefined],
    ['[]', undefined],
  ])('400 for %j', async (body, field) => {
    const r = await nearest(body);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('BAD_REQUEST');
    if (field) expect(r.json.field).toBe(field);
  });

  it('403 without the CSRF header', async () => {
    const r = await client.post('/apiproxy/v1/locations/nearest-location', { lat: 1, lng: 1 }, { csrf: false });
    expect(r.status).toBe(403);
  });
});

forEachDb('GET /apiproxy/v1/stores/:storeNumber', ({ db }) => {
  let client: ReturnType<typeof testClient>;
  beforeAll(() => {
    client = testClient(appFor(db()));
  });
  it('one store by full or short number', async () => {
    for (const n of ['10006', '10006-10106', '10006-1']) {
      const r = await client.get(`/apiproxy/v1/stores/${n}`);
      expect(r.status).toBe(200);
      expect(r.json.store).toMatchObject({ storeNumber: SEATTLE_STORES.curbside, mobileOrdering: { curbsideAvailability: 'available', stallQuantity: 6 } });
    }
  });
  it('404 STORE_NOT_FOUND, 400 for a malformed number', async () => {
    expect((await client.get('/apiproxy/v1/stores/1')).json.code).toBe('STORE_NOT_FOUND');
    const bad = await client.get('/apiproxy/v1/stores/abc');
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('storeNumber');
  });
});
