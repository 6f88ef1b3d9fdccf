import { useEffect, useRef, useState, type JSX } from 'react';
import { hasWebGL, loadMapAdapterFactory, type MapAdapter } from '../../services/map/map-adapter.ts';
import { MAX_ZOOM, MIN_ZOOM, markerSetKey, planCamera, type MapView } from '../../services/map/camera.ts';
import { Spinner } from '../shell/Loading.tsx';
import { whenShownAndIdle } from './map-start.ts';
import './StoreMap.css';

export interface StoreMapMarker {
  storeNumber: string;
  lat: number;
  lng: number;
  name: string;
  state: 'default' | 'highlighted' | 'selected';
}

export interface StoreMapProps {
  center: { lat: number; lng: number };
  zoom: number; // controlled: the map eases to these when they change
  markers: StoreMapMarker[];
  fitBounds?: boolean; // fit the markers after a new search
  /** devNotes: developer matter (the offline map's token note) is shown, only from the client config's devTools */
  mapConfig: { mapboxToken: string | null; mapboxStyle: string | null; devNotes?: boolean };
  onMoveEnd: (view: { lat: number; lng: number; zoom: number }) => void; // only for user gestures (drag, wheel, pinch), not programmatic moves
  onMarkerClick: (storeNumber: string) => void;
  onMarkerHover: (storeNumber: string | null) => void;
  /** the list's first answer is pending: the map waits for it (the list and search come first, docs/map.md) */
  hold?: boolean;
}

type Status = 'loading' | 'ready' | 'unavailable';

/** shown on the offline map (no Mapbox token and style): it has no streets or place names (issue 8) */
export const OFFLINE_MAP_NOTE = 'Offline map: coastlines, borders and town names only. Streets need a Mapbox style token.';

/**
 * The locator's map. The library (maplibre-gl offline, or mapbox-gl when configured) loads lazily in an
 * effect; until then a loading state shows, and without WebGL (jsdom, old browsers) or when the library
 * fails to load, a "Map unavailable" note replaces it: the store list works without the map.
 */
export function StoreMap(props: StoreMapProps): JSX.Element {
  const { mapboxToken, mapboxStyle } = props.mapConfig;
  const containerRef = useRef<HTMLDivElement>(null);
  const adapterRef = useRef<MapAdapter | null>(null);
  const [status, setStatus] = useState<Status>(() => (hasWebGL() ? 'loading' : 'unavailable'));
  // latest props for the adapter's listeners and the first camera move, without re-creating the map
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const applied = useRef<{ setKey: string | null; view: MapView | null }>({ setKey: null, view: null });
  // latched: once the list has answered, later searches never hold (or tear down) the map
  const [released, setReleased] = useState(!props.hold);
  useEffect(() => {
    if (!props.hold) setReleased(true);
  }, [props.hold]);

  useEffect(() => {
    const host = containerRef.current;
    if (!host || !hasWebGL() || !released) return;
    // one element per map instance: a map being torn down (StrictMode, config change) never shares
    // its container (and the library's classes on it) with the next one
    const container = document.createElement('div');
    container.className = 'store-map-instance';
    host.appendChild(container);
    let cancelled = false;
    let adapter: MapAdapter | null = null;
    setStatus('loading');
    // never in the first-load critical path: the list and search come first; the map library (and its
    // country data) starts once the map is on screen (phones show the list until Map is chosen) and the
    // browser is idle after the first paint
    let cancelWait = () => {};
    new Promise<void>((resolve) => {
      cancelWait = whenShownAndIdle(host, resolve);
    })
      .then(() => loadMapAdapterFactory({ mapboxToken, mapboxStyle }))
      .then((factory) => {
        const { center, zoom } = latest.current;
        return factory.create(container, { center, zoom, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM });
      })
      .then((a) => {
        if (cancelled) {
          a.destroy();
          return;
        }
        adapter = a;
        adapterRef.current = a;
        const { center, zoom } = latest.current;
        applied.current = { setKey: null, view: { ...center, zoom } };
        a.onMoveEnd((view, info) => {
          // the zoom the camera settled at, after any move (tests read it: one Zoom out is one level out)
          host.setAttribute('data-zoom', view.zoom.toFixed(2));
          if (info.user) latest.current.onMoveEnd(view);
        });
        a.onMarkerClick((storeNumber) => latest.current.onMarkerClick(storeNumber));
        a.onMarkerHover((storeNumber) => latest.current.onMarkerHover(storeNumber));
        setStatus('ready');
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        console.warn('[map] unavailable', e);
        setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      cancelWait();
      adapter?.destroy();
      adapterRef.current = null;
      container.remove();
    };
  }, [mapboxToken, mapboxStyle, released]);

  const { markers, fitBounds = false } = props;
  const { lat, lng } = props.center;
  const { zoom } = props;
  useEffect(() => {
    const a = adapterRef.current;
    if (status !== 'ready' || !a) return;
    a.setMarkers(markers);
    const view = { lat, lng, zoom };
    const plan = planCamera({ previous: applied.current, markers, fitBounds, view, current: a.getView() });
    // the set is remembered only while fitting is asked for: a new set arriving one render before
    // `fitBounds` turns true is still fitted
    applied.current = { setKey: fitBounds ? markerSetKey(markers) : applied.current.setKey, view };
    if (plan.kind === 'fit') a.fitBounds(markers);
    else if (plan.kind === 'ease') a.setView(plan.view);
  }, [status, markers, fitBounds, lat, lng, zoom]);

  return (
    <div className={`store-map store-map--${status}`} data-testid="store-map">
      <div ref={containerRef} className="store-map-canvas" hidden={status === 'unavailable'} />
      {status === 'loading' ? (
        <div className="store-map-overlay">
          <Spinner label="Loading map" />
        </div>
      ) : null}
      {status === 'unavailable' ? (
        <div className="store-map-overlay store-map-fallback" role="note">
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
            <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zm0 2.2 6 2v9.6l-6-2V6.2z" fill="currentColor" />
          </svg>
          <p className="store-map-fallback-title">Map unavailable</p>
          <p>The list of stores still works.</p>
        </div>
      ) : null}
      {status === 'ready' && !(mapboxToken && mapboxStyle) && props.mapConfig.devNotes ? (
        // the offline style has land, water and borders only (docs/map.md): say so to the developer rather than
        // look broken; customers (no devTools) never see a note about tokens
        <p className="store-map-note">{OFFLINE_MAP_NOTE}</p>
      ) : null}
    </div>
  );
}

