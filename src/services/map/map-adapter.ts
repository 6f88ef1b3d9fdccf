/**
 * The map behind a small adapter (docs/map.md). Two implementations, each loaded lazily with
 * import() so neither library is in the first bundle:
 * - maplibre-gl with a local offline style (no network, no token): the default;
 * - mapbox-gl when config.map.mapboxToken and mapboxStyle are both set.
 * Views use `StoreMap` (src/views/locator/StoreMap.tsx), which drives this interface.
 */
import { chooseMapLibrary, type LatLng, type MapConfig, type MapLibrary, type MapMarker, type MapView } from './camera.ts';

export type { LatLng, MapConfig, MapLibrary, MapMarker, MapView };

export interface CreateMapOptions {
  center: LatLng;
  zoom: number;
  /** 3 per spec */
  minZoom: number;
  /** 21 per spec */
  maxZoom: number;
}

export interface MoveEndInfo {
  /** true for user gestures (drag, wheel, pinch, double-click, keyboard, cluster click); false for setView/fitBounds/resize */
  user: boolean;
}

export interface MapAdapter {
  readonly library: MapLibrary;
  getView(): MapView;
  /** programmatic: animates unless `animate` is false; never reported as a user move */
  setView(view: MapView, options?: { animate?: boolean }): void;
  /** programmatic: fits the points (max zoom 15, spec padding) */
  fitBounds(points: readonly LatLng[], options?: { animate?: boolean }): void;
  /** replaces the stores shown; only changed pins are touched; clusters when many are in view */
  setMarkers(markers: readonly MapMarker[]): void;
  onMoveEnd(listener: (view: MapView, info: MoveEndInfo) => void): () => void;
  onMarkerClick(listener: (storeNumber: string) => void): () => void;
  /** a store number on pointer enter / focus, null on leave / blur */
  onMarkerHover(listener: (storeNumber: string | null) => void): () => void;
  destroy(): void;
}

export interface MapAdapterFactory {
  readonly library: MapLibrary;
  /** resolves when the map has loaded (first render); rejects when WebGL or the style fails */
  create(container: HTMLElement, options: CreateMapOptions): Promise<MapAdapter>;
}

/** Loads the implementation chosen by the config (a separate chunk each). */
export async function loadMapAdapterFactory(config: MapConfig): Promise<MapAdapterFactory> {
  if (chooseMapLibrary(config) === 'mapbox') {
    const { createMapboxFactory } = await import('./mapbox-adapter.ts');
    return createMapboxFactory({ accessToken: config.mapboxToken!, style: config.mapboxStyle! });
  }
  const { createMaplibreFactory } = await import('./maplibre-adapter.ts');
  return createMaplibreFactory();
}

let webglCache: boolean | undefined;

/**
 * Whether this browser can create a WebGL context. jsdom has no WebGL constructors at all, so tests
 * answer false without touching canvas; a browser with WebGL disabled fails getContext.
 */
export function hasWebGL(win: Pick<typeof globalThis, 'document'> & { WebGLRenderingContext?: unknown; WebGL2RenderingContext?: unknown } = globalThis): boolean {
  if (win === globalThis && webglCache !== undefined) return webglCache;
  let ok = false;
  if (typeof win.WebGLRenderingContext !== 'undefined' || typeof win.WebGL2RenderingContext !== 'undefined') {
    try {
      const canvas = win.document.createElement('canvas');
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
      ok = !!gl;
      // give the probe context back instead of waiting for GC (browsers cap live contexts)
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      ok = false;
    }
  }
  if (win === globalThis) webglCache = ok;
  return ok;
}
