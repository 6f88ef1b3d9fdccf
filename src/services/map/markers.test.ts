import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  chooseMapLibrary,
  CLUSTER_THRESHOLD,
  OVERLAP_RADIUS_PX,
  itemBox,
  overlaps,
  clusterMarkers,
  diffRenderItems,
  inBounds,
  markerClassName,
  markerSetKey,
  planCamera,
  project,
  shouldCluster,
  viewsDiffer,
  type MapMarker,
  type RenderItem,
} from './markers.ts';

const store = (i: number, lat: number, lng: number, state: MapMarker['state'] = 'default'): MapMarker => ({ storeNumber: String(1000 + i), name: `Store ${i}`, lat, lng, state });

/** n stores on a grid of `step` degrees starting at (lat, lng) */
function grid(n: number, lat = 47, lng = -122, step = 0.01): MapMarker[] {
  const side = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => store(i, lat + Math.floor(i / side) * step, lng + (i % side) * step));
}

describe('chooseMapLibrary', () => {
  it('uses mapbox-gl only with both a token and a style', () => {
    expect(chooseMapLibrary({ mapboxToken: 'pk.abc', mapboxStyle: 'mapbox://styles/mapbox/streets-v12' })).toBe('mapbox');
    expect(chooseMapLibrary({ mapboxToken: 'pk.abc', mapboxStyle: null })).toBe('maplibre');
    expect(chooseMapLibrary({ mapboxToken: null, mapboxStyle: 'mapbox://styles/mapbox/streets-v12' })).toBe('maplibre');
    expect(chooseMapLibrary({ mapboxToken: null, mapboxStyle: null })).toBe('maplibre');
    expect(chooseMapLibrary({ mapboxToken: '  ', mapboxStyle: 'x' })).toBe('maplibre');
  });
});

describe('geometry helpers', () => {
  it('projects Web Mercator with 512 px tiles', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 256, y: 256 });
    expect(project({ lat: 0, lng: 180 }, 1).x).toBe(1024);
    expect(project({ lat: 85.0511, lng: -180 }, 0).y).toBeCloseTo(0, 1);
  });

  it('tests bounds, including bounds across the antimeridian', () => {
    const b = { west: -10, south: -5, east: 10, north: 5 };
    expect(inBounds({ lat: 0, lng: 0 }, b)).toBe(true);
    expect(inBounds({ lat: 6, lng: 0 }, b)).toBe(false);
    expect(inBounds({ lat: 0, lng: 11 }, b)).toBe(false);
    const across = { west: 170, south: -5, east: 190, north: 5 };
    expect(inBounds({ lat: 0, lng: -175 }, across)).toBe(true);
    expect(inBounds({ lat: 0, lng: 175 }, across)).toBe(true);
    expect(inBounds({ lat: 0, lng: 160 }, across)).toBe(false);
    expect(inBounds({ lat: 0, lng: 100 }, { west: -400, south: -5, east: 400, north: 5 })).toBe(true);
  });

  it('computes the bounds of points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ lat: 1, lng: 2 }, { lat: -3, lng: 4 }])).toEqual({ west: 2, south: -3, east: 4, north: 1 });
  });
});

describe('clustering threshold', () => {
  it(`shows every store as a pin up to ${CLUSTER_THRESHOLD} stores in view when the pins do not overlap`, () => {
    const markers = grid(CLUSTER_THRESHOLD, 47, -122, 0.01); // about 55 px apart at zoom 12
    const items = clusterMarkers(markers, { zoom: 12, bounds: null });
    expect(items).toHaveLength(CLUSTER_THRESHOLD);
    expect(items.every((i) => i.kind === 'marker')).toBe(true);
  });

  it(`below the threshold pins closer than ${OVERLAP_RADIUS_PX} px are one cluster (each tap target keeps 24 x 24 px: WCAG 2.5.8)`, () => {
    const markers = grid(20, 47, -122, 0.0001); // all on top of each other
    const items = clusterMarkers(markers, { zoom: 10, bounds: null });
    expect(items).toEqual([expect.objectContaining({ kind: 'cluster', count: 20 })]);
    // two pins just apart stay pins; just closer, they are grouped
    const zoom = 14;
    const apart = (px: number): MapMarker[] => {
      const a = { storeNumber: 'a', name: 'A', lat: 47, lng: -122, state: 'default' as const };
      const pa = project(a, zoom);
      // a longitude step of `px` screen pixels at this zoom
      const step = (px / (project({ lat: 47, lng: -121 }, zoom).x - pa.x)) * 1;
      return [a, { ...a, storeNumber: 'b', name: 'B', lng: -122 + step }];
    };
    expect(clusterMarkers(apart(OVERLAP_RADIUS_PX + 1), { zoom, bounds: null }).map((i) => i.kind)).toEqual(['marker', 'marker']);
    expect(clusterMarkers(apart(OVERLAP_RADIUS_PX - 1), { zoom, bounds: null }).map((i) => i.kind)).toEqual(['cluster']);
  });

  it('below the threshold the selected and highlighted pins stay pins; a pin under them is left off until the user zooms in', () => {
    const zoom = 14;
    const base = { lat: 47, lng: -122, state: 'default' as const };
    const px = 1 / (project({ lat: 47, lng: -121 }, zoom).x - project({ lat: 47, lng: -122 }, zoom).x);
    const markers: MapMarker[] = [
      { ...base, storeNumber: 's', name: 'Selected', state: 'selected' },
      { ...base, storeNumber: 'n', name: 'Near', lng: -122 + 10 * px },
      { ...base, storeNumber: 'f', name: 'Far', lng: -122 + 80 * px },
    ];
    const items = clusterMarkers(markers, { zoom, bounds: null });
    expect(items.map((i) => (i.kind === 'marker' ? i.name : 'cluster'))).toEqual(['Selected', 'Far']);
    // zoomed in, the near store is far enough from the selected pin to be drawn again
    expect(clusterMarkers(markers, { zoom: zoom + 3, bounds: null }).map((i) => (i.kind === 'marker' ? i.name : 'cluster'))).toEqual(['Selected', 'Near', 'Far']);
  });

  it('below the threshold no two drawn tap targets overlap, whatever the stores (random sets; clusters included)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 60; run++) {
      const n = 5 + Math.floor(rnd() * 60);
      const spread = 0.002 + rnd() * 0.05;
      const markers = Array.from({ length: n }, (_, i) => store(i, 47.6 + (rnd() - 0.5) * spread, -122.3 + (rnd() - 0.5) * spread));
      if (run % 3 === 0) markers[0] = { ...markers[0]!, state: 'selected' };
      if (run % 5 === 0) markers[1] = { ...markers[1]!, state: 'highlighted' };
      const zoom = 11 + Math.floor(rnd() * 5);
      const items = clusterMarkers(markers, { zoom, bounds: null });
      const boxes = items.map((i) => itemBox(i, zoom));
      // (the selected and the hovered pin may touch each other: both are drawn, hovering is momentary)
      const raisedPair = (i: number, j: number) => [items[i]!, items[j]!].every((x) => x.kind === 'marker' && x.state !== 'default');
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (!raisedPair(i, j)) expect(overlaps(boxes[i]!, boxes[j]!), `run ${run}: ${items[i]!.id} and ${items[j]!.id}`).toBe(false);
      // every store is drawn once, as a pin or inside a cluster, except default pins left off under a raised pin
      const drawn = items.reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 1), 0);
      expect(drawn).toBeLessThanOrEqual(n);
      expect(items.filter((i) => i.kind === 'marker' && i.state !== 'default')).toHaveLength(markers.filter((m) => m.state !== 'default').length);
    }
  });

  it('counts only the stores in view', () => {
    const here = grid(150, 47, -122, 0.001);
    const elsewhere = grid(300, 10, 10, 0.001).map((m) => ({ ...m, storeNumber: `x${m.storeNumber}` }));
    const view = { west: -123, south: 46, east: -121, north: 48 };
    expect(shouldCluster([...here, ...elsewhere], view)).toBe(false);
    expect(shouldCluster([...here, ...elsewhere], null)).toBe(true);
    expect(shouldCluster(grid(201, 47, -122, 0.001), view)).toBe(true);
    expect(shouldCluster(grid(201, 47, -122, 0.001), view, 500)).toBe(false);
  });

  it('groups nearby pins above the threshold and keeps every store counted once', () => {
    const markers = grid(500, 47, -122, 0.01);
    const items = clusterMarkers(markers, { zoom: 9, bounds: null });
    const clusters = items.filter((i) => i.kind === 'cluster');
    expect(clusters.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(500);
    const total = items.reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 1), 0);
    expect(total).toBe(500);
    for (const c of clusters) {
      expect(c.lat).toBeGreaterThanOrEqual(c.bounds.south);
      expect(c.lat).toBeLessThanOrEqual(c.bounds.north);
    }
  });

  it('separates pins again when zoomed in far enough', () => {
    const markers = grid(400, 47, -122, 0.01);
    const items = clusterMarkers(markers, { zoom: 16, bounds: null });
    expect(items.every((i) => i.kind === 'marker')).toBe(true);
  });

  it('never hides the selected or highlighted store in a cluster', () => {
    const markers = grid(300, 47, -122, 0.0001);
    markers[5] = { ...markers[5]!, state: 'selected' };
    markers[6] = { ...markers[6]!, state: 'highlighted' };
    const items = clusterMarkers(markers, { zoom: 10, bounds: null });
    const pins = items.filter((i): i is Extract<RenderItem, { kind: 'marker' }> => i.kind === 'marker');
    expect(pins.map((p) => [p.storeNumber, p.state])).toEqual([
      [markers[5]!.storeNumber, 'selected'],
      [markers[6]!.storeNumber, 'highlighted'],
    ]);
    expect(items.filter((i) => i.kind === 'cluster').reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 0), 0)).toBe(298);
  });

  it('does not depend on the order of the stores', () => {
    const markers = grid(300, 47, -122, 0.003);
    const a = clusterMarkers(markers, { zoom: 11, bounds: null });
    const b = clusterMarkers([...markers].reverse(), { zoom: 11, bounds: null });
    const key = (items: RenderItem[]) => items.map((i) => `${i.id}:${i.kind === 'cluster' ? i.count : 1}`).sort();
    expect(key(b)).toEqual(key(a));
  });
});

describe('diffRenderItems', () => {
  const pin = (n: string, state: MapMarker['state'] = 'default', lat = 1): RenderItem => ({ kind: 'marker', id: `store:${n}`, storeNumber: n, name: `Store ${n}`, lat, lng: 2, state });
  const current = new Map<string, RenderItem>([
    ['store:1', pin('1')],
    ['store:2', pin('2')],
    ['store:3', pin('3')],
  ]);

  it('adds, updates (state or position) and removes by id; leaves unchanged pins alone', () => {
    const d = diffRenderItems(current, [pin('1'), pin('2', 'selected'), pin('3', 'default', 5), pin('4')]);
    expect(d.add.map((i) => i.id)).toEqual(['store:4']);
    expect(d.update.map((i) => i.id)).toEqual(['store:2', 'store:3']);
    expect(d.remove).toEqual([]);
    const d2 = diffRenderItems(current, [pin('3')]);
    expect(d2.remove).toEqual(['store:1', 'store:2']);
    expect(d2.update).toEqual([]);
  });

  it('keeps the first of duplicate store numbers', () => {
    const d = diffRenderItems(new Map(), [pin('9'), pin('9', 'selected')]);
    expect(d.add).toHaveLength(1);
  });

  it('updates a cluster whose count changed', () => {
    const c = (count: number): RenderItem => ({ kind: 'cluster', id: 'cluster:1', lat: 1, lng: 1, count, bounds: { west: 0, south: 0, east: 2, north: 2 }, firstStore: '1' });
    expect(diffRenderItems(new Map([['cluster:1', c(3)]]), [c(3)]).update).toEqual([]);
    expect(diffRenderItems(new Map([['cluster:1', c(3)]]), [c(4)]).update).toHaveLength(1);
  });
});

describe('marker state classes', () => {
  it('maps states to distinct classes', () => {
    expect(markerClassName('default')).toBe('store-marker store-marker--default');
    expect(markerClassName('highlighted')).toBe('store-marker store-marker--highlighted');
    expect(markerClassName('selected')).toBe('store-marker store-marker--selected');
  });
});

describe('planCamera (controlled map)', () => {
  const view = { lat: 47, lng: -122, zoom: 11 };
  const markers = [store(1, 47, -122), store(2, 47.1, -122.1)];

  it('fits a new result set when fitBounds is on', () => {
    const plan = planCamera({ previous: { setKey: null, view }, markers, fitBounds: true, view, current: view });
    expect(plan).toEqual({ kind: 'fit', bounds: { west: -122.1, south: 47, east: -122, north: 47.1 } });
  });

  it('does not refit the same set (state changes only) and does not fit without fitBounds', () => {
    const setKey = markerSetKey(markers);
    const selected = markers.map((m, i) => (i ? { ...m, state: 'selected' as const } : m));
    expect(planCamera({ previous: { setKey, view }, markers: selected, fitBounds: true, view, current: view })).toEqual({ kind: 'none' });
    expect(planCamera({ previous: { setKey: null, view }, markers, fitBounds: false, view, current: view })).toEqual({ kind: 'none' });
  });

  it('eases to a changed centre or zoom unless the map is already there', () => {
    const next = { lat: 48, lng: -121, zoom: 12 };
    expect(planCamera({ previous: { setKey: null, view }, markers: [], fitBounds: false, view: next, current: view })).toEqual({ kind: 'ease', view: next });
    // after a user drag the parent echoes the reported view: no move
    expect(planCamera({ previous: { setKey: null, view }, markers: [], fitBounds: false, view: next, current: next })).toEqual({ kind: 'none' });
  });

  it('clamps the zoom to 3..21', () => {
    expect(planCamera({ previous: { setKey: null, view }, markers: [], fitBounds: false, view: { ...view, zoom: 30 }, current: view })).toEqual({ kind: 'ease', view: { ...view, zoom: 21 } });
    expect(planCamera({ previous: { setKey: null, view }, markers: [], fitBounds: false, view: { ...view, zoom: 1 }, current: view })).toEqual({ kind: 'ease', view: { ...view, zoom: 3 } });
  });

  it('treats rounding noise as the same view', () => {
    expect(viewsDiffer(view, { lat: 47 + 1e-9, lng: -122, zoom: 11.001 })).toBe(false);
    expect(viewsDiffer(view, { ...view, zoom: 11.5 })).toBe(true);
  });
});
