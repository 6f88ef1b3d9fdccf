/**
 * machines/locator-map.ts is not a machine: the locator's map maths (zoom limits and clamping, the zoom a set of
 * stores fits at, the `near` parameter). Spec 1 sections 5 and 9: the map zooms between levels 3 and 21.
 */
import { describe, expect, it } from 'vitest';
import { clampZoom, FIT_MAX_ZOOM, fitZoom, MAX_ZOOM, MIN_SEARCH_ZOOM, MIN_ZOOM, nearParam, QUERIED_STORE_ZOOM } from '../locator-map.ts';

describe('machines/locator-map.ts', () => {
  it('holds the zoom constants: 3 to 21 (spec 1 section 9), search from 9, fit up to 15, a queried store at 14', () => {
    expect({ MIN_ZOOM, MAX_ZOOM, MIN_SEARCH_ZOOM, FIT_MAX_ZOOM, QUERIED_STORE_ZOOM }).toEqual({ MIN_ZOOM: 3, MAX_ZOOM: 21, MIN_SEARCH_ZOOM: 9, FIT_MAX_ZOOM: 15, QUERIED_STORE_ZOOM: 14 });
  });

  it.each([
    [-5, 3],
    [0, 3],
    [2.99, 3],
    [3, 3],
    [3.01, 3.01],
    [9, 9],
    [12.5, 12.5],
    [21, 21],
    [21.01, 21],
    [100, 21],
  ])('clampZoom(%s) = %s', (zoom, clamped) => {
    expect(clampZoom(zoom)).toBe(clamped);
  });

  it.each([
    ['no stores: the least zoom that searches', [], undefined, 9],
    ['one store: the fit limit', [{ lat: 47.6, lng: -122.3 }], undefined, 15],
    ['two stores at one point: the fit limit', [{ lat: 47.6, lng: -122.3 }, { lat: 47.6, lng: -122.3 }], undefined, 15],
    ['stores a few metres apart: capped at the fit limit', [{ lat: 0, lng: 0 }, { lat: 0, lng: 0.001 }], undefined, 15],
    // 860 px for 1 degree in a 512 * 2^z px world: log2(860 * 360 / 512) = 9.24
    ['1 degree of longitude on the equator', [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }], undefined, 9.2],
    ['the same in a map twice as wide: one level more', [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }], { width: 1800, height: 720 }, 10.3],
    ['1 degree of latitude: the height limits it', [{ lat: 0, lng: 0 }, { lat: 1, lng: 0 }], undefined, 8.8],
    // as the map's own fitBounds lands (maplibre-gl / mapbox-gl 512 px tiles)
    ['the contiguous US', [{ lat: 25, lng: -125 }, { lat: 49, lng: -67 }], undefined, 3.4],
    ['the whole world: clamped to the least zoom', [{ lat: 0, lng: -180 }, { lat: 0, lng: 180 }], undefined, 3],
    ['latitudes beyond 85 degrees count as 85 (no span left)', [{ lat: 89, lng: 10 }, { lat: 90, lng: 10 }], undefined, 15],
  ])('fitZoom: %s', (_name, points, viewport, zoom) => {
    expect(viewport ? fitZoom(points, viewport) : fitZoom(points)).toBe(zoom);
  });

  it('fits the result sets within the map limits, rounded to a tenth', () => {
    for (const span of [0.01, 0.1, 1, 10, 100, 300]) {
      const z = fitZoom([{ lat: 10, lng: 0 }, { lat: 10 + span / 4, lng: span }]);
      expect(z).toBeGreaterThanOrEqual(MIN_ZOOM);
      expect(z).toBeLessThanOrEqual(FIT_MAX_ZOOM);
      expect(Math.round(z * 10) / 10).toBe(z);
    }
  });

  it.each([
    [{ lat: 47.60621, lng: -122.33207 }, '47.6062,-122.3321'],
    [{ lat: 47, lng: -122 }, '47.0000,-122.0000'],
    [{ lat: 0, lng: 0 }, '0.0000,0.0000'],
    [{ lat: -33.86882, lng: 151.20929 }, '-33.8688,151.2093'],
  ])('nearParam(%j) = %s ("lat,lng", 4 decimals)', (map, near) => {
    expect(nearParam(map)).toBe(near);
  });
});
