import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { selectedStoreMachine, selectedStoreRequest, type SelectedStoreContext, type SelectedStoreInput } from '../selected-store.machine.ts';
import { transitionCoverPaths, runPath, coverage, printCoverage, describePath } from './model.ts';
import { apiError, pikePlace, fremont, seattleResults } from './locator-fixtures.ts';

type Snap = SnapshotFrom<typeof selectedStoreMachine>;
let saved: Array<SelectedStoreContext | null> = [];
const machine = selectedStoreMachine.provide({
  actors: { fetchStore: fromPromise(() => new Promise<never>(() => {})) as never },
  actions: {
    persistSelection: ({ context }) => void saved.push({ ...context }),
    forgetSelection: () => void saved.push(null),
  },
});

const pike = seattleResults.stores[0]!;
const fremontResult = seattleResults.stores[2]!;
const events: AnyEventObject[] = [
  { type: 'store.select', location: fremontResult, at: 1_700_000_000_000 },
  { type: 'store.confirm', at: 1_700_000_100_000 },
  { type: 'store.markUnconfirmed' },
  { type: 'store.clear' },
  { type: 'store.reload' },
  { type: 'xstate.done.actor.fetchStore', output: { ...pikePlace, openStatusFormatted: 'Open until 10:00 PM' } },
  { type: 'xstate.error.actor.fetchStore', error: apiError(404, 'STORE_NOT_FOUND') },
  { type: 'xstate.error.actor.fetchStore', error: apiError(503, 'UNEXPECTED_ERROR') },
];

const stored = (needsConfirmation: boolean): SelectedStoreInput => ({
  stored: { location: pike, needsConfirmation, storeConfirmationTimestamp: 1_600_000_000_000, userConfirmed: !needsConfirmation },
});
const inputs: Record<string, SelectedStoreInput> = { nothingStored: { stored: null }, storedConfirmed: stored(false), storedUnconfirmed: stored(true) };

const serializeState = (s: Snap) => JSON.stringify({ v: s.value, c: s.context.location?.store.storeNumber ?? null, n: s.context.needsConfirmation });

describe('selected-store machine (model-based)', () => {
  const fired = new Set<string>();
  const visited = new Map<string, unknown>();
  let count = 0;
  for (const [name, input] of Object.entries(inputs)) {
    const paths = transitionCoverPaths(machine, { events, input, serializeState });
    count += paths.length;
    it(`${name}: ${paths.length} paths`, () => {
      for (const path of paths) {
        saved = [];
        const r = runPath(machine, path, { input, onStep: (s) => visited.set(JSON.stringify(s.value), s.value) });
        for (const k of r.fired) fired.add(k);
        const s = r.snapshot;
        const c = s.context;
        const label = describePath(path);
        const last = path.steps.at(-1)!.event as AnyEventObject;
        expect(s.matches('none'), label).toBe(c.location === null);
        if (s.matches('confirmed')) expect(c.needsConfirmation, label).toBe(false);
        if (s.matches('unconfirmed')) expect([c.needsConfirmation, c.userConfirmed], label).toEqual([true, false]);
        if (s.matches('loading')) expect(selectedStoreRequest({ context: c }).storeNumber, label).toBe(c.location!.store.storeNumber);
        // what storage holds last is what the actor holds (when anything was written)
        if (saved.length) {
          const lastSaved = saved.at(-1)!;
          if (lastSaved === null) expect(c.location, label).toBeNull();
          else expect(lastSaved, label).toEqual(c);
        }
        if (last.type === 'store.select') expect([c.location?.store.storeNumber, c.userConfirmed, c.storeConfirmationTimestamp], label).toEqual([fremont.storeNumber, true, last.at]);
        if (last.type === 'store.confirm') expect([c.userConfirmed, c.storeConfirmationTimestamp], label).toEqual([true, last.at]);
        if (last.type === 'xstate.done.actor.fetchStore') expect(c.location?.store.openStatusFormatted, label).toBe('Open until 10:00 PM');
        if (last.type === 'xstate.error.actor.fetchStore' && last.error.status === 404) expect(saved.at(-1), label).toBeNull();
      }
    });
  }
  it('covers every state and transition', () => {
    const c = coverage(machine, [...visited.values()], fired);
    const sources = new Set([...fired].map((k) => k.split(' --')[0]));
    c.states.missing = c.states.missing.filter((id) => !sources.has(id));
    c.states.covered = c.states.total - c.states.missing.length;
    printCoverage(`selectedStore (${count} paths)`, c);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });
});
