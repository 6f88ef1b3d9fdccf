import { beforeAll, describe, expect, it } from 'vitest';
import { SEATTLE_STORES } from '../db/seed/seattle.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { favoriteNumbers, signInAs } from '../test/locator-helpers.ts';

const JORDAN_FAVORITES = ['10001', '10002', '10006'];

forEachDb('favorite stores', ({ db }) => {
  let guest: ReturnType<typeof testClient>;
  let avery: ReturnType<typeof testClient>;
  let jordan: ReturnType<typeof testClient>;
  let averyId: string;
  let jordanId: string;

  beforeAll(async () => {
    const app = appFor(db());
    guest = testClient(app);
    avery = testClient(app);
    jordan = testClient(app);
    averyId = await signInAs(db(), avery.jar, 'demo@example.com');
    jordanId = await signInAs(db(), jordan.jar, 'regular@example.com');
  });

  describe('guests', () => {
    it('401 UNAUTHORIZED on add and remove', async () => {
      const add = await guest.post('/apiproxy/v1/stores/favorites', { storeNumber: '10004' });
      expect(add.status).toBe(401);
      expect(add.json).toMatchObject({ code: 'UNAUTHORIZED', message: 'You must sign in to add this store to your favorites.' });
      const remove = await guest.del('/apiproxy/v1/stores/favorites/10001');
      expect(remove.status).toBe(401);
      expect(remove.json.code).toBe('UNAUTHORIZED');
    });
    it('an unknown or expired session is a guest', async () => {
      const stranger = testClient(appFor(db()));
      stranger.jar.set('sid', 'A'.repeat(43));
      expect((await stranger.post('/apiproxy/v1/stores/favorites', { storeNumber: '10004' })).status).toBe(401);
    });
    it('locations carry no favorites for guests', async () => {
      const r = await guest.get(`/apiproxy/v1/locations?storeNumber=${SEATTLE_STORES.firstAndPike}&limit=3`);
      expect(r.json.stores.every((s: { isFavorite: boolean; recommendationReason: string }) => !s.isFavorite && s.recommendationReason === 'NEARBY')).toBe(true);
    });
  });

  it('the seeded regular has 3 favorites and 3 previous stores, shown with their reasons', async () => {
    expect(await favoriteNumbers(db(), jordanId)).toEqual(JORDAN_FAVORITES);
    // limit 1: the user's own stores within 50 miles join the nearest result
    const r = await jordan.get(`/apiproxy/v1/locations?storeNumber=${SEATTLE_STORES.firstAndPike}&limit=1`);
    expect(r.status).toBe(200);
    const byNumber = new Map<string, { isFavorite: boolean; isPrevious: boolean; recommendationReason: string }>(r.json.stores.map((s: { store: { storeNumber: string } }) => [s.store.storeNumber, s]));
    for (const n of [SEATTLE_STORES.firstAndPike, SEATTLE_STORES.driveThru, SEATTLE_STORES.curbside]) expect(byNumber.get(n)).toMatchObject({ isFavorite: true, isPrevious: false, recommendationReason: 'FAVORITE' });
    for (const n of [SEATTLE_STORES.allDay, SEATTLE_STORES.noGuestOrdering, SEATTLE_STORES.curbsideClosed]) expect(byNumber.get(n)).toMatchObject({ isFavorite: false, isPrevious: true, recommendationReason: 'USUAL' });
    expect(r.json.stores).toHaveLength(6);
  });

  it('own stores still pass through the filter', async () => {
    const r = await jordan.get(`/apiproxy/v1/locations?lat=47.6097&lng=-122.3421&limit=1&features=DT`);
    const mine = r.json.stores.filter((s: { recommendationReason: string }) => s.recommendationReason !== 'NEARBY').map((s: { store: { storeNumber: string } }) => s.store.storeNumber);
    expect(mine.sort()).toEqual([SEATTLE_STORES.driveThru, SEATTLE_STORES.curbside].sort());
  });

  it('add (full number cut before the dash), idempotent', async () => {
    const first = await avery.post('/apiproxy/v1/stores/favorites', { storeNumber: '10004-10104' });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ storeNumber: '10004', isFavorite: true });
    const again = await avery.post('/apiproxy/v1/stores/favorites', { storeNumber: '10004' });
    expect(again.json).toEqual({ storeNumber: '10004', isFavorite: true });
    expect(await favoriteNumbers(db(), averyId)).toEqual(['10004']);
  });

  it('the favorite shows in locations for that user only', async () => {
    const mine = await avery.get('/apiproxy/v1/locations?storeNumber=10004&limit=1');
    expect(mine.json.stores[0]).toMatchObject({ isFavorite: true, recommendationReason: 'FAVORITE' });
    const theirs = await jordan.get('/apiproxy/v1/locations?storeNumber=10004&limit=1');
    expect(theirs.json.stores[0]).toMatchObject({ isFavorite: false, recommendationReason: 'NEARBY' });
    expect(await favoriteNumbers(db(), jordanId)).toEqual(JORDAN_FAVORITES);
  });

  it("removing touches only the user's own row, idempotent", async () => {
    // Avery removing a store that only Jordan has as favorite changes nothing for Jordan
    expect((await avery.del('/apiproxy/v1/stores/favorites/10001')).json).toEqual({ storeNumber: '10001', isFavorite: false });
    expect(await favoriteNumbers(db(), jordanId)).toEqual(JORDAN_FAVORITES);
    const removed = await avery.del('/apiproxy/v1/stores/favorites/10004-10104');
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ storeNumber: '10004', isFavorite: false });
    expect((await avery.del('/apiproxy/v1/stores/favorites/10004')).status).toBe(200);
    expect(await favoriteNumbers(db(), averyId)).toEqual([]);
    expect(await favoriteNumbers(db(), jordanId)).toEqual(JORDAN_FAVORITES);
  });

  it('Jordan removes and re-adds a favorite; Avery is unaffected', async () => {
    await avery.post('/apiproxy/v1/stores/favorites', { storeNumber: '10002' });
    await jordan.del('/apiproxy/v1/stores/favorites/10002');
    expect(await favoriteNumbers(db(), jordanId)).toEqual(['10001', '10006']);
    expect(await favoriteNumbers(db(), averyId)).toEqual(['10002']);
    await jordan.post('/apiproxy/v1/stores/favorites', { storeNumber: '10002' });
    expect(await favoriteNumbers(db(), jordanId)).toEqual(JORDAN_FAVORITES);
  });

  it('404 STORE_NOT_FOUND for unknown stores', async () => {
    const add = await avery.post('/apiproxy/v1/stores/favorites', { storeNumber: '1' });
    expect(add.status).toBe(404);
    expect(add.json.code).toBe('STORE_NOT_FOUND');
    const remove = await avery.del('/apiproxy/v1/stores/favorites/1-1');
    expect(remove.status).toBe(404);
    expect(remove.json.code).toBe('STORE_NOT_FOUND');
  });

  it.each([[{}], [{ storeNumber: 'abc' }], [{ storeNumber: 10004 }], [{ storeNumber: '10004-' }], ['not json'], [[]]])('400 for the body %j', async (body) => {
    const r = await avery.post('/apiproxy/v1/stores/favorites', body);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('BAD_REQUEST');
  });

  it('400 for a malformed store number in the path', async () => {
    const r = await avery.del('/apiproxy/v1/stores/favorites/abc');
    expect(r.status).toBe(400);
    expect(r.json.field).toBe('storeNumber');
  });

  it('403 without the CSRF header', async () => {
    expect((await avery.post('/apiproxy/v1/stores/favorites', { storeNumber: '10004' }, { csrf: false })).status).toBe(403);
    expect((await avery.del('/apiproxy/v1/stores/favorites/10004', { csrf: false })).status).toBe(403);
  });
});
