/**
 * The selected store's persistence and reload (machines/selected-store.machine.ts): localStorage under one
 * versioned key, validated on read, and GET /apiproxy/v1/stores/:storeNumber to refresh it after a reload.
 */
import * as v from 'valibot';
import { createActor, fromPromise } from 'xstate';
import { LocationResult, StoreResponse, type Store } from '../../contracts/locations.ts';
import { selectedStoreMachine, type SelectedStoreContext } from '../../machines/selected-store.machine.ts';
import { api } from './api.ts';
import { SELECTED_STORE_KEY } from '../../contracts/kept-store.ts';

export { SELECTED_STORE_KEY };

const StoredSelection = v.object({
  location: LocationResult,
  needsConfirmation: v.boolean(),
  storeConfirmationTimestamp: v.nullable(v.number()),
  userConfirmed: v.boolean(),
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked storage (privacy settings)
  }
}

export function readStoredSelection(s: Storage | null = storage()): SelectedStoreContext | null {
  try {
    const raw = s?.getItem(SELECTED_STORE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredSelection, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeStoredSelection(ctx: SelectedStoreContext, s: Storage | null = storage()) {
  if (!ctx.location) return clearStoredSelection(s);
  const value: SelectedStoreContext = {
    location: ctx.location,
    needsConfirmation: ctx.needsConfirmation,
    storeConfirmationTimestamp: ctx.storeConfirmationTimestamp,
    userConfirmed: ctx.userConfirmed,
  };
  try {
    s?.setItem(SELECTED_STORE_KEY, JSON.stringify(value));
  } catch {
    // quota or blocked storage: the selection lives for this visit only
  }
}

export function clearStoredSelection(s: Storage | null = storage()) {
  try {
    s?.removeItem(SELECTED_STORE_KEY);
  } catch {
    // ignore
  }
}

/** GET /apiproxy/v1/stores/:storeNumber */
export const fetchStore = fromPromise<Store, { storeNumber: string }>(async ({ input: { storeNumber }, signal }) => {
  const res = await api.get(`/stores/${encodeURIComponent(storeNumber)}`, { schema: StoreResponse, signal });
  return res.store;
});

export const selectedStoreLogic = selectedStoreMachine.provide({
  actors: { fetchStore },
  actions: {
    persistSelection: ({ context }) => writeStoredSelection(context),
    forgetSelection: () => clearStoredSelection(),
  },
});

export function createSelectedStoreActor() {
  return createActor(selectedStoreLogic, { input: { stored: readStoredSelection() } });
}
