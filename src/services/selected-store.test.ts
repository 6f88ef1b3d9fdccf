import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pikePlace, seattleResults } from '../../machines/__tests__/locator-fixtures.ts';
import { SELECTED_STORE_KEY, clearStoredSelection, createSelectedStoreActor, readStoredSelection, writeStoredSelection } from './selected-store.ts';

const location = seattleResults.stores[0]!;
const selection = { location, needsConfirmation: false, storeConfirmationTimestamp: 1_700_000_000_000, userConfirmed: true };

describe('selected store persistence', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips through localStorage and forgets', () => {
    writeStoredSelection(selection);
    expect(readStoredSelection()).toEqual(selection);
    clearStoredSelection();
    expect(readStoredSelection()).toBeNull();
  });

  it('ignores what does not match the schema', () => {
    localStorage.setItem(SELECTED_STORE_KEY, '{"location":{"store":1}}');
    expect(readStoredSelection()).toBeNull();
    localStorage.setItem(SELECTED_STORE_KEY, 'not json');
    expect(readStoredSelection()).toBeNull();
  });

  it('survives a reload: the root actor starts from storage, reloads the store and keeps the choice', async () => {
    writeStoredSelection(selection);
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ store: { ...pikePlace, openStatusFormatted: 'Open until 11:00 PM' } }), { status: 200 }));
    const actor = createSelectedStoreActor().start();
    expect(actor.getSnapshot().value).toBe('loading');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirmed'));
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/apiproxy/v1/stores/1-1001');
    expect(readStoredSelection()?.location?.store.openStatusFormatted).toBe('Open until 11:00 PM');
    actor.send({ type: 'store.clear' });
    expect(readStoredSelection()).toBeNull();
    actor.stop();
    fetch.mockRestore();
  });
});
