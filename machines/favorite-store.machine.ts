import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { inputOf, notProvided } from './flow.ts';
import { shortStoreNumber } from '../contracts/locations.ts';

/**
 * Favourite stores in the locator (spec 1 section 4 "Favorite toggle", section 6, section 7).
 * One machine per locator handles every store: a toggle is shown at once (optimistic, the store is
 * `favoritePending`), saved in order one at a time, and then kept (success) or reverted with an error
 * toast (failure). Guests get a dialog offering sign-in instead.
 *
 * The view shows `isFavorite = overrides[storeNumber] ?? location.isFavorite` and
 * `favoritePending = pending includes storeNumber` (see `favoriteOf`).
 */

export interface FavoriteToggle {
  storeNumber: string;
  /** the state being saved */
  favorite: boolean;
  /** the state shown before the toggle (restored on failure) */
  previous: boolean;
}

export interface FavoriteStoreContext {
  signedIn: boolean;
  /** toggles waiting to be saved; the first is being saved */
  queue: FavoriteToggle[];
  /** what the user sees for stores toggled in this visit, by short store number */
  overrides: Record<string, boolean>;
}

export interface FavoriteStoreInput {
  signedIn: boolean;
}

export type FavoriteStoreEvent =
  | { type: 'user.toggleFavorite'; storeNumber: string; isFavorite: boolean }
  | { type: 'user.dismissSignIn' }
  | DoneActorEvent<SaveFavoriteResult, 'saveFavorite'>
  | ErrorActorEvent<unknown, 'saveFavorite'>;

export interface SaveFavoriteResult {
  storeNumber: string;
  isFavorite: boolean;
}

/** The request of the `saveFavorite` actor: the first queued toggle. */
export function favoriteRequest({ context }: { context: Pick<FavoriteStoreContext, 'queue'> }): FavoriteToggle {
  const first = context.queue[0];
  if (!first) throw new Error('no favourite toggle queued');
  return first;
}

/** What a store card shows. */
export function favoriteOf(ctx: Pick<FavoriteStoreContext, 'queue' | 'overrides'>, storeNumber: string, fromServer: boolean) {
  const key = shortStoreNumber(storeNumber);
  return {
    isFavorite: ctx.overrides[key] ?? fromServer,
    favoritePending: ctx.queue.some((t) => shortStoreNumber(t.storeNumber) === key),
  };
}

export const favoriteStoreMachine = setup({
  types: {
    context: {} as FavoriteStoreContext,
    events: {} as FavoriteStoreEvent,
    input: {} as FavoriteStoreInput,
  },
  actors: {
    saveFavorite: fromPromise<SaveFavoriteResult, FavoriteToggle>(async () => notProvided('saveFavorite')),
  },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    notPending: ({ context, event }) => {
      assertEvent(event, 'user.toggleFavorite');
      return !context.queue.some((t) => shortStoreNumber(t.storeNumber) === shortStoreNumber(event.storeNumber));
    },
    hasMoreQueued: ({ context }) => context.queue.length > 1,
  },
  actions: {
    applyInput: assign(({ event }) => ({ signedIn: inputOf<FavoriteStoreInput>(event, { signedIn: false }).signedIn })),
    enqueueToggle: assign(({ context, event }) => {
      assertEvent(event, 'user.toggleFavorite');
      const key = shortStoreNumber(event.storeNumber);
      const toggle: FavoriteToggle = { storeNumber: key, favorite: !event.isFavorite, previous: event.isFavorite };
      return { queue: [...context.queue, toggle], overrides: { ...context.overrides, [key]: toggle.favorite } };
    }),
    keepFirst: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.saveFavorite');
      const first = context.queue[0];
      if (!first) return {};
      return { queue: context.queue.slice(1), overrides: { ...context.overrides, [first.storeNumber]: event.output.isFavorite } };
    }),
    revertFirst: assign(({ context }) => {
      const first = context.queue[0];
      if (!first) return {};
      return { queue: context.queue.slice(1), overrides: { ...context.overrides, [first.storeNumber]: first.previous } };
    }),
    // provided by the route: an error toast from src/services/error-catalogue.ts
    notifyFailure: () => {},
  },
}).createMachine({
  id: 'favoriteStore',
  description: 'Optimistic favourite-store toggles, saved one at a time; guests are asked to sign in.',
  meta: { title: 'Favorite stores', spec: '1: sections 4 (Favorite toggle), 6, 7 (POST/DELETE /stores/favorites)' },
  entry: 'applyInput',
  context: { signedIn: false, queue: [], overrides: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing being saved.',
      on: {
        'user.toggleFavorite': [
          { guard: 'isGuest', target: 'signInRequired' },
          { guard: 'notPending', target: 'saving', actions: 'enqueueToggle' },
        ],
      },
    },
    saving: {
      description: 'Saves the first queued toggle (shown already: favoritePending); more toggles queue up.',
      invoke: {
        id: 'saveFavorite',
        src: 'saveFavorite',
        input: favoriteRequest,
        onDone: [
          { guard: 'hasMoreQueued', target: 'saving', reenter: true, actions: 'keepFirst' },
          { target: 'idle', actions: 'keepFirst' },
        ],
        onError: [
          { guard: 'hasMoreQueued', target: 'saving', reenter: true, actions: ['revertFirst', 'notifyFailure'] },
          { target: 'idle', actions: ['revertFirst', 'notifyFailure'] },
        ],
      },
      on: {
        'user.toggleFavorite': { guard: 'notPending', actions: 'enqueueToggle' },
      },
    },
    signInRequired: {
      description: "Dialog: 'You must sign in to add this store to your favorites.' with a Sign in button.",
      on: { 'user.dismissSignIn': { target: 'idle' } },
    },
  },
});
