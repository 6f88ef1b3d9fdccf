import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Store } from '../../../contracts/locations.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { formatStore } from '../../locator/store-format.ts';
import { forEachDb } from '../../test/db.ts';
import type { StoreRow } from '../store-row.ts';
import { DEFAULT_STORE_COUNT, generateSeed, hilbertKey, inSpatialOrder, seedIfEmpty } from './seed.ts';
import { SEATTLE_STORES } from './seattle.ts';
import { DEMO_PASSWORD } from './users.ts';

const digest = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex');
let memo: ReturnType<typeof generateSeed> | undefined;
const seed = () => (memo ??= generateSeed());

// generating 17,000 (and 90,000) stores takes seconds, more on a busy machine: a generous timeout
describe('generateSeed', { timeout: 180_000 }, () => {
  it('is deterministic: the same data twice', () => {
    const a = seed();
    const b = generateSeed();
    expect(digest(a.stores)).toBe(digest(b.stores));
    expect(digest(a.places)).toBe(digest(b.places));
    expect(a.users).toEqual(b.users);
  });

  it('builds the default count with unique numbers and ids, the Seattle stores first', () => {
    const { stores, places } = seed();
    expect(stores).toHaveLength(DEFAULT_STORE_COUNT);
    expect(new Set(stores.map((s) => s.store_number)).size).toBe(stores.length);
    expect(new Set(stores.map((s) => s.short_number)).size).toBe(stores.length);
    expect(new Set(stores.map((s) => s.id)).size).toBe(stores.length);
    expect(stores.slice(0, 8).map((s) => s.store_number)).toEqual(Object.values(SEATTLE_STORES));
    expect(stores.every((s) => /^[0-9]{5}-[0-9]{5}$/.test(s.store_number) && s.store_number.startsWith(`${s.short_number}-`))).toBe(true);
    expect(places.length).toBeGreaterThan(20_000);
    expect(places.length).toBeLessThan(40_000);
    expect(places.every((p) => /^[a-z0-9]+( [a-z0-9]+)*$/.test(p.search_name))).toBe(true);
  });

  it('inserts the stores along a Hilbert curve: the same rows, neighbours next to each other', () => {
    const { stores } = seed();
    const ordered = inSpatialOrder(stores);
    expect(digest([...ordered].sort((a, b) => a.id.localeCompare(b.id)))).toBe(digest([...stores].sort((a, b) => a.id.localeCompare(b.id))));
    const keys = ordered.map((s) => hilbertKey(s.latitude, s.longitude));
    expect(keys.every((k, i) => i === 0 || k >= keys[i - 1]!)).toBe(true);
    // consecutive stores are close: the median step is a few km (in generation order it is across the continent)
    const km = (a: StoreRow, b: StoreRow) => Math.hypot(a.latitude - b.latitude, (a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180)) * 111;
    const medianStep = (list: StoreRow[]) => list.slice(1).map((s, i) => km(list[i]!, s)).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    expect(medianStep(ordered)).toBeLessThan(10);
    expect(medianStep(stores)).toBeGreaterThan(100);
  });

  it('spreads stores over the US, Canada and Great Britain', () => {
    const { stores } = seed();
    const share = (cc: string) => stores.filter((s) => s.country_code === cc).length / stores.length;
    expect(share('US')).toBeGreaterThan(0.8);
    expect(share('CA')).toBeGreaterThan(0.05);
    expect(share('GB')).toBeGreaterThan(0.05);
    const zones = new Set(stores.map((s) => s.time_zone_id));
    for (const z of ['America/Los_Angeles', 'America/Denver', 'America/Phoenix', 'America/Chicago', 'America/New_York', 'America/Toronto', 'America/Vancouver', 'Europe/London']) expect(zones).toContain(z);
  });

  it('other counts: 6-digit numbers above 80,000 stores, small counts keep the Seattle stores', () => {
    expect(generateSeed({ storeCount: 20 }).stores).toHaveLength(20);
    const big = generateSeed({ storeCount: 90_000 }).stores;
    expect(big).toHaveLength(90_000);
    expect(new Set(big.map((s) => s.short_number)).size).toBe(90_000);
    expect(/^[0-9]{6}-/.test(big[100]?.store_number ?? '')).toBe(true);
  });

  it('feature codes agree with the store: CX only when curbside is available, GC, MO', () => {
    const problems: string[] = [];
    for (const s of seed().stores) {
      const codes = new Set(s.feature_codes);
      const pickup = new Set(s.pickup_options.map((p) => p.code));
      const check = (ok: boolean, what: string) => ok || problems.push(`${s.store_number}: ${what}`);
      check(codes.has('CX') === (pickup.has('CX') && s.mobile_ordering.curbsideAvailability === 'available'), 'CX');
      check(codes.has('DT') === pickup.has('DT'), 'DT');
      check(codes.has('GC') === s.mobile_ordering.guestOrdering, 'GC');
      check(codes.has('MO') === (s.mobile_ordering.availability === 'READY'), 'MO');
      check(s.amenities.every((a) => codes.has(a.code)), 'amenity codes');
      check(pickup.has('CX') ? s.mobile_ordering.stallQuantity >= 2 && s.mobile_ordering.stallQuantity <= 12 : s.mobile_ordering.curbsideAvailability === 'unavailable' && s.mobile_ordering.stallQuantity === 4, 'curbside');
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });
});

forEachDb('the seeded database', ({ db }) => {
  it('is seeded once (seed_info)', async () => {
    const info = (await db().query<{ version: string; store_count: number }>('select version, store_count from seed_info')).rows;
    expect(info).toEqual([{ version: expect.any(String), store_count: DEFAULT_STORE_COUNT }]);
    expect(await seedIfEmpty(db(), {})).toBeNull();
  });

  it('has at least 17,000 stores, each carrying every Store field', { timeout: 180_000 }, async () => {
    const rows = (await db().query<StoreRow>('select * from stores')).rows;
    expect(rows.length).toBeGreaterThanOrEqual(17_000);
    const at = new Date('2026-11-23T18:00:00Z');
    const kinds = { open: 0, allDay: 0, drive: 0, curbside: 0, labels: 0, holidays: 0, licensed: 0, notReady: 0, unavailable: 0, closedDay: 0 };
    const problems: string[] = [];
    const zones = new Set<string>();
    for (const row of rows) {
      const parsed = v.safeParse(Store, formatStore(row, at));
      if (!parsed.success) {
        problems.push(`${row.store_number}: ${parsed.issues[0].message}`);
        continue;
      }
      const store = parsed.output;
      const check = (ok: boolean, what: string) => ok || problems.push(`${row.store_number}: ${what}`);
      check(store.address.lines.length === 2 && store.address.singleLine.includes(store.address.city), 'address lines');
      check(!!store.address.postalCode && !!store.address.countrySubdivisionCode && !!store.address.countryCode, 'address codes');
      check(/^[0-9 -]+$/.test(store.phoneNumber ?? ''), 'phone');
      check(store.schedule.length === 7 && store.pickUpOptions.length > 0, 'schedule and pickup');
      check(!store.amenities.some((a) => ['XO', '16', 'DT', 'CX', '17', 'CC'].includes(a.code)), 'internal amenity shown');
      check(store.ownershipTypeCode === 'CO' || store.ownershipTypeCode === 'LS', 'ownership');
      zones.add(store.timeZone.timeZoneId);
      kinds.open += Number(store.open);
      kinds.allDay += Number(store.isOpen24Hours);
      kinds.drive += Number(store.pickUpOptions.some((p) => p.code === 'DT'));
      kinds.curbside += Number(store.mobileOrdering.curbsideAvailability === 'available');
      kinds.labels += Number(store.warningLabels.length > 0);
      kinds.holidays += Number(store.schedule.some((d) => d.holidayFormatted));
      kinds.licensed += Number(store.ownershipTypeCode === 'LS');
      kinds.notReady += Number(store.mobileOrdering.availability === 'NOT_READY');
      kinds.unavailable += Number(store.mobileOrdering.availability === 'UNAVAILABLE');
      kinds.closedDay += Number(store.schedule.some((d) => d.hoursFormatted === 'Closed'));
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // every zone is a real IANA zone (Intl throws RangeError otherwise)
    for (const timeZone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone })).not.toThrow();
    // every kind of store exists in numbers
    for (const [kind, count] of Object.entries(kinds)) expect(count, kind).toBeGreaterThan(100);
  });

  it('has the gazetteer with display names and search names', async () => {
    const r = await db().query<{ display_name: string; search_name: string }>(`select display_name, search_name from places where id in (5809844, 6077243, 2643743)`);
    expect(r.rows.map((x) => x.display_name).sort()).toEqual(['London, England, GB', 'Montréal, QC, CA', 'Seattle, WA, US']);
    expect(r.rows.map((x) => x.search_name).sort()).toEqual(['london', 'montreal', 'seattle']);
  });

  it('has the demo accounts with their password, favorites and previous stores', { timeout: 180_000 }, async () => {
    const users = (await db().query<{ id: string; email: string; first_name: string; password_hash: string }>(`select id, email, first_name, password_hash from users where email in ('demo@example.com', 'regular@example.com') order by email`)).rows;
    expect(users.map((u) => [u.email, u.first_name])).toEqual([
      ['demo@example.com', 'Avery'],
      ['regular@example.com', 'Jordan'],
    ]);
    for (const u of users) expect(await verifyPassword(DEMO_PASSWORD, u.password_hash)).toBe(true);
    const jordan = users[1]!.id;
    const favorites = await db().query<{ n: string }>('select short_number as n from favorite_stores where user_id = $1 order by 1', [jordan]);
    expect(favorites.rows.map((r) => r.n)).toEqual(['10001', '10002', '10006']);
    const previous = await db().query<{ n: string }>('select short_number as n from previous_stores where user_id = $1 order by 1', [jordan]);
    expect(previous.rows.map((r) => r.n)).toEqual(['10003', '10005', '10008']);
  });
});
