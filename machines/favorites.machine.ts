import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { FavoriteItemInput, FavoriteProduct, FavoriteProductsResponse } from '../contracts/ordering.ts';
import { safeReturnUrl } from '../contracts/return-url.ts';
import { pathTo } from './app-paths.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';

/**
 * Favorite products, /menu/favorites (spec 1 section 4 "Favorites: add (skips the server call if already favorite)
 * and remove, each showing a notification"; section 8 "code 561007 gives 'Sorry, you've reached the maximum number
 * of favorite items'; others give a generic error"). Members only: a guest who adds one (the product page) is sent to
 * sign-in, coming back to `returnUrl` (same-origin paths only). Refetching after 2 hours or a store or locale change
 * is the query cache's.
 */
export interface FavoritesInput {
  signedIn: boolean;
  storeNumber: string | null;
  locale: string;
  /** the page a guest comes back to after signing in to add a favorite */
  returnUrl?: string | null;
}
export interface FavoritesContext extends Required<FavoritesInput> {
  /** where `redirect` goes (sign-in with the return URL) */
  destination: string | null;
  favorites: FavoriteProduct[];
  pendingAdd: { item: FavoriteItemInput; key: string } | null;
  pendingRemove: string | null;
}
export type FavoritesEvent =
  | { type: 'user.addFavorite'; item: FavoriteItemInput; key: string }
  | { type: 'user.removeFavorite'; id: string }
  | { type: 'user.retry' }
  | DoneActorEvent<FavoriteProductsResponse, 'loadFavorites'>
  | ErrorActorEvent<unknown, 'loadFavorites'>
  | DoneActorEvent<{ favoriteProduct: FavoriteProduct; alreadyFavorite: boolean }, 'addFavorite'>
  | ErrorActorEvent<unknown, 'addFavorite'>
  | DoneActorEvent<{ favoriteProductId: string }, 'removeFavorite'>
  | ErrorActorEvent<unknown, 'removeFavorite'>;

export function favoritesRequest({ context }: { context: Pick<FavoritesContext, 'storeNumber' | 'locale'> }) {
  return { locale: context.locale, ...(context.storeNumber ? { storeNumber: context.storeNumber } : {}) };
}
export function addFavoriteRequest({ context }: { context: Pick<FavoritesContext, 'pendingAdd' | 'locale'> }) {
  if (!context.pendingAdd) throw new Error('addFavorite: nothing to add');
  return { locale: context.locale, item: context.pendingAdd.item };
}
export function removeFavoriteRequest({ context }: { context: Pick<FavoritesContext, 'pendingRemove' | 'locale'> }) {
  if (!context.pendingRemove) throw new Error('removeFavorite: nothing to remove');
  return { locale: context.locale, favoriteProductId: context.pendingRemove };
}

export const favoritesMachine = setup({
  types: { context: {} as FavoritesContext, events: {} as FavoritesEvent, input: {} as FavoritesInput },
  actors: {
    loadFavorites: fromPromise<FavoriteProductsResponse, ReturnType<typeof favoritesRequest>>(async () => notProvided('loadFavorites')),
    addFavorite: fromPromise<{ favoriteProduct: FavoriteProduct; alreadyFavorite: boolean }, ReturnType<typeof addFavoriteRequest>>(async () => notProvided('addFavorite')),
    removeFavorite: fromPromise<{ favoriteProductId: string }, ReturnType<typeof removeFavoriteRequest>>(async () => notProvided('removeFavorite')),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    isAlreadyFavorite: ({ context, event }) => {
      assertEvent(event, 'user.addFavorite');
      return context.favorites.some((f) => f.itemKey === event.key);
    },
    isKnownFavorite: ({ context, event }) => {
      assertEvent(event, 'user.removeFavorite');
      return context.favorites.some((f) => f.id === event.id);
    },
    isMaximum: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.addFavorite');
      return asFlowError(event.error).code === '561007';
    },
  },
  actions: {
    /** provided by the route: navigates to context.destination */
    redirect: () => {},
    /** provided by the route: a notification; params name OrderingTexts keys */
    notify: (_, _params: { message: 'favoriteAdded' | 'favoriteRemoved' | 'favoritesMaximum' | 'unexpectedError' }) => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<FavoritesInput>(event, { signedIn: false, storeNumber: null, locale: 'en-US', returnUrl: null });
      return { signedIn: i.signedIn, storeNumber: i.storeNumber, locale: i.locale, returnUrl: safeReturnUrl(i.returnUrl) };
    }),
    assignSignInDestination: assign(({ context }) => ({ destination: pathTo.signInThen(safeReturnUrl(context.returnUrl)) })),
    assignFavorites: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadFavorites');
      return { favorites: event.output.favoriteProducts };
    }),
    assignPendingAdd: assign(({ event }) => {
      assertEvent(event, 'user.addFavorite');
      return { pendingAdd: { item: event.item, key: event.key } };
    }),
    assignAdded: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.addFavorite');
      const f = event.output.favoriteProduct;
      return { pendingAdd: null, favorites: context.favorites.some((x) => x.id === f.id) ? context.favorites : [...context.favorites, f] };
    }),
    assignPendingRemove: assign(({ event }) => {
      assertEvent(event, 'user.removeFavorite');
      return { pendingRemove: event.id };
    }),
    assignRemoved: assign(({ context }) => ({ favorites: context.favorites.filter((f) => f.id !== context.pendingRemove), pendingRemove: null })),
    forgetPending: assign({ pendingAdd: null, pendingRemove: null }),
  },
}).createMachine({
  id: 'favorites',
  description: "A member's favorite products: list, add (no call when already a favorite), remove.",
  meta: { title: 'Favorite products (/menu/favorites)', spec: '1 §4 Favorites, §8 561007' },
  context: { signedIn: false, storeNumber: null, locale: 'en-US', returnUrl: null, destination: null, favorites: [], pendingAdd: null, pendingRemove: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isSignedIn', target: 'loading' }, { target: 'guest' }] },
    guest: {
      description: 'Favorites need sign-in: adding one sends the guest to sign-in, back to this page after.',
      on: { 'user.addFavorite': { target: 'signingIn', actions: 'assignSignInDestination' } },
    },
    signingIn: { description: 'Off to sign-in with the return URL.', entry: 'redirect', tags: ['redirecting'], type: 'final' },
    loading: { tags: ['loading'], invoke: { id: 'loadFavorites', src: 'loadFavorites', input: favoritesRequest, onDone: { target: 'ready', actions: 'assignFavorites' }, onError: { target: 'failed' } } },
    failed: { tags: ['error'], on: { 'user.retry': { target: 'loading' } } },
    ready: {
      on: {
        'user.addFavorite': [
          { guard: 'isAlreadyFavorite', actions: { type: 'notify', params: { message: 'favoriteAdded' } } },
          { target: 'adding', actions: 'assignPendingAdd' },
        ],
        'user.removeFavorite': { guard: 'isKnownFavorite', target: 'removing', actions: 'assignPendingRemove' },
      },
    },
    adding: {
      tags: ['loading'],
      invoke: {
        id: 'addFavorite',
        src: 'addFavorite',
        input: addFavoriteRequest,
        onDone: { target: 'ready', actions: ['assignAdded', { type: 'notify', params: { message: 'favoriteAdded' } }] },
        onError: [
          { guard: 'isMaximum', target: 'ready', actions: ['forgetPending', { type: 'notify', params: { message: 'favoritesMaximum' } }] },
          { target: 'ready', actions: ['forgetPending', { type: 'notify', params: { message: 'unexpectedError' } }] },
        ],
      },
    },
    removing: {
      tags: ['loading'],
      invoke: {
        id: 'removeFavorite',
        src: 'removeFavorite',
        input: removeFavoriteRequest,
        onDone: { target: 'ready', actions: ['assignRemoved', { type: 'notify', params: { message: 'favoriteRemoved' } }] },
        onError: { target: 'ready', actions: ['forgetPending', { type: 'notify', params: { message: 'unexpectedError' } }] },
      },
    },
  },
});
