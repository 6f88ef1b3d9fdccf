import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGlAdapter, type GlEvent, type GlLib, type GlMap, type GlMarker } from './gl-adapter.ts';
import type { MapMarker } from './markers.ts';

/** A stand-in for maplibre-gl / mapbox-gl: records calls, fires events on demand, places marker elements. */
class FakeMap implements GlMap {
  static last: FakeMap;
  listeners = new Map<string, Set<(e: GlEvent) => void>>();
  center = { lng: 0, lat: 0 };
  zoom = 10;
  calls: Array<[string, ...unknown[]]> = [];
  removed = false;
  constructor(public options: Record<string, unknown>) {
    FakeMap.last = this;
    const c = options.center as [number, number];
    this.center = { lng: c[0], lat: c[1] };
    this.zoom = options.zoom as number;
  }
  on(type: string, l: (e: GlEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(l);
  }
  off(type: string, l: (e: GlEvent) => void) {
    this.listeners.get(type)?.delete(l);
  }
  fire(type: string, e: GlEvent = {}) {
    for (const l of [...(this.listeners.get(type) ?? [])]) l({ type, ...e });
  }
  easeTo(o: { center: [number, number]; zoom: number }, data?: object) {
    this.calls.push(['easeTo', o, data]);
    this.center = { lng: o.center[0], lat: o.center[1] };
    this.zoom = o.zoom;
    this.fire('moveend', data);
  }
  jumpTo(o: { center: [number, number]; zoom: number }, data?: object) {
    this.calls.push(['jumpTo', o, data]);
    this.fire('moveend', data);
  }
  fitBounds(b: unknown, o: unknown, data?: object) {
    this.calls.push(['fitBounds', b, o, data]);
    this.fire('moveend', data);
  }
  getCenter() {
    return this.center;
  }
  getZoom() {
    return this.zoom;
  }
  getBounds() {
    return { getWest: () => -180, getSouth: () => -85, getEast: () => 180, getNorth: () => 85 };
  }
  resize() {}
  remove() {
    this.removed = true;
  }
}

class FakeMarker implements GlMarker {
  static live = new Set<FakeMarker>();
  lngLat: [number, number] = [0, 0];
  constructor(public options: { element: HTMLElement; anchor: string }) {}
  setLngLat(ll: [number, number]) {
    this.lngLat = ll;
    return this;
  }
  addTo(map: GlMap) {
    FakeMarker.live.add(this);
    ((map as FakeMap).options.container as HTMLElement).appendChild(this.options.element);
    return this;
  }
  remove() {
    FakeMarker.live.delete(this);
    this.options.element.remove();
  }
}

const lib = { Map: FakeMap, Marker: FakeMarker } as unknown as GlLib;
const opts = { center: { lat: 47.6, lng: -122.3 }, zoom: 11, minZoom: 3, maxZoom: 21 };

async function ready(extra: Partial<Parameters<typeof createGlAdapter>[0]> = {}) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const p = createGlAdapter({ library: 'maplibre', lib, mapOptions: { style: { version: 8 } }, ...extra }, container, opts);
  FakeMap.last.fire('load');
  return { adapter: await p, map: FakeMap.last, container };
}

const m = (n: number, state: MapMarker['state'] = 'default'): MapMarker => ({ storeNumber: `S${n}`, name: `Store ${n}`, lat: 47.6 + n / 100, lng: -122.3, state });

afterEach(() => {
  document.body.innerHTML = '';
  FakeMarker.live.clear();
});

describe('gl adapter: creation', () => {
  it('creates the map with the spec zoom limits and the library options, and resolves on load', async () => {
    const { adapter, map } = await ready();
    expect(map.options).toMatchObject({ center: [-122.3, 47.6], zoom: 11, minZoom: 3, maxZoom: 21, style: { version: 8 }, trackResize: false });
    expect(adapter.library).toBe('maplibre');
    expect(adapter.getView()).toEqual({ lat: 47.6, lng: -122.3, zoom: 11 });
  });

  it('waits for afterLoad (the offline layers) but survives its failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { adapter } = await ready({ afterLoad: () => Promise.reject(new Error('no land')) });
    expect(adapter).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('rejects and removes the map when it fails before loading (style or token error)', async () => {
    const container = document.createElement('div');
    const p = createGlAdapter({ library: 'mapbox', lib, mapOptions: {} }, container, opts);
    FakeMap.last.fire('error', { error: new Error('401 Unauthorized') });
    await expect(p).rejects.toThrow('401');
    expect(FakeMap.last.removed).toBe(true);
  });

  it('rejects when the library cannot create a WebGL context', async () => {
    const Throwing = function () {
      throw new Error('Failed to initialize WebGL');
    };
    await expect(createGlAdapter({ library: 'maplibre', lib: { Map: Throwing, Marker: FakeMarker } as unknown as GlLib, mapOptions: {} }, document.createElement('div'), opts)).rejects.toThrow('WebGL');
  });

  it('rejects when the map does not load in time', async () => {
    vi.useFakeTimers();
    const p = createGlAdapter({ library: 'mapbox', lib, mapOptions: {}, loadTimeoutMs: 1000 }, document.createElement('div'), opts);
    vi.advanceTimersByTime(1001);
    await expect(p).rejects.toThrow('in time');
    vi.useRealTimers();
  });
});

describe('gl adapter: markers', () => {
  it('places accessible buttons and touches only what changed', async () => {
    const { adapter, container } = await ready();
    adapter.setMarkers([m(1), m(2), m(3)]);
    const buttons = () => [...container.querySelectorAll('button')];
    expect(buttons().map((b) => b.getAttribute('aria-label'))).toEqual(['Store 1', 'Store 2', 'Store 3']);
    expect(buttons().every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
    const [b1, b2] = buttons();

    adapter.setMarkers([m(1, 'highlighted'), m(2, 'selected'), m(4)]);
    expect(buttons()).toHaveLength(3);
    expect(buttons()[0]).toBe(b1); // same element, new class
    expect(b1!.className).toBe('store-marker store-marker--highlighted');
    expect(b2!.className).toBe('store-marker store-marker--selected');
    expect(b2!.getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('[data-store-number="S3"]')).toBeNull();
    expect(FakeMarker.live.size).toBe(3);
  });

  it('reports pin clicks and hover/focus', async () => {
    const { adapter, container } = await ready();
    const clicks: string[] = [];
    const hovers: Array<string | null> = [];
    adapter.onMarkerClick((s) => clicks.push(s));
    adapter.onMarkerHover((s) => hovers.push(s));
    adapter.setMarkers([m(1), m(2)]);
    const pin = container.querySelector<HTMLButtonElement>('[data-store-number="S2"]')!;
    pin.dispatchEvent(new MouseEvent('mouseenter'));
    pin.dispatchEvent(new MouseEvent('mouseleave'));
    pin.dispatchEvent(new FocusEvent('focus'));
    pin.click();
    expect(clicks).toEqual(['S2']);
    expect(hovers).toEqual(['S2', null, 'S2']);
  });

  it('clusters above the threshold; a cluster click zooms to its stores as a user move', async () => {
    const { adapter, map, container } = await ready();
    const many = Array.from({ length: 300 }, (_, i) => ({ ...m(i), lat: 47.6 + (i % 3) * 1e-5 }));
    adapter.setMarkers(many);
    const clusters = container.querySelectorAll<HTMLButtonElement>('.store-cluster');
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters[0]!.getAttribute('aria-label')).toMatch(/^\d+ stores, zoom in to see them$/);
    const moves: boolean[] = [];
    adapter.onMoveEnd((_v, info) => moves.push(info.user));
    const clicks: string[] = [];
    adapter.onMarkerClick((s) => clicks.push(s));
    clusters[0]!.click();
    const fit = map.calls.find((c) => c[0] === 'fitBounds')!;
    // up to the map's own limit (a cluster at zoom 15 in a dense downtown still opens; one at 17 never zooms out)
    expect(fit[2]).toMatchObject({ maxZoom: 21, linear: true });
    expect(moves).toEqual([true]);
    expect(clicks).toEqual([]);
  });

  it('a cluster of stores at one spot, or at the zoom limit, selects its first store instead of zooming', async () => {
    const { adapter, map, container } = await ready();
    const clicks: string[] = [];
    adapter.onMarkerClick((s) => clicks.push(s));
    // 300 stores in view: clustering on; S0 and S1 share one point, far from the rest
    const many = Array.from({ length: 300 }, (_, i) => ({ ...m(i), lat: 10 + i * 0.2, lng: 10 + i * 0.5 }));
    many[1] = { ...many[1]!, lat: many[0]!.lat, lng: many[0]!.lng };
    adapter.setMarkers(many);
    const spot = container.querySelector<HTMLButtonElement>('.store-cluster[data-item-id="cluster:S0"]')!;
    expect(spot.getAttribute('aria-label')).toBe('2 stores at this spot, choose one in the list');
    spot.click();
    expect(clicks).toEqual(['S0']);
    expect(map.calls.some((c) => c[0] === 'fitBounds')).toBe(false);

    const near = Array.from({ length: 300 }, (_, i) => ({ ...m(i), lat: 47.6 + (i % 3) * 1e-5 }));
    adapter.setMarkers(near);
    map.zoom = 21;
    const cluster = container.querySelector<HTMLButtonElement>('.store-cluster')!;
    expect(cluster.getAttribute('aria-label')).toMatch(/^\d+ stores, zoom in to see them$/);
    cluster.click();
    expect(clicks).toHaveLength(2);
    expect(map.calls.some((c) => c[0] === 'fitBounds')).toBe(false);
  });

  it('removes every marker and the map on destroy', async () => {
    const { adapter, map, container } = await ready();
    adapter.setMarkers([m(1), m(2)]);
    adapter.destroy();
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(map.removed).toBe(true);
  });
});

describe('gl adapter: camera and moves', () => {
  it('reports user gestures but not its own moves', async () => {
    const { adapter, map } = await ready();
    const seen: Array<[boolean, number]> = [];
    adapter.onMoveEnd((v, info) => seen.push([info.user, v.zoom]));
    adapter.setView({ lat: 40, lng: -100, zoom: 8 });
    adapter.setView({ lat: 40, lng: -100, zoom: 9 }, { animate: false });
    adapter.fitBounds([{ lat: 1, lng: 1 }, { lat: 2, lng: 2 }]);
    map.fire('moveend', { originalEvent: new MouseEvent('mouseup') }); // drag
    map.fire('moveend', {}); // wheel zoom in maplibre 6 ends without originalEvent
    expect(seen.map(([user]) => user)).toEqual([false, false, false, true, true]);
    expect(map.calls[0]).toEqual(['easeTo', { center: [-100, 40], zoom: 8, essential: false }, { programmatic: true }]);
    expect(map.calls[1]![0]).toBe('jumpTo');
    expect(map.calls[2]).toEqual(['fitBounds', [[1, 1], [2, 2]], { padding: { top: 60, right: 20, bottom: 20, left: 20 }, maxZoom: 15 }, { programmatic: true }]);
  });

  it('clamps zoom requests to 3..21', async () => {
    const { adapter, map } = await ready();
    adapter.setView({ lat: 0, lng: 0, zoom: 25 });
    expect((map.calls[0]![1] as { zoom: number }).zoom).toBe(21);
  });

  it('stops reporting after the listener is removed', async () => {
    const { adapter, map } = await ready();
    const seen: unknown[] = [];
    const off = adapter.onMoveEnd((v) => seen.push(v));
    off();
    map.fire('moveend', {});
    expect(seen).toEqual([]);
  });
});

describe('gl adapter: town names (offline style)', () => {
  const rows = [
    ['Seattle', 47.606, -122.332, 737],
    ['Bellevue', 47.61, -122.2, 151],
    ['Tacoma', 47.253, -122.444, 219],
  ] as const;

  it('draws the towns in view as hidden-from-AT labels after they load, and redraws on every move', async () => {
    let give!: (r: typeof rows) => void;
    const { adapter, map, container } = await ready({ placeLabels: () => new Promise((r) => (give = r)) });
    expect(container.querySelectorAll('.map-place-label')).toHaveLength(0); // not loaded yet
    give(rows);
    await Promise.resolve();
    await Promise.resolve();
    const names = () => [...container.querySelectorAll<HTMLElement>('.map-place-label')].map((el) => el.textContent);
    expect(names()).toEqual(['Seattle', 'Bellevue', 'Tacoma']);
    for (const el of container.querySelectorAll('.map-place-label')) expect(el.getAttribute('aria-hidden')).toBe('true');
    // a move to a view without them removes them; destroy removes every label
    map.getBounds = () => ({ getWest: () => 0, getSouth: () => 0, getEast: () => 10, getNorth: () => 10 });
    map.fire('moveend', {});
    expect(names()).toEqual([]);
    map.getBounds = () => ({ getWest: () => -180, getSouth: () => -85, getEast: () => 180, getNorth: () => 85 });
    map.fire('moveend', {});
    expect(names()).toHaveLength(3);
    adapter.destroy();
    expect(names()).toEqual([]);
  });

  it('a failed label load leaves the map working (logged, no labels)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { adapter, container } = await ready({ placeLabels: () => Promise.reject(new Error('offline')) });
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelectorAll('.map-place-label')).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith('[map] place labels not loaded', expect.any(Error));
    adapter.setMarkers([m(1)]);
    expect(container.querySelectorAll('.store-marker')).toHaveLength(1);
    warn.mockRestore();
  });
});
