import { expect, it } from 'vitest';
import { firstReach, nextReach, noteOpenShare } from './store-queries.ts';

/** The open-now filter's round sizes (store-queries.ts): only how many candidates a round reads, never the answer. */
it('the first round is 3 x limit where no open share was seen yet', () => {
  expect(firstReach(50, 100, 5000)).toBe(150);
  expect(firstReach(500, 100, 1000)).toBe(1000);
});

it('the first round follows the open share last seen around that longitude', () => {
  // by day (most open) about 1.25 x limit; at night (few open) as many as the share predicts, at most maxCandidates
  for (let i = 0; i < 3; i++) noteOpenShare(-74, 100, 90);
  expect(firstReach(50, -74, 5000)).toBeLessThanOrEqual(70);
  expect(firstReach(50, -74, 5000)).toBeGreaterThanOrEqual(50);
  for (let i = 0; i < 10; i++) noteOpenShare(-0.1, 1000, 50);
  expect(firstReach(50, -0.1, 5000)).toBeGreaterThan(1000);
  expect(firstReach(50, -0.1, 800)).toBe(800);
  // another band (15 degrees further) has its own share
  expect(firstReach(50, 20, 5000)).toBe(150);
  // too few candidates tested to say anything
  noteOpenShare(20, 10, 0);
  expect(firstReach(50, 20, 5000)).toBe(150);
});

it('later rounds reach at least 4 times as far, or as far as the open share seen predicts', () => {
  expect(nextReach(150, 40, 50, 5000)).toBe(600);
  expect(nextReach(150, 1, 50, 5000)).toBe(5000);
  expect(nextReach(600, 10, 50, 5000)).toBe(3750);
});
