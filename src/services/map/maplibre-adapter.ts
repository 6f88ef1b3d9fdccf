/**
 * The default map: maplibre-gl with the local offline style (offline-style.ts). Loaded only through
 * import() from map-adapter.ts, so maplibre-gl is a lazy chunk of its own.
 */
import { Map as MaplibreMap, Marker, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// maplibre-gl 6 runs its worker from a separate module file next to the library; emit it as an asset
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
// Natural Earth 1:50m countries (land + borders), emitted as a content-hashed asset: no network beyond our origin
import countriesUrl from 'world-atlas/countries-50m.json?url';
// town names for the offline style (scripts/place-labels.ts writes it), a content-hashed asset fetched after the map
import placeLabelsUrl from './place-labels.json?url';
import * as v from 'valibot';
import type { MapAdapterFactory } from './map-adapter.ts';
import type { PlaceRow } from './place-labels.ts';
import { createGlFactory, type GlLib, type GlMap } from './gl-adapter.ts';
import { BORDERS_SOURCE, LAND_SOURCE, loadOfflineLayersData, offlineStyle, type OfflineLayersData } from './offline-style.ts';

setWorkerUrl(workerUrl);

/** One load shared by every map; a failed load is tried again by the next map. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}

const offlineData = loadOnce<OfflineLayersData>(() => loadOfflineLayersData(countriesUrl));

const PlaceRows = v.array(v.tuple([v.string(), v.number(), v.number(), v.number()]));
const loadPlaceLabels = loadOnce<readonly PlaceRow[]>(() =>
  fetch(placeLabelsUrl)
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`place labels: HTTP ${r.status}`))))
    .then((json: unknown) => v.parse(PlaceRows, json)),
);

export function createMaplibreFactory(): MapAdapterFactory {
  const lib = { Map: MaplibreMap, Marker } as unknown as GlLib;
  return createGlFactory({
    library: 'maplibre',
    lib,
    mapOptions: { style: offlineStyle(), renderWorldCopies: true },
    placeLabels: loadPlaceLabels,
    afterLoad: async (map: GlMap) => {
      const data = await offlineData();
      const m = map as unknown as MaplibreMap;
      await Promise.all([(m.getSource(LAND_SOURCE) as GeoJSONSource).setData(data.land), (m.getSource(BORDERS_SOURCE) as GeoJSONSource).setData(data.borders)]);
    },
  });
}

// start downloading the land data as soon as this chunk loads, in parallel with the map's start
void offlineData().catch(() => undefined);
