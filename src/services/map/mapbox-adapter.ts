/**
 * mapbox-gl, used only when config.map.mapboxToken and mapboxStyle are both set (mapbox-gl v2+ needs a
 * valid token for every map load, so it cannot be the offline default). Loaded only through import()
 * from map-adapter.ts, so mapbox-gl is a lazy chunk of its own.
 */
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { MapAdapterFactory } from './map-adapter.ts';
import { createGlFactory, type GlLib } from './gl-adapter.ts';

export function createMapboxFactory(config: { accessToken: string; style: string }): MapAdapterFactory {
  return createGlFactory({
    library: 'mapbox',
    lib: mapboxgl as unknown as GlLib,
    // flat Web Mercator like the offline map (v3 defaults to a globe at low zoom)
    mapOptions: { style: config.style, accessToken: config.accessToken, projection: 'mercator' },
  });
}
