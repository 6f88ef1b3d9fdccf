import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { favoriteStoreMachine, favoriteOf, favoriteRequest, type FavoriteStoreInput } from '../favorite-store.machine.ts';
import { transitionCoverPaths, runPath, coverage, printCoverage, describePath } from './model.ts';
import { apiError } from './locator-fixtures.ts';

type Snap = SnapshotFrom<typeof favoriteStoreMachine>;
let failures = 0;
const machine = favoriteStoreMachine.provide({
  actors: { saveFavorite: fromPromise(() => new Promise<never>(() => {})) as never },
  actions: { notifyFailure: () => void failures++ },
});

const events: AnyEventObject[] = [
  { type: 'user.toggleFavorite', storeNumber: '1-1001', isFavorite: false },
  { type: 'user.toggleFavorite', storeNumber: '3-1003', isFavorite: true },
  { type: 'user.dismissSignIn' },
  { type: 'xstate.done.actor.saveFavorite', output: { storeNumber: '1', isFavorite: true } },
  { type: 'xstate.error.actor.saveFavorite', error: apiError(500, 'UNEXPECTED_ERROR') },
];

const serializeState = (s: Snap) => JSON.stringify({ v: s.value, q: s.context.queue.map((t) => t.storeNumber), o: s.context.overrides });

describe('favorite-store machine (model-based)', () => {
  const fired = new Set<string>();
  const visited = new Map<string, unknown>();
  let count = 0;
  for (const input of [{ signedIn: true }, { signedIn: false }] as FavoriteStoreInput[]) {
    const paths = transitionCoverPaths(machine, { events, input, serializeState });
    count += paths.length;
    it(`${input.signedIn ? 'member' : 'guest'}: ${paths.length} paths`, () => {
      for (const path of paths) {
        failures = 0;
        const r = runPath(machine, path, { input, onStep: (s) => visited.set(JSON.stringify(s.value), s.value) });
        for (const k of r.fired) fired.add(k);
        const s = r.snapshot;
        const label = describePath(path);
        // guests never queue a save; members never see the dialog
        if (!input.signedIn) expect(s.context.queue, label).toEqual([]);
        else expect(s.matches('signInRequired'), label).toBe(false);
        // saving exactly while something is queued; the first queued is the request
        expect(s.matches('saving'), label).toBe(s.context.queue.length > 0);
        if (s.matches('saving')) expect(favoriteRequest({ context: s.context }).storeNumber, label).toBe(s.context.queue[0]!.storeNumber);
        // optimistic: a queued store shows its new state and is pending
        for (const t of s.context.queue) expect(favoriteOf(s.context, t.storeNumber, t.previous), label).toEqual({ isFavorite: t.favorite, favoritePending: true });
        const steps = path.steps.map((st) => st.event as AnyEventObject);
        const last = steps.at(-1)!;
        const errors = steps.filter((e) => e.type === 'xstate.error.actor.saveFavorite').length;
        // every failure reverts its toggle and shows one error toast
        expect(failures, label).toBe(errors);
        if (last.type === 'user.toggleFavorite' && !input.signedIn) expect(s.matches('signInRequired'), label).toBe(true);
      }
    });
  }
  it('covers every state and transition', () => {
    const c = coverage(machine, [...visited.values()], fired);
    printCoverage(`favoriteStore (${count} paths)`, c);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('reverts to the state before the toggle when saving fails', async () => {
    const { createActor } = await import('xstate');
    let reject!: (e: unknown) => void;
    const a = createActor(
      favoriteStoreMachine.provide({ actors: { saveFavorite: fromPromise(() => new Promise<never>((_, rej) => (reject = rej))) as never } }),
      { input: { signedIn: true } },
    ).start();
    a.send({ type: 'user.toggleFavorite', storeNumber: '1-1001', isFavorite: false });
    expect(favoriteOf(a.getSnapshot().context, '1-1001', false)).toEqual({ isFavorite: true, favoritePending: true });
    reject(apiError(500, 'UNEXPECTED_ERROR'));
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().value).toBe('idle');
    expect(favoriteOf(a.getSnapshot().context, '1-1001', false)).toEqual({ isFavorite: false, favoritePending: false });
    a.stop();
  });
});
