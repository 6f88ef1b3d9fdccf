import { searchName } from '../db/search-name.ts';

/**
 * The geocoder's reading of what a customer types (pure: no database). docs/locator.md has the design.
 *
 * - postal codes: a US ZIP ("98101", "98101-1234", "Seattle, WA 98101"), a Canadian FSA or full postal
 *   code ("M5V", "M5V 2T6"), a UK outward code or full postcode ("SW1A", "SW1A 1AA", "M1 1AE");
 * - a street address of a store: starts with a house number ("1912 Pike Pl", "1912 Pike Place, Seattle");
 * - otherwise a place: "name", "name region", "name, region[, country]" where region is a US state,
 *   Canadian province or UK nation, by code or by name ("Portland OR", "Portland, Oregon",
 *   "London, Ontario"); whole-name aliases ("NYC", "Philly", "SF") and abbreviations inside names
 *   ("St./Saint", "Ft./Fort", "Mt./Mount") are read as the gazetteer's names.
 */

export const US_STATE_NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico',
};

export const CA_PROVINCE_NAMES: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
  NT: 'Northwest Territories', NU: 'Nunavut',
};

export interface Region {
  country: 'US' | 'CA' | 'GB';
  admin1: string;
}

/** Region spellings (search form) -> region. Codes and names; a few common extra spellings. */
export const REGIONS: ReadonlyMap<string, Region> = (() => {
  const m = new Map<string, Region>();
  for (const [code, name] of Object.entries(CA_PROVINCE_NAMES)) {
    m.set(searchName(code), { country: 'CA', admin1: code });
    m.set(searchName(name), { country: 'CA', admin1: code });
  }
  // US codes win over Canadian ones where they collide (none today, but the order says which)
  for (const [code, name] of Object.entries(US_STATE_NAMES)) {
    m.set(searchName(code), { country: 'US', admin1: code });
    m.set(searchName(name), { country: 'US', admin1: code });
  }
  const extra: [string, Region][] = [
    ['newfoundland', { country: 'CA', admin1: 'NL' }],
    ['pei', { country: 'CA', admin1: 'PE' }],
    ['quebec', { country: 'CA', admin1: 'QC' }],
    ['que', { country: 'CA', admin1: 'QC' }],
    ['ont', { country: 'CA', admin1: 'ON' }],
    ['alta', { country: 'CA', admin1: 'AB' }],
    ['calif', { country: 'US', admin1: 'CA' }],
    ['cali', { country: 'US', admin1: 'CA' }],
    ['mass', { country: 'US', admin1: 'MA' }],
    ['penn', { country: 'US', admin1: 'PA' }],
    ['wash', { country: 'US', admin1: 'WA' }],
    ['d c', { country: 'US', admin1: 'DC' }],
    ['england', { country: 'GB', admin1: 'ENG' }],
    ['eng', { country: 'GB', admin1: 'ENG' }],
    ['scotland', { country: 'GB', admin1: 'SCT' }],
    ['wales', { country: 'GB', admin1: 'WLS' }],
    ['northern ireland', { country: 'GB', admin1: 'NIR' }],
    ['ni', { country: 'GB', admin1: 'NIR' }],
  ];
  for (const [k, r] of extra) m.set(k, r);
  return m;
})();

/** Country spellings (search form) at the end of the input: dropped after narrowing to that country. */
export const COUNTRIES: ReadonlyMap<string, 'US' | 'CA' | 'GB'> = new Map([
  ['us', 'US'], ['usa', 'US'], ['u s', 'US'], ['u s a', 'US'], ['united states', 'US'], ['united states of america', 'US'], ['america', 'US'],
  ['canada', 'CA'],
  ['uk', 'GB'], ['u k', 'GB'], ['gb', 'GB'], ['great britain', 'GB'], ['united kingdom', 'GB'], ['britain', 'GB'],
]);

/**
 * Whole-name aliases (search form) -> the gazetteer's canonical name, with the region when the alias is
 * only ever that place. Only for names people actually type; everything else goes through the gazetteer.
 */
export const ALIASES: ReadonlyMap<string, { name: string; region?: Region }> = (() => {
  const us = (admin1: string): Region => ({ country: 'US', admin1 });
  const entries: [string[], string, Region | undefined][] = [
    [['nyc', 'new york', 'ny', 'new york ny', 'the big apple', 'big apple', 'manhattan ny'], 'new york city', us('NY')],
    [['la', 'l a'], 'los angeles', us('CA')],
    [['sf', 's f', 'san fran', 'frisco', 'san francisco bay'], 'san francisco', us('CA')],
    [['philly'], 'philadelphia', us('PA')],
    [['dc', 'd c', 'washington dc', 'washington d c', 'washington district of columbia'], 'washington d c', us('DC')],
    [['vegas'], 'las vegas', us('NV')],
    [['nola', 'new orleans la'], 'new orleans', us('LA')],
    [['atl'], 'atlanta', us('GA')],
    [['chi town', 'chitown', 'chi'], 'chicago', us('IL')],
    [['slc'], 'salt lake city', us('UT')],
    [['kc'], 'kansas city', us('MO')],
    [['okc'], 'oklahoma city', us('OK')],
    [['nashvegas'], 'nashville', us('TN')],
    [['indy'], 'indianapolis', us('IN')],
    [['jax'], 'jacksonville', us('FL')],
    [['pdx'], 'portland', us('OR')],
    [['sea'], 'seattle', us('WA')],
    [['bmore', 'b more'], 'baltimore', us('MD')],
    [['h town', 'htown'], 'houston', us('TX')],
    [['msp', 'twin cities'], 'minneapolis', us('MN')],
    [['st pete'], 'saint petersburg', us('FL')],
    [['ft lauderdale', 'fort lauderdale fl'], 'fort lauderdale', us('FL')],
    [['hollywood ca', 'hollywood los angeles'], 'hollywood', us('CA')],
    [['the bronx', 'bronx'], 'the bronx', us('NY')],
    [['yvr'], 'vancouver', { country: 'CA', admin1: 'BC' }],
    [['the six', 't o', 'tdot'], 'toronto', { country: 'CA', admin1: 'ON' }],
    [['mtl'], 'montreal', { country: 'CA', admin1: 'QC' }],
    [['ldn', 'greater london'], 'london', { country: 'GB', admin1: 'ENG' }],
    [['manc'], 'manchester', { country: 'GB', admin1: 'ENG' }],
    [['brum'], 'birmingham', { country: 'GB', admin1: 'ENG' }],
    [['edinburgh scotland', 'auld reekie'], 'edinburgh', { country: 'GB', admin1: 'SCT' }],
  ];
  const m = new Map<string, { name: string; region?: Region }>();
  for (const [keys, name, region] of entries) for (const k of keys) m.set(k, region ? { name, region } : { name });
  return m;
})();

/** Abbreviations inside names, spelled out (the same rule as places.canon_name in migration 005). */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/** Search form plus spelled-out abbreviations: "St. Louis" -> "saint louis", "Mt Vernon" -> "mount vernon". */
export function canonicalName(text: string): string {
  return searchName(text)
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ');
}

export type PostalQuery =
  | { country: 'US'; code: string }
  | { country: 'CA'; code: string }
  | { country: 'GB'; code: string; area: string };

export type GeoQuery =
  | { kind: 'postal'; candidates: PostalQuery[] }
  | { kind: 'street'; street: string; place: PlaceQuery | null }
  | { kind: 'place'; place: PlaceQuery }
  | { kind: 'empty' };

export interface PlaceQuery {
  /** canonical name ("saint louis") */
  name: string;
  /** narrowing: a country, and maybe a state/province/nation within it */
  country: 'US' | 'CA' | 'GB' | null;
  admin1: string | null;
  /** true when the name came from the alias table (an exact name, no fuzzy or prefix search needed) */
  alias: boolean;
  /** autocomplete only: unfinished qualifiers after a comma ("portland, m"), matched on the display name */
  qualifiers?: string[];
}

const GB_LETTER_DISTRICT_AREAS = new Set(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
const US_ZIP = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/;
const CA_POSTAL = /(?:^|[\s,])([A-Z]\d[A-Z])(?:\s*\d[A-Z]\d)?$/;
const GB_POSTCODE = /(?:^|[\s,])(([A-Z]{1,2})\d[A-Z\d]?)(?:\s*\d[A-Z]{2})?$/;

/** Postal codes at the end of the input, most likely reading first (an input like "M5V" is read both ways). */
export function postalCandidates(text: string): PostalQuery[] {
  const t = text.trim().toUpperCase();
  const out: PostalQuery[] = [];
  const zip = US_ZIP.exec(t);
  if (zip?.[1]) out.push({ country: 'US', code: zip[1] });
  const ca = CA_POSTAL.exec(t);
  if (ca?.[1]) out.push({ country: 'CA', code: ca[1] });
  const gb = GB_POSTCODE.exec(t);
  // districts ending in a letter ("SW1A", "W1D", "EC2M") exist only in central London
  if (gb?.[1] && gb[2] && (/\d$/.test(gb[1]) || GB_LETTER_DISTRICT_AREAS.has(gb[2]))) out.push({ country: 'GB', code: gb[1], area: gb[2] });
  return out;
}

/** The last words of `words` that name a region, with what comes before; null when none (or nothing before). */
function splitRegion(words: string[]): { rest: string[]; region: Region } | null {
  for (const n of [3, 2, 1]) {
    if (words.length <= n) continue;
    const region = REGIONS.get(words.slice(-n).join(' '));
    if (region) return { rest: words.slice(0, -n), region };
  }
  return null;
}

function splitCountry(words: string[]): { rest: string[]; country: 'US' | 'CA' | 'GB' } | null {
  for (const n of [4, 3, 2, 1]) {
    if (words.length <= n) continue;
    const country = COUNTRIES.get(words.slice(-n).join(' '));
    if (country) return { rest: words.slice(0, -n), country };
  }
  return null;
}

/**
 * "Vancouver, BC, CA", the locator's own display name of a Canadian place: a trailing "CA" right after a
 * Canadian province is the country Canada, not California ("Ontario, CA" stays Ontario, California).
 */
function canadaAfterProvince(words: string[]): { rest: string[]; country: 'CA' } | null {
  if (words[words.length - 1] !== 'ca') return null;
  const rest = words.slice(0, -1);
  return splitRegion(rest)?.region.country === 'CA' ? { rest, country: 'CA' } : null;
}

/** "Portland OR", "portland, oregon, usa", "NYC", "St. Louis" -> a PlaceQuery (null when nothing is left). */
export function parsePlace(text: string, opts: { aliases?: boolean } = {}): PlaceQuery | null {
  const aliases = opts.aliases ?? true;
  let words = searchName(text).split(' ').filter(Boolean);
  if (!words.length) return null;
  const whole = aliases ? ALIASES.get(words.join(' ')) : undefined;
  if (whole) return { name: whole.name, country: whole.region?.country ?? null, admin1: whole.region?.admin1 ?? null, alias: true };
  let country: PlaceQuery['country'] = null;
  let admin1: string | null = null;
  const c = splitCountry(words) ?? canadaAfterProvince(words);
  if (c) {
    words = c.rest;
    country = c.country;
  }
  const r = splitRegion(words);
  if (r && (!country || country === r.region.country)) {
    words = r.rest;
    country = r.region.country;
    admin1 = r.region.admin1;
  }
  const joined = words.join(' ');
  const alias = aliases ? ALIASES.get(joined) : undefined;
  if (alias && (!admin1 || !alias.region || alias.region.admin1 === admin1)) {
    return { name: alias.name, country: country ?? alias.region?.country ?? null, admin1: admin1 ?? alias.region?.admin1 ?? null, alias: true };
  }
  return { name: canonicalName(joined), country, admin1, alias: false };
}

/**
 * Autocomplete reading: like parsePlace, but every part after a comma that is not (yet) a whole region or
 * country is kept as a qualifier that must begin a part of the display name ("portland, m" -> ME, MI ...).
 */
export function parsePartialPlace(text: string): PlaceQuery | null {
  const [head = '', ...rest] = text.split(',');
  const place = parsePlace(head, { aliases: rest.length === 0 });
  if (!place || !rest.length) return place;
  const qualifiers: string[] = [];
  let { country, admin1 } = place;
  for (const part of rest.map(searchName).filter(Boolean)) {
    const region = REGIONS.get(part);
    const c = COUNTRIES.get(part);
    if (region && !admin1) {
      country = region.country;
      admin1 = region.admin1;
    } else if (c && (!country || country === c)) country = c;
    else qualifiers.push(part);
  }
  return { ...place, country, admin1, qualifiers };
}

const STREET = /^\s*\d+[A-Za-z]?\s+[A-Za-z0-9]/;

/** The whole reading of one search input. */
export function parseGeoQuery(text: string): GeoQuery {
  const trimmed = text.trim();
  if (!searchName(trimmed)) return { kind: 'empty' };
  const postal = postalCandidates(trimmed);
  if (postal.length) return { kind: 'postal', candidates: postal };
  if (STREET.test(trimmed)) {
    const [street = '', ...rest] = trimmed.split(',');
    return { kind: 'street', street: searchName(street), place: rest.length ? parsePlace(rest.join(',')) : null };
  }
  const place = parsePlace(trimmed);
  return place ? { kind: 'place', place } : { kind: 'empty' };
}
