import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { storeFiltersMachine } from '../store-filters.machine.ts';
import { exercise, printCoverage, describePath } from './model.ts';

const events: AnyEventObject[] = [
  { type: 'user.openFilters' },
  { type: 'user.toggleFeature', code: 'DT' },
  { type: 'user.toggleFeature', code: 'WF' },
  { type: 'user.clearAll' },
  { type: 'user.applyFilters' },
  { type: 'user.cancelFilters' },
];

describe('store-filters machine (model-based)', () => {
  const { paths, coverage } = exercise(
    storeFiltersMachine,
    { events, input: { applied: ['WF'] }, serializeState: (s) => JSON.stringify({ v: s.value, a: [...s.context.applied].sort(), d: [...s.context.draft].sort() }) },
    (path, s) => {
      const label = describePath(path);
      const steps = path.steps.map((st) => st.event.type);
      const last = steps.at(-1);
      if (last === 'user.cancelFilters') {
        // cancel keeps what was applied before opening
        const lastApply = steps.lastIndexOf('user.applyFilters');
        if (lastApply === -1) expect(s.context.applied, label).toEqual(['WF']);
      }
      if (last === 'user.clearAll') expect(s.context.draft, label).toEqual([]);
      if (last === 'user.applyFilters') expect(s.context.applied, label).toEqual(s.context.draft);
      if (last === 'user.openFilters') expect(s.context.draft, label).toEqual(s.context.applied);
      expect(new Set(s.context.draft).size, label).toBe(s.context.draft.length);
    },
  );
  printCoverage('storeFilters', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('emits the applied set on Apply only', () => {
    const a = createActor(storeFiltersMachine, { input: { applied: [] } }).start();
    const seen: string[][] = [];
    a.on('filters.applied', (e) => seen.push(e.features));
    a.send({ type: 'user.openFilters' });
    a.send({ type: 'user.toggleFeature', code: 'DT' });
    a.send({ type: 'user.cancelFilters' });
    a.send({ type: 'user.openFilters' });
    expect(a.getSnapshot().context.draft).toEqual([]);
    a.send({ type: 'user.toggleFeature', code: 'CX' });
    a.send({ type: 'user.toggleFeature', code: 'ON' });
    a.send({ type: 'user.applyFilters' });
    expect(seen).toEqual([['CX', 'ON']]);
    a.stop();
  });
});
