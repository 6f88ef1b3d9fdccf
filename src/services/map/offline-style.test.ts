import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { MultiPolygon, Position } from 'geojson';
import { loadOfflineLayersData, offlineLayersData, offlineStyle, planarLand, ringArea, unwrapRing } from './offline-style.ts';

const countries = JSON.parse(readFileSync('node_modules/world-atlas/countries-50m.json', 'utf8')) as Parameters<typeof offlineLayersData>[0];

describe('offline style', () => {
  it('is a valid MapLibre style with no network, token, glyphs or sprite', () => {
    const style = offlineStyle();
    expect(validateStyleMin(style as unknown as StyleSpecification)).toEqual([]);
    const text = JSON.stringify(style);
    expect(text).not.toMatch(/https?:|mapbox:|glyphs|sprite/);
    expect(style.layers.some((l) => (l.type as string) === 'symbol')).toBe(false);
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'coastline', 'country-borders']);
  });
});

describe('world-atlas to planar GeoJSON', () => {
  const data = offlineLayersData(countries);
  const land = data.land.features[0]!.geometry as MultiPolygon;
  // a jump of more than 180° in longitude, except the closing edge along a pole
  const jumps = (ring: Position[]) => ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > 180 && !(Math.abs(p[1]!) === 90 && Math.abs(ring[i - 1]![1]!) === 90));

  it('has land polygons and border lines', () => {
    expect(land.type).toBe('MultiPolygon');
    expect(land.coordinates.length).toBeGreaterThan(1000);
    expect(data.borders.features[0]!.geometry.type).toBe('MultiLineString');
  });

  it('has no ring that jumps across the antimeridian', () => {
    expect(land.coordinates.flat().filter(jumps)).toEqual([]);
  });

  it('winds every outer ring counter-clockwise and every hole clockwise', () => {
    for (const poly of land.coordinates) {
      expect(ringArea(poly[0]!)).toBeGreaterThan(0);
      for (const hole of poly.slice(1)) expect(ringArea(hole)).toBeLessThan(0);
    }
  });

  it('closes Antarctica along the south pole', () => {
    const antarctica = land.coordinates.find((p) => p[0]!.some((q) => q[1]! < -80))!;
    const lats = antarctica[0]!.map((p) => p[1]!);
    expect(Math.min(...lats)).toBe(-90);
    expect(antarctica).toHaveLength(1); // the degenerate ring at -89.999 is dropped
  });
});

describe('ring helpers', () => {
  it('unwraps a ring crossing 180°', () => {
    expect(unwrapRing([[179, 0], [-179, 0], [-179, 1], [179, 1], [179, 0]])).toEqual([[179, 0], [181, 0], [181, 1], [179, 1], [179, 0]]);
  });

  it('rewinds a clockwise outer ring', () => {
    const cw = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]];
    expect(ringArea(cw)).toBeLessThan(0);
    const out = planarLand({ type: 'Polygon', coordinates: [cw] });
    expect(ringArea(out.coordinates[0]![0]!)).toBeGreaterThan(0);
  });
});

describe('loading', () => {
  it('fetches and converts, and fails on HTTP errors', async () => {
    const ok = (async () => new Response(JSON.stringify(countries))) as unknown as typeof fetch;
    expect((await loadOfflineLayersData('/x.json', ok)).land.features).toHaveLength(1);
    const missing = (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    await expect(loadOfflineLayersData('/x.json', missing)).rejects.toThrow('404');
  });
});
