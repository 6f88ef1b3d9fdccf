import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { storeFiltersMachine } from '../store-filters.machine.ts';
import { describeFlow } from './flow.ts';
import { storeFiltersFlow } from './store-filters.expect.ts';

describeFlow(storeFiltersFlow);

describe('store-filters rules', () => {
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
