import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { selectedStoreMachine, type SelectedStoreInput } from '../../../machines/selected-store.machine.ts';
import { apiError, pikePlace, seattleResults } from '../../../machines/__tests__/locator-fixtures.ts';
import { ChosenStore } from './ChosenStore.tsx';

let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
let stop: (() => void) | null = null;
afterEach(() => stop?.());

async function renderMenu(input: SelectedStoreInput) {
  window.scrollTo = () => {};
  const actor = createActor(
    selectedStoreMachine.provide({
      actors: { fetchStore: fromPromise(() => new Promise((resolve, reject) => (settle = { resolve, reject }))) as never },
    }),
    { input },
  ).start();
  stop = () => actor.stop();
  const root = createRootRoute({ component: () => <ChosenStore selectedStore={actor} onConfirm={() => actor.send({ type: 'store.confirm', at: 1 })} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('heading', { level: 1, name: 'Menu' });
  return actor;
}

const stored = (needsConfirmation = false): SelectedStoreInput => ({
  stored: { location: seattleResults.stores[0]!, needsConfirmation, storeConfirmationTimestamp: 1, userConfirmed: !needsConfirmation },
});

describe('/menu: the chosen store', () => {
  it('without a store: asks to choose one', async () => {
    await renderMenu({ stored: null });
    expect(screen.getByRole('heading', { name: 'Choose a store to start your order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a store' }).getAttribute('href')).toBe('/menu/store-locator');
  });

  it('names the kept store while it reloads, then with fresh details, with a link to change it', async () => {
    await renderMenu(stored());
    expect(screen.getByText('Checking your store…')).toBeTruthy();
    await act(async () => settle!.resolve({ ...pikePlace, openStatusFormatted: 'Open until 11:00 PM' }));
    expect(screen.getByRole('heading', { name: 'Pike Place' })).toBeTruthy();
    expect(screen.getByText('Ordering from')).toBeTruthy();
    expect(screen.getByText('Open until 11:00 PM')).toBeTruthy();
    // opens the in-menu locator around the chosen store (selected), not the whole country
    expect(screen.getByRole('link', { name: /change store/i }).getAttribute('href')).toMatch(/^\/menu\/store-locator\?storeNumber=\d+(-|%2D)?\d*$/);
  });

  it('a store that no longer exists is cleared', async () => {
    await renderMenu(stored());
    await act(async () => settle!.reject(apiError(404, 'STORE_NOT_FOUND')));
    expect(screen.getByRole('heading', { name: 'Choose a store to start your order' })).toBeTruthy();
  });

  it('an unconfirmed store asks to confirm it', async () => {
    const actor = await renderMenu(stored(true));
    await act(async () => settle!.resolve(pikePlace));
    act(() => screen.getByRole('button', { name: 'Yes, order here' }).click());
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(screen.queryByRole('button', { name: 'Yes, order here' })).toBeNull();
  });
});
