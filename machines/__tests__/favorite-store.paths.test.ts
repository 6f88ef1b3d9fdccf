import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { favoriteStoreMachine, favoriteOf } from '../favorite-store.machine.ts';
import { apiError } from './locator-fixtures.ts';
import { describeFlow } from './flow.ts';
import { favoriteStoreFlow } from './favorite-store.expect.ts';

describeFlow(favoriteStoreFlow);

describe('favorite-store rules', () => {
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
