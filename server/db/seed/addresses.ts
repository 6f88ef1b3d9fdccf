import type { PlaceRow, StoreAddress } from '../store-row.ts';
import type { Rng } from './prng.ts';
import { CA_PROVINCES, GB_NATIONS, US_STATES } from './regions.ts';

/** Street names by country: [name without suffix, suffix]. Names like "5th Ave & Pine" drop the second suffix. */
const NA_NAMED = [
  'Main', 'Pine', 'Oak', 'Maple', 'Cedar', 'Elm', 'Washington', 'Park', 'Lake', 'Hill', 'Market', 'Union', 'Madison',
  'Jefferson', 'Lincoln', 'Franklin', 'Center', 'Church', 'Spring', 'River', 'Highland', 'Sunset', 'University',
  'College', 'Commerce', 'Airport', 'Mill', 'Bridge', 'Harbor', 'Ocean', 'Forest', 'Chestnut', 'Walnut', 'Willow',
  'Jackson', 'Grand', 'Central', 'Westlake', 'Stewart', 'Olive', 'Marion', 'Cherry', 'Spruce', 'Birch', 'Aspen',
  'Meridian', 'Pacific', 'Atlantic', 'Front', 'Water', 'King', 'Queen', 'Victoria', 'Wellington', 'Dundas', 'Yonge',
];
const NA_SUFFIX = ['St', 'St', 'St', 'Ave', 'Ave', 'Blvd', 'Rd', 'Dr', 'Way', 'Pkwy'];
const GB_STREETS = [
  'High Street', 'Station Road', 'Church Street', 'Market Street', 'King Street', 'Queen Street', 'Victoria Road',
  'London Road', 'Park Road', 'Bridge Street', 'Castle Street', 'Mill Lane', 'George Street', 'North Street',
  'West Street', 'New Road', 'The Parade', 'Broad Street', 'Sheep Street', 'Fore Street', 'Regent Street', 'Union Street',
];

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

export interface Street {
  /** "Pine St", "5th Ave", "High Street" */
  full: string;
  /** "Pine", "5th", "High Street" */
  short: string;
}

export function street(country: string, rng: Rng): Street {
  if (country === 'GB') {
    const s = rng.pick(GB_STREETS);
    return { full: s, short: s };
  }
  if (rng.chance(0.3)) {
    const n = ordinal(rng.int(1, 45));
    const suffix = rng.pick(['St', 'Ave']);
    return { full: `${n} ${suffix}`, short: `${n} ${suffix}` };
  }
  const base = rng.pick(NA_NAMED);
  return { full: `${base} ${rng.pick(NA_SUFFIX)}`, short: base };
}

const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
const GB_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function postalCode(country: string, admin1: string, rng: Rng): string {
  if (country === 'US') {
    const [lo, hi] = US_STATES[admin1] ?? [100, 999];
    return `${String(rng.int(lo, hi)).padStart(3, '0')}${String(rng.int(1, 99)).padStart(2, '0')}`;
  }
  if (country === 'CA') {
    const first = rng.pick([...(CA_PROVINCES[admin1]?.[0] ?? 'K')]);
    const l = () => rng.pick([...CA_LETTERS]);
    return `${first}${rng.int(0, 9)}${l()} ${rng.int(0, 9)}${l()}${rng.int(0, 9)}`;
  }
  const area = rng.pick(GB_NATIONS[admin1]?.[1] ?? ['SW']);
  const l = () => rng.pick([...GB_LETTERS]);
  return `${area}${rng.int(1, 20)} ${rng.int(1, 9)}${l()}${l()}`;
}

/** Fictional numbers only: NANP 555-01XX, and Ofcom's drama range 020 7946 0XXX. */
export function phoneNumber(country: string, admin1Code: string, rng: Rng): string {
  const tail = String(rng.int(0, 99)).padStart(2, '0');
  if (country === 'GB') return `020 7946 0${String(rng.int(0, 999)).padStart(3, '0')}`;
  const area = country === 'CA' ? (CA_PROVINCES[admin1Code]?.[1] ?? 416) : (US_STATES[admin1Code]?.[2] ?? 212);
  return `${area}-555-01${tail}`;
}

/** The address of a store in a place: the street line, the city line, and the single line. */
export function address(place: PlaceRow, streetLine: string, postal: string): StoreAddress {
  const city = place.name;
  const sub = place.admin1;
  const cityLine = place.country_code === 'GB' ? `${city} ${postal}` : `${city}, ${sub} ${postal}`;
  return {
    singleLine: `${streetLine}, ${cityLine}`,
    lines: [streetLine, cityLine],
    city,
    postalCode: postal,
    countryCode: place.country_code,
    countrySubdivisionCode: sub,
  };
}
