import type { PlaceRow, StoreRow } from '../store-row.ts';
import { cumulativePicker, type Rng } from './prng.ts';
import { address, phoneNumber, postalCode, street, type Street } from './addresses.ts';
import { COMPANY_PATTERNS, LICENSED_PATTERNS, holidaysFor, weeklyHours } from './hours.ts';
import { ALLERGEN_NOTICE, PROP_65, amenities, featureCodes, mobileOrdering, pickupOptions } from './store-parts.ts';
import { timeZoneOf } from './regions.ts';

/** Share of stores per country (roughly the real chain's split). */
export const COUNTRY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['US', 85],
  ['CA', 8],
  ['GB', 7],
];

/** Towns of one country with a picker weighted by population^0.8 (big cities get many stores, suburbs some). */
export interface TownPicker {
  towns: PlaceRow[];
  pick: (rng: Rng) => PlaceRow;
}

export function townPicker(towns: PlaceRow[]): TownPicker {
  const pickIndex = cumulativePicker(towns.map((t) => Math.pow(t.population, 0.8)));
  return {
    towns,
    pick: (rng) => {
      const town = towns[pickIndex(rng)];
      if (!town) throw new Error('no towns to place stores in');
      return town;
    },
  };
}

/** `count` distinct store numbers of `digits` digits, none of them reserved, in random order. */
export function uniqueNumbers(rng: Rng, count: number, reserved: ReadonlySet<string>): string[] {
  const digits = count + reserved.size > 80_000 ? 6 : 5;
  const lo = 10 ** (digits - 1);
  const size = 9 * lo;
  const pool = new Int32Array(size);
  for (let i = 0; i < size; i++) pool[i] = lo + i;
  const out: string[] = [];
  // partial Fisher-Yates: only as many swaps as numbers taken
  for (let i = 0; out.length < count; i++) {
    if (i >= size) throw new Error(`not enough ${digits}-digit store numbers`);
    const j = i + Math.floor(rng.next() * (size - i));
    const picked = pool[j] ?? 0;
    pool[j] = pool[i] ?? 0;
    pool[i] = picked;
    const s = String(picked);
    if (!reserved.has(s)) out.push(s);
  }
  return out;
}

/** A point within `radiusKm` of the centre, uniform over the disc. */
export function jitter(rng: Rng, lat: number, lng: number, radiusKm: number): [number, number] {
  const r = radiusKm * Math.sqrt(rng.next());
  const theta = 2 * Math.PI * rng.next();
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [round6(lat + dLat), round6(lng + dLng)];
}
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function storeName(rng: Rng, town: PlaceRow, a: Street, b: Street, opts: { licensed: boolean; driveThru: boolean }): string {
  const city = town.name;
  if (opts.licensed) {
    const venue = rng.weighted<string>([['Market', 4], ['Grocery', 4], ['University', 1], ['Medical Center', 1], ['Hotel', 1], ['Bookstore', 1], ['Mall', 1], ['Airport', 0.3]]);
    return `${city} ${venue}`;
  }
  if (town.country_code === 'GB') {
    const base = rng.chance(0.7) ? `${city} ${a.full}` : `${city} ${rng.pick(['Station', 'Retail Park', 'Shopping Centre', 'Centre'])}`;
    return opts.driveThru ? `${city} ${rng.pick(['Retail Park', 'Road', 'Gateway'])} Drive Thru` : base;
  }
  const base = rng.weighted<string>([
    [`${a.full} & ${b.short}`, 50],
    [`${city} ${a.full}`, 20],
    [`${city} ${rng.pick(['Downtown', 'Town Center', 'Crossing', 'Commons', 'Square', 'Marketplace'])}`, 15],
    [`${a.short} ${rng.pick(['Plaza', 'Village', 'Center', 'Station'])}`, 15],
  ]);
  return opts.driveThru && rng.chance(0.4) ? `${base} Drive-Thru` : base;
}

function driveThruOdds(town: PlaceRow, licensed: boolean): number {
  if (licensed) return 0.02;
  if (town.country_code === 'GB') return 0.15;
  if (town.country_code === 'CA') return 0.4;
  return town.population > 500_000 ? 0.2 : 0.5;
}

/** One generated store in a town. */
export function generateStore(rng: Rng, town: PlaceRow, shortNumber: string, id: string): StoreRow {
  const country = town.country_code;
  const licensed = rng.chance(0.28);
  const driveThru = rng.chance(driveThruOdds(town, licensed));
  const driveThruOnly = driveThru && rng.chance(0.04);
  const curbside = !licensed && rng.chance(country === 'US' ? 0.15 : 0.05);
  const pattern = rng.weighted(licensed ? LICENSED_PATTERNS : COMPANY_PATTERNS);
  const [latitude, longitude] = jitter(rng, town.latitude, town.longitude, 0.6 + 0.004 * Math.sqrt(town.population));
  const a = street(country, rng);
  let b = street(country, rng);
  while (b.short === a.short || (/^\d/.test(a.short) && /^\d/.test(b.short))) b = street(country, rng);
  const streetLine = `${country === 'GB' ? rng.int(1, 240) : rng.int(100, 9999)} ${a.full}`;
  const mo = mobileOrdering(rng, { licensed, curbside });
  const pickup = pickupOptions({ inStore: !driveThruOnly, driveThru, curbside });
  const amenityList = amenities(rng, { licensed, driveThruOnly, mobileOrdering: mo });
  const labels = [...(country === 'US' && town.admin1 === 'CA' ? [PROP_65] : []), ...(rng.chance(0.04) ? [ALLERGEN_NOTICE] : [])];
  return {
    store_number: `${shortNumber}-${rng.int(10000, 99999)}`,
    short_number: shortNumber,
    id,
    name: storeName(rng, town, a, b, { licensed, driveThru }),
    latitude,
    longitude,
    address: address(town, streetLine, postalCode(country, town.admin1, rng)),
    country_code: country,
    phone_number: phoneNumber(country, town.admin1, rng),
    time_zone_id: timeZoneOf(country, town.admin1, latitude, longitude),
    ownership_type_code: licensed ? 'LS' : 'CO',
    weekly_hours: weeklyHours(pattern, rng),
    holidays: holidaysFor(country, rng),
    is_open_24_hours: pattern === 'allDay',
    pickup_options: pickup,
    amenities: amenityList,
    warning_labels: labels,
    mobile_ordering: mo,
    feature_codes: featureCodes(amenityList, pickup, mo),
  };
}

/** `count` stores over the towns of each country, weighted by population. */
export function generateStores(rng: Rng, count: number, townsByCountry: Map<string, TownPicker>, reserved: { shortNumbers: ReadonlySet<string>; ids: ReadonlySet<string> }): StoreRow[] {
  const numbers = uniqueNumbers(rng, count, reserved.shortNumbers);
  const ids = new Set(reserved.ids);
  const stores: StoreRow[] = [];
  for (const shortNumber of numbers) {
    const country = rng.weighted(COUNTRY_WEIGHTS);
    const picker = townsByCountry.get(country);
    if (!picker) throw new Error(`no towns for ${country}`);
    let id = String(rng.int(1_000_000, 9_999_999));
    while (ids.has(id)) id = String(rng.int(1_000_000, 9_999_999));
    ids.add(id);
    stores.push(generateStore(rng, picker.pick(rng), shortNumber, id));
  }
  return stores;
}
