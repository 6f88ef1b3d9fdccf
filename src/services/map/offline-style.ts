/**
 * The local map style for maplibre-gl: no network, no token, no glyphs (stores are HTML pins, so no
 * symbol layers). Water is the background; land and coastlines come from Natural Earth 1:50m via
 * world-atlas (countries-50m TopoJSON, 229 KB gzipped, shipped as a hashed asset and converted here:
 * about 25 ms, half the bytes of the same data pre-converted to GeoJSON); country borders are the
 * TopoJSON mesh between neighbouring countries.
 */
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';

export const OFFLINE_COLORS = {
  water: '#c5dde6',
  land: '#f3f0e8',
  coastline: '#a7c3cd',
  border: '#b3aa98',
} as const;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Land and borders sources are tiled up to z6: the 1:50m data has no more detail; deeper zooms overzoom. */
const SOURCE_MAX_ZOOM = 6;

export const LAND_SOURCE = 'land';
export const BORDERS_SOURCE = 'borders';

/** A MapLibre style (spec v8) with empty sources; `offlineLayersData` fills them once loaded. */
export function offlineStyle() {
  return {
    version: 8 as const,
    name: 'Harbor offline',
    sources: {
      [LAND_SOURCE]: { type: 'geojson' as const, data: EMPTY, maxzoom: SOURCE_MAX_ZOOM, attribution: 'Natural Earth' },
      [BORDERS_SOURCE]: { type: 'geojson' as const, data: EMPTY, maxzoom: SOURCE_MAX_ZOOM },
    },
    layers: [
      { id: 'water', type: 'background' as const, paint: { 'background-color': OFFLINE_COLORS.water } },
      { id: 'land', type: 'fill' as const, source: LAND_SOURCE, paint: { 'fill-color': OFFLINE_COLORS.land, 'fill-antialias': true } },
      {
        id: 'coastline',
        type: 'line' as const,
        source: LAND_SOURCE,
        paint: { 'line-color': OFFLINE_COLORS.coastline, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.6, 14, 3] },
      },
      {
        id: 'country-borders',
        type: 'line' as const,
        source: BORDERS_SOURCE,
        layout: { 'line-join': 'round' as const },
        paint: {
          'line-color': OFFLINE_COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.7, 8, 1.4, 14, 2.5],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}

export interface OfflineLayersData {
  land: FeatureCollection<Geometry>;
  borders: FeatureCollection<Geometry>;
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * world-atlas is spherical (drawn with d3-geo): rings crossing the antimeridian jump from 180 to -180,
 * and Antarctica is a ring around the pole. Planar renderers fill those as bands across the world.
 * Make each ring continuous (longitudes may go past ±180; the tiler wraps them), close rings that go
 * round a pole along the pole, drop degenerate polar rings, and rewind every polygon the same way
 * (RFC 7946: exterior counter-clockwise), because the renderer tells holes from outer rings by winding.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let offset = 0;
  let prev: number | null = null;
  for (const p of ring) {
    let x = p[0]! + offset;
    if (prev !== null) {
      if (x - prev > 180) {
        offset -= 360;
        x -= 360;
      } else if (x - prev < -180) {
        offset += 360;
        x += 360;
      }
    }
    out.push([x, p[1]!]);
    prev = x;
  }
  return out;
}

/** Signed area in lon/lat (positive = counter-clockwise). */
export function ringArea(ring: readonly Position[]): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return s / 2;
}

function planarRing(ring: readonly Position[]): Position[] | null {
  if (ring.every((p) => Math.abs(p[1]!) > 89)) return null; // a ring at the pole itself: nothing to draw
  const u = unwrapRing(ring);
  const first = u[0]!;
  const last = u[u.length - 1]!;
  const shift = last[0]! - first[0]!;
  if (Math.abs(shift) > 180) {
    // goes round a pole: close along it (Web Mercator stops at ±85.05 anyway)
    const poleLat = u.reduce((s, p) => s + p[1]!, 0) / u.length < 0 ? -90 : 90;
    return [...u, [last[0]!, poleLat], [first[0]!, poleLat], first];
  }
  return u;
}

function planarPolygon(rings: readonly Position[][]): Position[][] | null {
  const [outer, ...holes] = rings.map(planarRing);
  if (!outer) return null;
  const fixed = [outer, ...holes.filter((h): h is Position[] => !!h)];
  return fixed.map((r, i) => ((ringArea(r) > 0) === (i === 0) ? r : [...r].reverse()));
}

export function planarLand(geometry: Polygon | MultiPolygon): MultiPolygon {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return { type: 'MultiPolygon', coordinates: polygons.map(planarPolygon).filter((p): p is Position[][] => !!p) };
}

export function planarLines(geometry: MultiLineString): MultiLineString {
  return { type: 'MultiLineString', coordinates: geometry.coordinates.map(unwrapRing) };
}

/** world-atlas countries TopoJSON → land polygons and the borders between countries (planar GeoJSON). */
export function offlineLayersData(topology: CountriesTopology): OfflineLayersData {
  const spherical = feature(topology, topology.objects.land) as FeatureCollection<Polygon | MultiPolygon> | Feature<Polygon | MultiPolygon>;
  const parts = spherical.type === 'FeatureCollection' ? spherical.features : [spherical];
  const land: FeatureCollection<Geometry> = {
    type: 'FeatureCollection',
    features: parts.map((f) => ({ type: 'Feature', properties: {}, geometry: planarLand(f.geometry) })),
  };
  const borders = planarLines(mesh(topology, topology.objects.countries, (a, b) => a !== b));
  return { land, borders: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: borders }] } };
}

export async function loadOfflineLayersData(url: string, fetchImpl: typeof fetch = fetch): Promise<OfflineLayersData> {
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`offline map data: HTTP ${res.status}`);
  return offlineLayersData((await res.json()) as CountriesTopology);
}
