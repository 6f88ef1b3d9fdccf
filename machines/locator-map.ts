/**
 * Map maths of the store locator, shared by the machine and the map adapter (src/services/map): the zoom limits,
 * clamping, and the zoom at which a set of stores fits. Pure. The one place for the zoom constants.
 */

/** Spec 1: the map zooms between levels 3 and 21. */
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 21;
/** below this zoom a map move does not search (the zoomedOut empty state) */
export const MIN_SEARCH_ZOOM = 9;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** the map fits result sets up to this zoom (as src/services/map does) */
export const FIT_MAX_ZOOM = 15;
/** the zoom the map centres a store asked for by number at */
export const QUERIED_STORE_ZOOM = 14;
/**
 * World width in px at zoom 0 in maplibre-gl and mapbox-gl (512 px tiles): at zoom z the world is
 * 512 * 2^z px wide. (256, the raster-tile convention, put the estimate one level above the real fit,
 * so the first Zoom out after a search zoomed in.)
 */
const WORLD_PX_AT_ZOOM_0 = 512;

/**
 * The zoom at which the map shows these stores after fitting them (the map fits by itself; this keeps
 * the controlled zoom close to where it lands, so zoom buttons and list selection continue from there).
 * Assumes a desktop-sized map area of about 900 x 720 px less the fit padding.
 */
export function fitZoom(points: ReadonlyArray<{ lat: number; lng: number }>, viewport = { width: 900, height: 720 }): number {
  if (!points.length) return MIN_SEARCH_ZOOM;
  const lngs = points.map((p) => p.lng);
  const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360));
  const ys = points.map((p) => mercY(p.lat));
  const lngSpan = Math.max(...lngs) - Math.min(...lngs);
  const ySpan = Math.max(...ys) - Math.min(...ys);
  const zx = lngSpan > 0 ? Math.log2(((viewport.width - 40) * 360) / (WORLD_PX_AT_ZOOM_0 * lngSpan)) : FIT_MAX_ZOOM;
  const zy = ySpan > 0 ? Math.log2(((viewport.height - 80) * 2 * Math.PI) / (WORLD_PX_AT_ZOOM_0 * ySpan)) : FIT_MAX_ZOOM;
  return clampZoom(Math.round(Math.min(zx, zy, FIT_MAX_ZOOM) * 10) / 10);
}

/** "lat,lng" of the map centre for the geocoder's ranking (the locator's place searches send it as `near`) */
export const nearParam = (map: { lat: number; lng: number }): string => `${map.lat.toFixed(4)},${map.lng.toFixed(4)}`;
