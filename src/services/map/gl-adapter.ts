/**
 * One MapAdapter over either library: maplibre-gl is the BSD fork of mapbox-gl 1.x and both keep the
 * same Map / Marker API for what is used here (GlLib is that common subset). The library-specific
 * modules (maplibre-adapter.ts, mapbox-adapter.ts) pass their library, style and map options.
 */
import type { CreateMapOptions, MapAdapter, MapAdapterFactory, MoveEndInfo } from './map-adapter.ts';
import { choosePlaceLabels, type PlaceRow } from './place-labels.ts';
import {
  clusterMarkers,
  diffRenderItems,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  MAX_ZOOM,
  atOneSpot,
  boundsOf,
  RESIZE_DEBOUNCE_MS,
  clampZoom,
  type Bounds,
  type LatLng,
  type MapLibrary,
  type MapMarker,
  type MapView,
  type RenderItem,
} from './markers.ts';
import { createItemElement, updateItemElement } from './marker-elements.ts';

/** Event object of map events: our own moves carry `programmatic` (event data of easeTo, fitBounds, jumpTo, resize). */
export interface GlEvent {
  type?: string;
  originalEvent?: unknown;
  programmatic?: boolean;
  error?: unknown;
}

type LngLatTuple = [number, number];

export interface GlMap {
  on(type: string, listener: (e: GlEvent) => void): unknown;
  off(type: string, listener: (e: GlEvent) => void): unknown;
  easeTo(options: { center: LngLatTuple; zoom: number; duration?: number; essential?: boolean }, eventData?: object): unknown;
  jumpTo(options: { center: LngLatTuple; zoom: number }, eventData?: object): unknown;
  fitBounds(bounds: [LngLatTuple, LngLatTuple], options: { padding: typeof FIT_PADDING; maxZoom: number; duration?: number; linear?: boolean }, eventData?: object): unknown;
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number };
  resize(eventData?: object): unknown;
  remove(): void;
}

export interface GlMarker {
  setLngLat(lngLat: LngLatTuple): GlMarker;
  addTo(map: GlMap): GlMarker;
  remove(): unknown;
}

export interface GlLib {
  Map: new (options: Record<string, unknown>) => GlMap;
  Marker: new (options: { element: HTMLElement; anchor: 'bottom' | 'center' }) => GlMarker;
}

export interface GlAdapterSpec {
  library: MapLibrary;
  lib: GlLib;
  /** style and library-specific Map options (style, accessToken, projection, ...) */
  mapOptions: Record<string, unknown>;
  /** runs once the map has loaded (e.g. fill the offline style's sources); failures are logged, not fatal */
  afterLoad?: (map: GlMap) => Promise<void>;
  /** rejects creation when the map has not loaded by then */
  loadTimeoutMs?: number;
  /** town names drawn as HTML labels (the offline style has no glyphs; place-labels.ts); loaded after the map */
  placeLabels?: () => Promise<readonly PlaceRow[]>;
}

const PROGRAMMATIC = { programmatic: true } as const;

export function createGlFactory(spec: GlAdapterSpec): MapAdapterFactory {
  return {
    library: spec.library,
    create: (container, options) => createGlAdapter(spec, container, options),
  };
}

export function createGlAdapter(spec: GlAdapterSpec, container: HTMLElement, options: CreateMapOptions): Promise<MapAdapter> {
  const { lib } = spec;
  return new Promise<MapAdapter>((resolve, reject) => {
    let map: GlMap;
    try {
      map = new lib.Map({
        container,
        center: [options.center.lng, options.center.lat],
        zoom: clampZoom(options.zoom),
        minZoom: options.minZoom,
        maxZoom: options.maxZoom,
        // resized with the spec's 200 ms debounce below
        trackResize: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: { compact: true },
        ...spec.mapOptions,
      });
    } catch (e) {
      // no WebGL context, or the library refuses this browser
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }

    const adapter = buildAdapter(spec.library, lib, map, container, spec.placeLabels);
    let settled = false;
    const timer = setTimeout(() => fail(new Error('The map did not load in time')), spec.loadTimeoutMs ?? 60_000);
    const onError = (e: GlEvent) => {
      if (!settled) fail(e.error instanceof Error ? e.error : new Error('The map failed to load'));
      else console.warn('[map]', e.error ?? e);
    };
    const onLoad = () => {
      const ready = spec.afterLoad ? spec.afterLoad(map).catch((e: unknown) => console.warn('[map] offline layers not loaded', e)) : Promise.resolve();
      void ready.then(() => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(adapter);
      });
    };
    function fail(error: Error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      adapter.destroy();
      reject(error);
    }
    map.on('error', onError);
    map.on('load', onLoad);
  });
}

function buildAdapter(library: MapLibrary, lib: GlLib, map: GlMap, container: HTMLElement, placeLabels?: () => Promise<readonly PlaceRow[]>): MapAdapter {
  const moveListeners = new Set<(view: MapView, info: MoveEndInfo) => void>();
  const clickListeners = new Set<(storeNumber: string) => void>();
  const hoverListeners = new Set<(storeNumber: string | null) => void>();
  const shown = new Map<string, { item: RenderItem; marker: GlMarker; el: HTMLElement }>();
  let markers: readonly MapMarker[] = [];
  let destroyed = false;

  const getView = (): MapView => {
    const c = map.getCenter();
    return { lat: c.lat, lng: c.lng, zoom: map.getZoom() };
  };
  const currentBounds = (): Bounds | null => {
    try {
      const b = map.getBounds();
      return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
    } catch {
      return null;
    }
  };

  const fitTo = (b: Bounds, animate: boolean, eventData: object, linear = false, maxZoom = FIT_MAX_ZOOM) => {
    map.fitBounds(
      [
        [b.west, b.south],
        [b.east, b.north],
      ],
      { padding: FIT_PADDING, maxZoom, ...(linear ? { linear: true } : {}), ...(animate ? {} : { duration: 0 }) },
      eventData,
    );
  };

  const handlers = {
    click(id: string, event: MouseEvent) {
      const entry = shown.get(id);
      if (!entry) return;
      if (entry.item.kind === 'marker') {
        for (const l of clickListeners) l(entry.item.storeNumber);
      } else if (atOneSpot(entry.item.bounds) || map.getZoom() >= MAX_ZOOM - 0.01) {
        // no zoom separates stores at one point (or the map cannot zoom further): select the first (its pin is
        // drawn, the list shows the others)
        for (const l of clickListeners) l(entry.item.firstStore);
      } else {
        // zooming into a cluster is the user's own move: reported like a double-click zoom. Up to the map's
        // own limit, not the search fit's 15: in a dense downtown a cluster at 15 must still open (and a
        // cluster clicked at 17 must not zoom out)
        fitTo(entry.item.bounds, true, { originalEvent: event }, true, MAX_ZOOM);
      }
    },
    hover(id: string | null) {
      const entry = id ? shown.get(id) : null;
      const storeNumber = entry?.item.kind === 'marker' ? entry.item.storeNumber : null;
      for (const l of hoverListeners) l(storeNumber);
    },
  };

  // town names (offline style only): keyed by place, only the changed ones touched; below the pins (CSS z-index)
  const labels = new Map<string, GlMarker>();
  let placeRows: readonly PlaceRow[] = [];
  const renderLabels = () => {
    const next = choosePlaceLabels(placeRows, { zoom: map.getZoom(), bounds: currentBounds() });
    const keep = new Set(next.map((l) => l.id));
    for (const [id, m] of labels) {
      if (keep.has(id)) continue;
      m.remove();
      labels.delete(id);
    }
    for (const l of next) {
      if (labels.has(l.id)) continue;
      const el = document.createElement('span');
      el.className = 'map-place-label';
      // decoration: the list and the search say where the stores are; screen readers skip the names
      el.setAttribute('aria-hidden', 'true');
      el.textContent = l.name;
      labels.set(l.id, new lib.Marker({ element: el, anchor: 'center' }).setLngLat([l.lng, l.lat]).addTo(map));
    }
  };
  if (placeLabels) {
    void placeLabels()
      .then((rows) => {
        placeRows = rows;
        if (!destroyed) renderLabels();
      })
      .catch((e: unknown) => console.warn('[map] place labels not loaded', e));
  }

  const render = () => {
    if (destroyed) return;
    renderLabels();
    const items = clusterMarkers(markers, { zoom: map.getZoom(), bounds: currentBounds() });
    const diff = diffRenderItems(new Map([...shown].map(([id, e]) => [id, e.item])), items);
    for (const id of diff.remove) {
      shown.get(id)?.marker.remove();
      shown.delete(id);
    }
    for (const item of diff.update) {
      const entry = shown.get(item.id)!;
      if (entry.item.lat !== item.lat || entry.item.lng !== item.lng) entry.marker.setLngLat([item.lng, item.lat]);
      updateItemElement(entry.el, item);
      entry.item = item;
    }
    for (const item of diff.add) {
      const el = createItemElement(item, handlers);
      const marker = new lib.Marker({ element: el, anchor: item.kind === 'marker' ? 'bottom' : 'center' }).setLngLat([item.lng, item.lat]).addTo(map);
      shown.set(item.id, { item, marker, el });
    }
  };

  const onMoveEnd = (e: GlEvent) => {
    render();
    // Every move this adapter starts (ease, fit, jump, resize) carries `programmatic`; anything else is
    // the user's. (maplibre 6 ends a wheel zoom without `originalEvent`, so that cannot be the test.)
    const info: MoveEndInfo = { user: !e.programmatic };
    const view = getView();
    for (const l of moveListeners) l(view, info);
  };
  map.on('moveend', onMoveEnd);

  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  const observer =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          clearTimeout(resizeTimer);
          resizeTimer = setTimeout(() => !destroyed && map.resize(PROGRAMMATIC), RESIZE_DEBOUNCE_MS);
        })
      : null;
  observer?.observe(container);

  return {
    library,
    getView,
    setView(view, opts) {
      const target = { center: [view.lng, view.lat] as LngLatTuple, zoom: clampZoom(view.zoom) };
      if (opts?.animate === false) map.jumpTo(target, PROGRAMMATIC);
      else map.easeTo({ ...target, essential: false }, PROGRAMMATIC);
    },
    fitBounds(points: readonly LatLng[], opts) {
      const b = boundsOf(points);
      if (b) fitTo(b, opts?.animate !== false, PROGRAMMATIC);
    },
    setMarkers(next) {
      markers = next;
      render();
    },
    onMoveEnd(l) {
      moveListeners.add(l);
      return () => moveListeners.delete(l);
    },
    onMarkerClick(l) {
      clickListeners.add(l);
      return () => clickListeners.delete(l);
    },
    onMarkerHover(l) {
      hoverListeners.add(l);
      return () => hoverListeners.delete(l);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(resizeTimer);
      observer?.disconnect();
      map.off('moveend', onMoveEnd);
      for (const { marker } of shown.values()) marker.remove();
      shown.clear();
      for (const m of labels.values()) m.remove();
      labels.clear();
      moveListeners.clear();
      clickListeners.clear();
      hoverListeners.clear();
      map.remove();
    },
  };
}
