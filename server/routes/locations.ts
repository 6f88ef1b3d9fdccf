import type { Hono } from 'hono';
import * as v from 'valibot';
import { FavoriteStoreRequest, LocationsQuery, NearestLocationRequest, PlacesQuery, shortStoreNumber, type FavoriteStoreResponse, type PlacesResponse } from '../../contracts/locations.ts';

type FavoriteBody = v.InferOutput<typeof FavoriteStoreResponse>;
type PlacesBody = v.InferOutput<typeof PlacesResponse>;
import { StoreNumber } from '../../contracts/store-number.ts';
import type { AppEnv } from '../http/types.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import { parseJson, parseParams, parseQuery } from '../http/validate.ts';
import { now } from '../clock.ts';
import { LocatorNotFound, findLocations, findNearest, locationsJson } from '../locator/locations.ts';
import { addFavorite, removeFavorite } from '../locator/favorites.ts';
import { suggest } from '../locator/geocoder.ts';
import { formatStoreCached } from '../locator/store-format.ts';
import { storeByNumber, storeExists } from '../locator/store-queries.ts';

/**
 * Store locator REST endpoints (spec 1 section 7). Hot reads stay on plain REST (docs/architecture.md#server-rest-graphql-and-the-outbox).
 * GET  /apiproxy/v1/locations                      nearest stores around a place, coordinates or store
 * POST /apiproxy/v1/locations/nearest-location     the nearest store with the features, 404 when none
 * POST /apiproxy/v1/stores/favorites               add a favorite (signed in)
 * DELETE /apiproxy/v1/stores/favorites/:storeNumber remove a favorite (signed in)
 * GET  /apiproxy/v1/stores/:storeNumber            one store
 * GET  /apiproxy/v1/places/autocomplete            geocoder suggestions: places, ZIP/FSA/UK postcodes
 */
const StoreNumberParam = v.object({
  storeNumber: StoreNumber,
});

const notFound = (e: LocatorNotFound) => new ApiError(404, e.code, e.message);
const storeNotFound = () => new ApiError(404, 'STORE_NOT_FOUND', "Whoops! We couldn't find that store.");

async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    throw e instanceof LocatorNotFound ? notFound(e) : e;
  }
}

function signedInUser(session: AppEnv['Variables']['session']): string {
  if (!session) throw unauthorized('You must sign in to add this store to your favorites.');
  return session.userId;
}

export function registerLocatorRoutes(app: Hono<AppEnv>) {
  app.get('/apiproxy/v1/locations', async (c) => {
    const q = parseQuery(c, LocationsQuery);
    const found = await orNotFound(findLocations(c.var.deps.db, q, c.var.session?.userId ?? null, now()));
    // the text of c.json(found), written from the stores' cached texts (locations.ts locationsJson)
    return c.body(locationsJson(found), 200, { 'content-type': 'application/json' });
  });

  app.post('/apiproxy/v1/locations/nearest-location', async (c) => {
    const body = await parseJson(c, NearestLocationRequest);
    return c.json(await orNotFound(findNearest(c.var.deps.db, body, now())));
  });

  app.post('/apiproxy/v1/stores/favorites', async (c) => {
    const userId = signedInUser(c.var.session);
    const { storeNumber } = await parseJson(c, FavoriteStoreRequest);
    const { db } = c.var.deps;
    if (!(await storeExists(db, storeNumber))) throw storeNotFound();
    await addFavorite(db, userId, storeNumber);
    return c.json({ storeNumber, isFavorite: true } satisfies FavoriteBody);
  });

  app.delete('/apiproxy/v1/stores/favorites/:storeNumber', async (c) => {
    const userId = signedInUser(c.var.session);
    const storeNumber = shortStoreNumber(parseParams(c, StoreNumberParam).storeNumber);
    const { db } = c.var.deps;
    if (!(await storeExists(db, storeNumber))) throw storeNotFound();
    await removeFavorite(db, userId, storeNumber);
    return c.json({ storeNumber, isFavorite: false } satisfies FavoriteBody);
  });

  app.get('/apiproxy/v1/stores/:storeNumber', async (c) => {
    const { storeNumber } = parseParams(c, StoreNumberParam);
    const row = await storeByNumber(c.var.deps.db, storeNumber);
    if (!row) throw storeNotFound();
    return c.json({ store: formatStoreCached(row, now()) });
  });

  app.get('/apiproxy/v1/places/autocomplete', async (c) => {
    const { q, limit, near } = parseQuery(c, PlacesQuery);
    const rows = await suggest(c.var.deps.db, q, limit, near ?? null);
    const body: PlacesBody = { places: rows.map((p) => ({ id: p.id, name: p.name, displayName: p.displayName, latitude: p.latitude, longitude: p.longitude })) };
    return c.json(body);
  });
}
