import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { MapAdapter, MapAdapterFactory, MoveEndInfo } from '../../services/map/map-adapter.ts';
import type { MapMarker, MapView } from '../../services/map/markers.ts';
import { StoreMap, type StoreMapMarker, type StoreMapProps } from './StoreMap.tsx';

vi.mock('../../services/map/map-adapter.ts', () => ({ hasWebGL: vi.fn(() => true), loadMapAdapterFactory: vi.fn() }));
// the map starts at once here (its wait for display + idle is tested in map-start.test.ts)
vi.mock('./map-start.ts', () => ({ whenShownAndIdle: (_host: HTMLElement, ready: () => void) => (ready(), () => {}) }));
const adapterModule = await import('../../services/map/map-adapter.ts');

/** A controllable adapter: resolves when the test says, records what the component asked for. */
function fakeAdapter() {
  let view: MapView = { lat: 47.6, lng: -122.3, zoom: 11 };
  const calls: Array<[string, unknown]> = [];
  const listeners = { move: [] as Array<(v: MapView, i: MoveEndInfo) => void>, click: [] as Array<(s: string) => void>, hover: [] as Array<(s: string | null) => void> };
  const adapter: MapAdapter = {
    library: 'maplibre',
    getView: () => view,
    setView: (v) => {
      calls.push(['setView', v]);
      view = v;
    },
    fitBounds: (points) => calls.push(['fitBounds', points.length]),
    setMarkers: (m: readonly MapMarker[]) => calls.push(['setMarkers', m.map((x) => `${x.storeNumber}:${x.state}`).join(' ')]),
    onMoveEnd: (l) => (listeners.move.push(l), () => {}),
    onMarkerClick: (l) => (listeners.click.push(l), () => {}),
    onMarkerHover: (l) => (listeners.hover.push(l), () => {}),
    destroy: () => calls.push(['destroy', null]),
  };
  let resolveCreate!: (a: MapAdapter) => void;
  let rejectCreate!: (e: Error) => void;
  const create = vi.fn(() => new Promise<MapAdapter>((res, rej) => ((resolveCreate = res), (rejectCreate = rej))));
  const factory: MapAdapterFactory = { library: 'maplibre', create };
  return {
    adapter,
    factory,
    create,
    calls,
    listeners,
    userMoves(v: MapView, user: boolean) {
      view = v;
      listeners.move.forEach((l) => l(v, { user }));
    },
    ready: () => act(async () => resolveCreate(adapter)),
    fail: () => act(async () => rejectCreate(new Error('no WebGL context'))),
  };
}

const markers: StoreMapMarker[] = [
  { storeNumber: '1', lat: 47.6, lng: -122.3, name: 'Pike Place', state: 'default' },
  { storeNumber: '2', lat: 47.62, lng: -122.35, name: 'Queen Anne', state: 'default' },
];

function setup(overrides: Partial<StoreMapProps> = {}) {
  const fake = fakeAdapter();
  vi.mocked(adapterModule.loadMapAdapterFactory).mockResolvedValue(fake.factory);
  const props: StoreMapProps = {
    center: { lat: 47.6, lng: -122.3 },
    zoom: 11,
    markers,
    mapConfig: { mapboxToken: null, mapboxStyle: null },
    onMoveEnd: vi.fn(),
    onMarkerClick: vi.fn(),
    onMarkerHover: vi.fn(),
    ...overrides,
  };
  const r = render(<StoreMap {...props} />);
  const rerender = (next: Partial<StoreMapProps>) => {
    Object.assign(props, next);
    r.rerender(<StoreMap {...props} />);
  };
  return { ...r, fake, props, rerender };
}

beforeEach(() => {
  vi.mocked(adapterModule.hasWebGL).mockReturnValue(true);
  vi.mocked(adapterModule.loadMapAdapterFactory).mockReset();
});

describe('StoreMap', () => {
  it('shows a loading state until the map has loaded, then the markers', async () => {
    const { fake } = setup();
    expect(screen.getByRole('progressbar', { name: 'Loading map' })).toBeTruthy();
    await act(async () => {}); // let the lazy import resolve
    expect(fake.create).toHaveBeenCalledWith(expect.any(HTMLElement), { center: { lat: 47.6, lng: -122.3 }, zoom: 11, minZoom: 3, maxZoom: 21 });
    await fake.ready();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(fake.calls).toEqual([['setMarkers', '1:default 2:default']]);
  });

  it('never shows customers (no devTools in the client config) the offline map token note', async () => {
    const customer = setup();
    await act(async () => {});
    await customer.fake.ready();
    expect(screen.queryByText(/Offline map|style token/)).toBeNull();
  });

  it('says on the offline map, to a developer (devTools), that streets and place names need a style token, and not on a Mapbox map', async () => {
    const offline = setup({ mapConfig: { mapboxToken: null, mapboxStyle: null, devNotes: true } });
    await act(async () => {});
    expect(screen.queryByText('Offline map: coastlines, borders and town names only. Streets need a Mapbox style token.')).toBeNull(); // not while loading
    await offline.fake.ready();
    expect(screen.getByText('Offline map: coastlines, borders and town names only. Streets need a Mapbox style token.')).toBeTruthy();
    offline.unmount();
    const mapbox = setup({ mapConfig: { mapboxToken: 'pk.x', mapboxStyle: 'mapbox://styles/a/b', devNotes: true } });
    await act(async () => {});
    await mapbox.fake.ready();
    expect(screen.queryByText(/Offline map/)).toBeNull();
  });

  it('passes the map config to the loader (mapbox only when configured)', async () => {
    setup({ mapConfig: { mapboxToken: 'pk.x', mapboxStyle: 'mapbox://styles/a/b' } });
    await act(async () => {});
    expect(adapterModule.loadMapAdapterFactory).toHaveBeenCalledWith({ mapboxToken: 'pk.x', mapboxStyle: 'mapbox://styles/a/b' });
  });

  it('falls back to "Map unavailable" when the map fails to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fake } = setup();
    await act(async () => {});
    await fake.fail();
    expect(screen.getByRole('note').textContent).toContain('Map unavailable');
    warn.mockRestore();
  });

  it('falls back when the library chunk cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(adapterModule.loadMapAdapterFactory).mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    render(<StoreMap center={{ lat: 0, lng: 0 }} zoom={3} markers={[]} mapConfig={{ mapboxToken: null, mapboxStyle: null }} onMoveEnd={() => {}} onMarkerClick={() => {}} onMarkerHover={() => {}} />);
    await act(async () => {});
    expect(screen.getByRole('note').textContent).toContain('Map unavailable');
    warn.mockRestore();
  });

  it('fits a new result set when fitBounds is on, and only once per set', async () => {
    const { fake, rerender } = setup({ fitBounds: true });
    await act(async () => {});
    await fake.ready();
    expect(fake.calls.filter((c) => c[0] === 'fitBounds')).toEqual([['fitBounds', 2]]);
    rerender({ markers: markers.map((m, i) => (i === 1 ? { ...m, state: 'selected' as const } : m)) });
    expect(fake.calls.filter((c) => c[0] === 'fitBounds')).toHaveLength(1);
    expect(fake.calls.at(-1)).toEqual(['setMarkers', '1:default 2:selected']);
    rerender({ markers: [...markers, { storeNumber: '3', lat: 47.7, lng: -122.4, name: 'Fremont', state: 'default' }] });
    expect(fake.calls.filter((c) => c[0] === 'fitBounds')).toEqual([['fitBounds', 2], ['fitBounds', 3]]);
  });

  it('eases to a new controlled centre or zoom', async () => {
    const { fake, rerender } = setup();
    await act(async () => {});
    await fake.ready();
    rerender({ center: { lat: 40.7, lng: -74 }, zoom: 12 });
    expect(fake.calls.at(-1)).toEqual(['setView', { lat: 40.7, lng: -74, zoom: 12 }]);
    rerender({ zoom: 13 });
    expect(fake.calls.at(-1)).toEqual(['setView', { lat: 40.7, lng: -74, zoom: 13 }]);
  });

  it('reports user moves only, and does not move back when the parent echoes them', async () => {
    const { fake, props, rerender } = setup();
    await act(async () => {});
    await fake.ready();
    act(() => fake.userMoves({ lat: 47.5, lng: -122.2, zoom: 11 }, false));
    expect(props.onMoveEnd).not.toHaveBeenCalled();
    act(() => fake.userMoves({ lat: 47.5, lng: -122.1, zoom: 12 }, true));
    expect(props.onMoveEnd).toHaveBeenCalledWith({ lat: 47.5, lng: -122.1, zoom: 12 });
    rerender({ center: { lat: 47.5, lng: -122.1 }, zoom: 12 });
    expect(fake.calls.some((c) => c[0] === 'setView')).toBe(false);
  });

  it('forwards marker clicks and hovers to the latest callbacks', async () => {
    const { fake, rerender } = setup();
    await act(async () => {});
    await fake.ready();
    const onMarkerClick = vi.fn();
    const onMarkerHover = vi.fn();
    rerender({ onMarkerClick, onMarkerHover });
    fake.listeners.click.forEach((l) => l('2'));
    fake.listeners.hover.forEach((l) => l('1'));
    fake.listeners.hover.forEach((l) => l(null));
    expect(onMarkerClick).toHaveBeenCalledWith('2');
    expect(onMarkerHover.mock.calls).toEqual([['1'], [null]]);
  });

  it('destroys the map on unmount, and a map that loads after unmount', async () => {
    const { fake, unmount } = setup();
    await act(async () => {});
    await fake.ready();
    unmount();
    expect(fake.calls.at(-1)).toEqual(['destroy', null]);

    const late = setup();
    await act(async () => {});
    late.unmount();
    await late.fake.ready();
    expect(late.fake.calls).toEqual([['destroy', null]]);
  });

  it('shows the fallback without loading anything when WebGL is missing', () => {
    vi.mocked(adapterModule.hasWebGL).mockReturnValue(false);
    setup();
    expect(screen.getByRole('note').textContent).toContain('Map unavailable');
    expect(adapterModule.loadMapAdapterFactory).not.toHaveBeenCalled();
  });
});
