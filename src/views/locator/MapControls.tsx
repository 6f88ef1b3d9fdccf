import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { MAX_ZOOM, MIN_ZOOM, type locatorMachine } from '../../../machines/locator.machine.ts';

/** Zoom in, zoom out and find-me buttons over the map. */
export function MapControls({ locator }: { locator: ActorRefFrom<typeof locatorMachine> }) {
  const zoom = useSelector(locator, (s) => s.context.map.zoom);
  const locating = useSelector(locator, (s) => s.matches({ results: { browsing: 'locating' } }));
  return (
    <div className="map-controls">
      <div className="map-controls-zoom" role="group" aria-label="Zoom">
        <button type="button" className="map-control" aria-label="Zoom in" disabled={zoom >= MAX_ZOOM} onClick={() => locator.send({ type: 'user.zoomIn' })}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" /></svg>
        </button>
        <button type="button" className="map-control" aria-label="Zoom out" disabled={zoom <= MIN_ZOOM} onClick={() => locator.send({ type: 'user.zoomOut' })}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M5 11h14v2H5z" fill="currentColor" /></svg>
        </button>
      </div>
      <button type="button" className={`map-control map-control--locate${locating ? ' is-busy' : ''}`} aria-label="Find stores near me" aria-busy={locating} onClick={() => locator.send({ type: 'user.locateMe' })}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm-1-6h2v3.1A7 7 0 0 1 18.9 11H22v2h-3.1A7 7 0 0 1 13 18.9V22h-2v-3.1A7 7 0 0 1 5.1 13H2v-2h3.1A7 7 0 0 1 11 5.1zm1 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
