/**
 * The map's camera and types, without the marker logic (markers.ts): what the locator's page needs before the map
 * loads (the zoom limits, when to fit or ease, which library), so the clustering and diffing code loads with the
 * map's own chunk (docs/architecture.md, Performance). Pure, unit-tested in markers.test.ts.
 */

import { clampZoom, FIT_MAX_ZOOM, MAX_ZOOM, MIN_ZOOM } from '../../../machines/locator-map.ts';

/** The zoom limits and the fit limit: one place, the locator's map maths (machines/locator-map.ts). */
export { clampZoom, FIT_MAX_ZOOM, MAX_ZOOM, MIN_ZOOM };

export type MarkerState = 'default' | 'highlighted' | 'selected';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapView extends LatLng {
  zoom: number;
}

/** One store on the map (same shape as StoreMapMarker in src/views/locator/StoreMap.tsx). */
export interface MapMarker extends LatLng {
  storeNumber: string;
  name: string;
  state: MarkerState;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type MapLibrary = 'maplibre' | 'mapbox';

export interface MapConfig {
  mapboxToken: string | null;
  mapboxStyle: string | null;
}

/** mapbox-gl needs a valid token for every map load (docs/map.md): only when token and style are both set. */
export function chooseMapLibrary(config: MapConfig): MapLibrary {
  return config.mapboxToken?.trim() && config.mapboxStyle?.trim() ? 'mapbox' : 'maplibre';
}

export function boundsOf(points: readonly LatLng[]): Bounds | null {
  if (!points.length) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of points) {
    if (p.lng < west) west = p.lng;
    if (p.lng > east) east = p.lng;
    if (p.lat < south) south = p.lat;
    if (p.lat > north) north = p.lat;
  }
  return { west, south, east, north };
}

/** Identity of a result set (which stores, not their states): a new set after a search triggers a fit. */
export function markerSetKey(markers: readonly { storeNumber: string }[]): string {
  return markers
    .map((m) => m.storeNumber)
    .sort()
    .join(',');
}

/** The camera is where it should be when centre and zoom agree within a rounding error. */
export function viewsDiffer(a: MapView, b: MapView): boolean {
  return Math.abs(a.lat - b.lat) > 1e-6 || Math.abs(a.lng - b.lng) > 1e-6 || Math.abs(a.zoom - b.zoom) > 0.01;
}

export type CameraPlan = { kind: 'none' } | { kind: 'fit'; bounds: Bounds } | { kind: 'ease'; view: MapView };

/**
 * How the controlled map reacts to new props. After a new result set with `fitBounds`, fit the stores;
 * otherwise when the requested centre or zoom changed (and the map is not already there), ease to it.
 * Marker state changes alone never move the camera.
 */
export function planCamera(input: {
  previous: { setKey: string | null; view: MapView | null };
  markers: readonly MapMarker[];
  fitBounds: boolean;
  view: MapView;
  current: MapView;
}): CameraPlan {
  const setKey = markerSetKey(input.markers);
  const newSet = setKey !== input.previous.setKey;
  const newView = !input.previous.view || viewsDiffer(input.previous.view, input.view);
  if (input.fitBounds && newSet && input.markers.length) return { kind: 'fit', bounds: boundsOf(input.markers)! };
  const target = { ...input.view, zoom: clampZoom(input.view.zoom) };
  if (newView && viewsDiffer(input.current, target)) return { kind: 'ease', view: target };
  return { kind: 'none' };
}
