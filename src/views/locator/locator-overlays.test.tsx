/**
 * The locator's overlays load on demand (locator-overlays.ts): before the browser is idle the page has no overlay
 * chunk, and opening the filters or a store's details loads it and shows them (docs/architecture.md#performance).
 * Its own file: the other locator view tests preload the chunk, and a module loaded once stays loaded.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { seattleResults } from '../../../machines/__tests__/locator-fixtures.ts';
import { renderLocator } from './locator-test-harness.tsx';
import { storeCardId } from './StoreCard.tsx';

vi.mock('./StoreMap.tsx', async () => ({ StoreMap: (await import('./fake-store-map.tsx')).FakeStoreMap }));

let app: ReturnType<typeof renderLocator> | null = null;
afterEach(() => {
  app?.stop();
  app = null;
});

it('the filters open before the overlays were preloaded: the chunk loads and the dialog shows; then the details open at once', async () => {
  app = renderLocator({ input: { query: { place: 'Seattle' } } });
  await screen.findByTestId('store-map');
  await act(async () => app!.fakes.resolve('fetchLocations', seattleResults));
  // not loaded yet: no dialog element of the overlays in the page (the idle preload waits 1 s without requestIdleCallback)
  expect(document.querySelector('dialog.filter-dialog')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
  const dialog = await screen.findByRole('dialog', { name: 'Filter stores' });
  expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close filters' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  // loaded now: a store's details render in the same render as the click
  fireEvent.click(within(document.getElementById(storeCardId('1-1001'))!).getByRole('button', { name: /store info/i }));
  const details = screen.getByRole('region', { name: 'Pike Place' });
  expect(document.activeElement).toBe(within(details).getByRole('heading', { name: 'Pike Place' }));
});
