import { inBounds, project, type Bounds } from './markers.ts';

/**
 * Town names on the offline map (docs/map.md "Place labels"). The token-free style has no glyphs, so labels are
 * HTML, like the pins: for the current view, the biggest towns first, each kept only where its label does not
 * touch one already placed, at most `max` of them. Pure: the adapter draws what this returns.
 */

/** [name, latitude, longitude, population in thousands], biggest first (src/services/map/place-labels.json) */
export type PlaceRow = readonly [string, number, number, number];

export interface PlaceLabel {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

/** label size estimate at 12 px system-ui: about 6.6 px per character plus the halo */
const CHAR_PX = 6.6;
const LABEL_H = 16;
const LABEL_PAD = 6;
export const MAX_PLACE_LABELS = 40;

export function labelId(row: PlaceRow): string {
  return `${row[0]}@${row[1]},${row[2]}`;
}

/** The labels to draw at this view: in bounds, biggest first, none touching another. */
export function choosePlaceLabels(rows: readonly PlaceRow[], view: { zoom: number; bounds: Bounds | null }, max = MAX_PLACE_LABELS): PlaceLabel[] {
  if (!view.bounds) return [];
  const placed: Array<{ l: number; r: number; t: number; b: number }> = [];
  const out: PlaceLabel[] = [];
  for (const row of rows) {
    const [name, lat, lng] = row;
    if (!inBounds({ lat, lng }, view.bounds)) continue;
    const { x, y } = project({ lat, lng }, view.zoom);
    const half = (name.length * CHAR_PX) / 2 + LABEL_PAD;
    const box = { l: x - half, r: x + half, t: y - LABEL_H / 2 - LABEL_PAD, b: y + LABEL_H / 2 + LABEL_PAD };
    if (placed.some((p) => box.l < p.r && p.l < box.r && box.t < p.b && p.t < box.b)) continue;
    placed.push(box);
    out.push({ id: labelId(row), name, lat, lng });
    if (out.length >= max) break;
  }
  return out;
}
