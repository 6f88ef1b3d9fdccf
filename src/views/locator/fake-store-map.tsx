/**
 * Stand-in for StoreMap.tsx in view tests (vi.mock): markers are buttons carrying their state, and a
 * button reports a user gesture with the view set in `fakeMap.nextMove`.
 */
import type { StoreMapProps } from './StoreMap.tsx';

export const fakeMap = { nextMove: { lat: 47.61, lng: -122.33, zoom: 12 } };

export function FakeStoreMap(p: StoreMapProps) {
  return (
    <div data-testid="store-map" data-zoom={p.zoom} data-lat={p.center.lat} data-lng={p.center.lng} data-fit={String(!!p.fitBounds)}>
      {p.markers.map((m) => (
        <button
          key={m.storeNumber}
          type="button"
          data-testid={`marker-${m.storeNumber}`}
          data-state={m.state}
          onClick={() => p.onMarkerClick(m.storeNumber)}
          onMouseEnter={() => p.onMarkerHover(m.storeNumber)}
          onMouseLeave={() => p.onMarkerHover(null)}
        >
          marker {m.name}
        </button>
      ))}
      <button type="button" onClick={() => p.onMoveEnd(fakeMap.nextMove)}>
        simulate map gesture
      </button>
    </div>
  );
}
