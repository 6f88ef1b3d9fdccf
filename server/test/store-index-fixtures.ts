import { mulberry32 } from '../db/seed/prng.ts';
import { chord, type buildStoreIndex, type StoreIndex } from '../locator/store-index.ts';

/** Synthetic stores for the tests of the stores in memory (store-index.test.ts, open-nearest.test.ts). */

const CODES = ['DT', 'CX', 'RW', 'EV', 'WF', 'MX'];
const R = 6378168;

/** Random stores around the world (denser around a few cities), as the load query returns them. */
export function randomStores(n: number, seed: number) {
  const rng = mulberry32(seed).next;
  const cities = [[47.6, -122.3], [40.7, -74], [51.5, -0.1], [35.7, 139.7]] as const;
  return Array.from({ length: n }, (_, i) => {
    const [clat, clng] = cities[i % cities.length]!;
    const lat = i % 5 === 0 ? rng() * 170 - 85 : clat + (rng() - 0.5) * 2;
    const lng = i % 5 === 0 ? rng() * 360 - 180 : clng + (rng() - 0.5) * 2;
    const a = lat * (Math.PI / 180);
    const b = lng * (Math.PI / 180);
    const codes = CODES.filter(() => rng() < 0.3);
    return [String(10000 + i), `k${i % 97}`, `${10000 + i}-1`, `Store ${i}`, lat, lng, `${i} Main St`, 'READY', true, R * Math.cos(a) * Math.cos(b), R * Math.cos(a) * Math.sin(b), R * Math.sin(a), codes, rng() < 0.1] as Parameters<typeof buildStoreIndex>[0][number];
  });
}

export const point = (lat: number, lng: number): [number, number, number] => {
  const a = lat * (Math.PI / 180);
  const b = lng * (Math.PI / 180);
  return [R * Math.cos(a) * Math.cos(b), R * Math.cos(a) * Math.sin(b), R * Math.sin(a)];
};

/** Every store that passes, sorted by chord: what the walk must give. */
export function bruteForce(ix: StoreIndex, centre: [number, number, number], pass: (i: number) => boolean) {
  const all: [number, number][] = [];
  for (let i = 0; i < ix.size; i++) if (pass(i)) all.push([i, chord(ix.xyz, i, centre)]);
  return all.sort((a, b) => a[1] - b[1]);
}
