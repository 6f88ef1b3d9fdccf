import { describe, expect, it } from 'vitest';
import { storeDetailsMachine } from '../store-details.machine.ts';
import { exercise, printCoverage } from './model.ts';

describe('store-details machine (model-based)', () => {
  const { paths, coverage } = exercise(
    storeDetailsMachine,
    {
      events: [{ type: 'user.openDetails', storeNumber: '1-1001' }, { type: 'user.openDetails', storeNumber: '3-1003' }, { type: 'user.closeDetails' }],
      serializeState: (s) => JSON.stringify({ v: s.value, c: s.context.storeNumber }),
    },
    (path, s) => {
      expect(s.matches('open')).toBe(s.context.storeNumber !== null);
      const last = path.steps.at(-1)!.event;
      if (last.type === 'user.openDetails') expect(s.context.storeNumber).toBe(last.storeNumber);
    },
  );
  printCoverage('storeDetails', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
