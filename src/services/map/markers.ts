/**
 * Pure marker logic shared by both map libraries (no DOM, no map library): which library to use,
 * clustering, diffing what is on the map against what should be, and when to move the camera.
 * Kept pure so it is unit-tested without WebGL (src/services/map/markers.test.ts).
 */

import { boundsOf, type Bounds, type LatLng, type MapMarker, type MarkerState } from './camera.ts';

// the camera and types live in camera.ts (what the page needs before the map loads); re-exported for the adapters
export * from './camera.ts';

/** What is drawn: a single store pin or a cluster of stores (an HTML element each). */
export type RenderItem =
  | { kind: 'marker'; id: string; lat: number; lng: number; storeNumber: string; name: string; state: MarkerState }
  | { kind: 'cluster'; id: string; lat: number; lng: number; count: number; bounds: Bounds; firstStore: string };

/** All of a cluster's stores at one point (two stores in one mall): no zoom separates them. */
export const atOneSpot = (b: Bounds) => b.west === b.east && b.south === b.north;

/** spec: map max padding 20 px; the top adds the pin's height (pins are anchored at their tip) */
export const FIT_PADDING = { top: 60, right: 20, bottom: 20, left: 20 };
/** spec: resize debounce 200 ms */
export const RESIZE_DEBOUNCE_MS = 200;
/** docs/map.md: above a few hundred stores on screen, cluster */
export const CLUSTER_THRESHOLD = 200;
/** pins closer than this (screen pixels) are grouped when clustering is on */
export const CLUSTER_RADIUS_PX = 60;
/**
 * Up to the threshold, only pins that would overlap are grouped: a pin is 28 px wide, and WCAG 2.5.8
 * (axe `target-size`) wants 24 x 24 px of each target unobscured. Pins closer than this are one cluster.
 */
export const OVERLAP_RADIUS_PX = 30;

export const markerItemId = (storeNumber: string) => `store:${storeNumber}`;


/** Web Mercator world pixels at `zoom` with 512 px tiles (what maplibre and mapbox use). */
export function project(p: LatLng, zoom: number): { x: number; y: number } {
  const scale = 512 * 2 ** zoom;
  const lat = Math.max(-85.0511, Math.min(85.0511, p.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export function inBounds(p: LatLng, b: Bounds): boolean {
  if (p.lat < b.south || p.lat > b.north) return false;
  // bounds may cross the antimeridian (west > east) or span more than the world
  if (b.east - b.west >= 360) return true;
  const lng = ((((p.lng - b.west) % 360) + 360) % 360) + b.west;
  return lng <= b.east;
}

function toMarkerItem(m: MapMarker): RenderItem {
  return { kind: 'marker', id: markerItemId(m.storeNumber), lat: m.lat, lng: m.lng, storeNumber: m.storeNumber, name: m.name, state: m.state };
}

export interface ClusterOptions {
  threshold?: number;
  radiusPx?: number;
  /** up to the threshold: group pins closer than this (0: never) */
  overlapRadiusPx?: number;
}

/** Whether the markers in view are many enough to cluster (more than `threshold` inside `bounds`). */
export function shouldCluster(markers: readonly MapMarker[], bounds: Bounds | null, threshold = CLUSTER_THRESHOLD): boolean {
  if (markers.length <= threshold) return false;
  if (!bounds) return true;
  let n = 0;
  for (const m of markers) if (inBounds(m, bounds) && ++n > threshold) return true;
  return false;
}

/**
 * What to draw for `markers` at this view. With at most `threshold` stores in view every store is its own
 * pin unless pins would overlap (closer than `overlapRadiusPx`, or boxes touching: too small to tap, WCAG 2.5.8):
 * those are grouped until no two tap targets touch, and what would lie under the selected or highlighted pin is
 * left off (docs/map.md). Above it, pins closer than `radiusPx` on screen are grouped greedily (like supercluster at one zoom
 * level): a cluster shows the count and zooms to its stores when clicked. Highlighted and selected stores
 * are never hidden inside a cluster. Cluster ids come from their first store, so a cluster keeps its
 * element across small pans.
 */
export function clusterMarkers(markers: readonly MapMarker[], view: { zoom: number; bounds: Bounds | null }, options: ClusterOptions = {}): RenderItem[] {
  const threshold = options.threshold ?? CLUSTER_THRESHOLD;
  // few stores: group only pins that would overlap (tap targets); many: the wider clustering radius
  const many = shouldCluster(markers, view.bounds, threshold);
  const radius = many ? (options.radiusPx ?? CLUSTER_RADIUS_PX) : (options.overlapRadiusPx ?? OVERLAP_RADIUS_PX);
  if (radius <= 0) return markers.map(toMarkerItem);

  const points: Array<{ m: MapMarker; x: number; y: number; taken: boolean }> = [];
  const raised: Array<{ x: number; y: number; state: MarkerState }> = [];
  for (const m of markers) {
    const { x, y } = project(m, view.zoom);
    if (m.state !== 'default') raised.push({ x, y, state: m.state });
    else points.push({ m, x, y, taken: false });
  }
  // deterministic order: the result must not depend on the order the API returned the stores in
  points.sort((a, b) => a.y - b.y || a.x - b.x || (a.m.storeNumber < b.m.storeNumber ? -1 : 1));

  // grid index with cells of `radius` px: neighbours are in the 3x3 cells around a point
  const grid = new Map<string, number[]>();
  const cell = (x: number, y: number) => `${Math.floor(x / radius)}:${Math.floor(y / radius)}`;
  points.forEach((p, i) => {
    const key = cell(p.x, p.y);
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });

  const r2 = radius * radius;
  const groups: Group[] = [];
  for (const p of points) {
    if (p.taken) continue;
    p.taken = true;
    const members = [p];
    const cx = Math.floor(p.x / radius);
    const cy = Math.floor(p.y / radius);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          const q = points[j]!;
          if (q.taken) continue;
          const ddx = q.x - p.x;
          const ddy = q.y - p.y;
          if (ddx * ddx + ddy * ddy <= r2) {
            q.taken = true;
            members.push(q);
          }
        }
      }
    }
    groups.push(members.length === 1 ? { members: [p.m], lat: p.m.lat, lng: p.m.lng, x: p.x, y: p.y } : groupOf(members.map((q) => q.m), view.zoom));
  }
  const raisedItems = markers.filter((m) => m.state !== 'default').map(toMarkerItem);
  if (many) return [...groups.map(itemOf), ...raisedItems];
  // few stores: no two tap targets may overlap (WCAG 2.5.8); pins keep the order of the stores (the list's order,
  // also the DOM and tab order), clusters after them
  const out = [...resolveOverlaps(groups, view.zoom, raised).map(itemOf), ...raisedItems];
  const order = new Map(markers.map((m, i) => [markerItemId(m.storeNumber), i]));
  return out.sort((a, b) => (order.get(a.id) ?? markers.length) - (order.get(b.id) ?? markers.length));
}

/** stores drawn as one pin (one member) or one cluster, at their screen position */
interface Group {
  members: MapMarker[];
  /** the stores' centre, and where it is on screen */
  lat: number;
  lng: number;
  x: number;
  y: number;
}

/** a group of stores at their centre */
function groupOf(members: MapMarker[], zoom: number): Group {
  const lat = members.reduce((s, m) => s + m.lat, 0) / members.length;
  const lng = members.reduce((s, m) => s + m.lng, 0) / members.length;
  return { members, lat, lng, ...project({ lat, lng }, zoom) };
}

function itemOf(g: Group): RenderItem {
  if (g.members.length === 1) return toMarkerItem(g.members[0]!);
  const { lat, lng } = g;
  // cluster ids come from their first store, so a cluster keeps its element across small pans
  const first = g.members.map((m) => m.storeNumber).sort()[0]!;
  return { kind: 'cluster', id: `cluster:${first}`, lat, lng, count: g.members.length, bounds: boundsOf(g.members)!, firstStore: first };
}

/** Screen boxes of what is drawn (map-markers.css): pins are anchored at their tip, clusters at their centre. */
const PIN_BOX = { default: { w: 28, h: 37 }, highlighted: { w: 32, h: 43 }, selected: { w: 38, h: 51 } } as const;
const CLUSTER_SIZE = (count: number) => (count < 10 ? 34 : count < 100 ? 42 : 50);
/** space kept between two tap targets, in px */
const TARGET_GAP_PX = 2;

interface Box { left: number; right: number; top: number; bottom: number }
const pinBox = (x: number, y: number, state: MarkerState): Box => ({ left: x - PIN_BOX[state].w / 2, right: x + PIN_BOX[state].w / 2, top: y - PIN_BOX[state].h, bottom: y });
const clusterBox = (x: number, y: number, count: number): Box => ({ left: x - CLUSTER_SIZE(count) / 2, right: x + CLUSTER_SIZE(count) / 2, top: y - CLUSTER_SIZE(count) / 2, bottom: y + CLUSTER_SIZE(count) / 2 });
/** the screen box of a drawn item at this zoom (tests: no two tap targets overlap) */
export function itemBox(item: RenderItem, zoom: number): Box {
  const { x, y } = project(item, zoom);
  return item.kind === 'marker' ? pinBox(x, y, item.state) : clusterBox(x, y, item.count);
}
export const overlaps = (a: Box, b: Box) => a.left < b.right + TARGET_GAP_PX && b.left < a.right + TARGET_GAP_PX && a.top < b.bottom + TARGET_GAP_PX && b.top < a.bottom + TARGET_GAP_PX;

/**
 * Few stores: merges default pins and clusters whose boxes overlap into one cluster, again and again until no two
 * overlap; then leaves off the map what would lie under a selected or highlighted pin (drawn larger and on top: its
 * stores stay in the list until the user zooms in or picks another store).
 */
function resolveOverlaps(start: Group[], zoom: number, raised: ReadonlyArray<{ x: number; y: number; state: MarkerState }>): Group[] {
  const groups = [...start];
  const boxOf = (g: Group) => (g.members.length === 1 ? pinBox(g.x, g.y, 'default') : clusterBox(g.x, g.y, g.members.length));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        if (!overlaps(boxOf(groups[i]!), boxOf(groups[j]!))) continue;
        groups[i] = groupOf([...groups[i]!.members, ...groups[j]!.members], zoom);
        groups.splice(j, 1);
        merged = true;
        break outer;
      }
    }
  }
  const raisedBoxes = raised.map((r) => pinBox(r.x, r.y, r.state));
  return groups.filter((g) => !raisedBoxes.some((r) => overlaps(r, boxOf(g))));
}

function sameItem(a: RenderItem, b: RenderItem): boolean {
  if (a.kind !== b.kind || a.lat !== b.lat || a.lng !== b.lng) return false;
  if (a.kind === 'marker' && b.kind === 'marker') return a.name === b.name && a.state === b.state;
  if (a.kind === 'cluster' && b.kind === 'cluster') return a.count === b.count;
  return false;
}

export interface ItemDiff {
  add: RenderItem[];
  update: RenderItem[];
  remove: string[];
}

/** What to change on the map so it shows `next` where it shows `current` (keyed by item id). */
export function diffRenderItems(current: ReadonlyMap<string, RenderItem>, next: readonly RenderItem[]): ItemDiff {
  const add: RenderItem[] = [];
  const update: RenderItem[] = [];
  const seen = new Set<string>();
  for (const item of next) {
    if (seen.has(item.id)) continue; // duplicate store numbers: first wins
    seen.add(item.id);
    const was = current.get(item.id);
    if (!was) add.push(item);
    else if (!sameItem(was, item)) update.push(item);
  }
  const remove = [...current.keys()].filter((id) => !seen.has(id));
  return { add, update, remove };
}

/** CSS classes of a store pin: brand green by default; highlighted and selected are larger and darker. */
export function markerClassName(state: MarkerState): string {
  return `store-marker store-marker--${state}`;
}
