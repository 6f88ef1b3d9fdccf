/**
 * Favorite products (spec 1 section 4 "Favorites: add (skips the server call if already favorite) and remove, each
 * showing a notification"; section 8 "561007 gives 'Sorry, you've reached the maximum number of favorite items';
 * others give a generic error"); members only.
 */
import { expect } from 'vitest';
import { addFavoriteRequest, favoritesMachine, favoritesRequest, removeFavoriteRequest, type FavoritesContext } from '../favorites.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import type { FavoriteProduct } from '../../contracts/ordering.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const fav = (id: string, itemKey: string): FavoriteProduct => ({
  id,
  product: { productNumber: 2012, formCode: 'hot', name: 'Caffè Latte', imageURL: '', availability: 'Available', forms: [], sizes: [] },
  item: { commerce: { sku: '2012-grande' }, sizeCode: 'grande', quantity: 1, childItems: [] },
  itemKey,
});
const item = { commerce: { sku: '2012-grande' }, quantity: 1, childItems: [] };
export const favoritesEvents = [
  done('loadFavorites', { favoriteProducts: [fav('fav_aaaaaaaa', '2012|grande')], ids: ['fav_aaaaaaaa'], locale: 'en-US', storeNumber: '10001' }),
  fail('loadFavorites', { status: 500, code: 'UNEXPECTED_ERROR' }),
  { type: 'user.retry' },
  { type: 'user.addFavorite', item, key: '2012|grande' },
  { type: 'user.addFavorite', item: { ...item, commerce: { sku: '2012-tall' } }, key: '2012|tall' },
  { type: 'user.removeFavorite', id: 'fav_aaaaaaaa' },
  { type: 'user.removeFavorite', id: 'fav_nope0000' },
  done('addFavorite', { favoriteProduct: fav('fav_bbbbbbbb', '2012|tall'), alreadyFavorite: false }),
  fail('addFavorite', { status: 409, code: '561007' }),
  fail('addFavorite', { status: 500, code: 'UNEXPECTED_ERROR' }),
  done('removeFavorite', { favoriteProductId: 'fav_aaaaaaaa' }),
  fail('removeFavorite', { status: 500, code: 'UNEXPECTED_ERROR' }),
];
type Snap = { value: unknown; context: FavoritesContext };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, f: s.context.favorites.map((f) => f.id), a: s.context.pendingAdd?.key ?? null, r: s.context.pendingRemove });

const F = favoritesEvents as ReadonlyArray<{ type: string }>;

export const favoritesFlow: Flow<typeof favoritesMachine> = {
  machine: favoritesMachine,
  table: {
    starting: { always: [{ guard: 'isSignedIn', to: 'loading' }, 'guest'] },
    guest: { 'user.addFavorite': 'signingIn' },
    loading: { 'xstate.done.actor.loadFavorites': 'ready', 'xstate.error.actor.loadFavorites': 'failed' },
    failed: { 'user.retry': 'loading' },
    ready: { 'user.addFavorite': [{ guard: 'isAlreadyFavorite', to: null }, 'adding'], 'user.removeFavorite': { guard: 'isKnownFavorite', to: 'removing' } },
    adding: { 'xstate.done.actor.addFavorite': 'ready', 'xstate.error.actor.addFavorite': [{ guard: 'isMaximum', to: 'ready' }, 'ready'] },
    removing: { 'xstate.done.actor.removeFavorite': 'ready', 'xstate.error.actor.removeFavorite': 'ready' },
  },
  // spec 1 "favorites": members load, add (not twice, at most the maximum) and remove; guests sign in first
  journeys: [
    { name: 'load, add, added', run: 'member', events: [F[0]!, F[4]!, F[7]!], ends: 'ready' },
    { name: 'load, add, the maximum is reached', run: 'member', events: [F[0]!, F[4]!, F[8]!], ends: 'ready' },
    { name: 'load, add, fails', run: 'member', events: [F[0]!, F[4]!, F[9]!], ends: 'ready' },
    { name: 'adding', run: 'member', events: [F[0]!, F[4]!], ends: 'adding' },
    { name: 'an existing favorite is not added again', run: 'member', events: [F[0]!, F[3]!], ends: 'ready' },
    { name: 'remove', run: 'member', events: [F[0]!, F[5]!, F[10]!], ends: 'ready' },
    { name: 'removing', run: 'member', events: [F[0]!, F[5]!], ends: 'removing' },
    { name: 'remove fails', run: 'member', events: [F[0]!, F[5]!, F[11]!], ends: 'ready' },
    { name: 'an unknown favorite is not removed', run: 'member', events: [F[0]!, F[6]!], ends: 'ready' },
    { name: 'the load fails, retried', run: 'member', events: [F[1]!, F[2]!, F[0]!], ends: 'ready' },
    { name: 'the load fails', run: 'member', events: [F[1]!], ends: 'failed' },
    { name: 'a guest adding signs in first', run: 'guest', events: [F[3]!], ends: 'signingIn' },
  ],
  sees: { loading: { tags: ['loading'] }, failed: { tags: ['error'] }, adding: { tags: ['loading'] }, removing: { tags: ['loading'] }, signingIn: { tags: ['redirecting'] } },
  catalogue: OrderingTexts,
  arrange(machine) {
    const fakes = requestFakes({ loadFavorites: favoritesRequest, addFavorite: addFavoriteRequest, removeFavorite: removeFavoriteRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    let prev: FavoritesContext | null = null;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      runs: [
        { name: 'member', options: { events: favoritesEvents as never, input: { signedIn: true, storeNumber: '10001', locale: 'en-US' }, serializeState: serializeState as never } },
        { name: 'guest', options: { events: favoritesEvents as never, input: { signedIn: false, storeNumber: null, locale: 'en-US', returnUrl: '/menu/product/2012/hot' }, serializeState: serializeState as never } },
        // a return URL that leaves the site is dropped: plain sign-in
        { name: 'guest-offsite', options: { events: favoritesEvents as never, input: { signedIn: false, storeNumber: null, locale: 'en-US', returnUrl: '//evil.example/x' }, serializeState: serializeState as never } },
      ],
      beforePath: () => {
        spy.clear();
        prev = null;
      },
      onStep(s, event, run) {
        const c = s.context;
        const ev = event as { type: string; key?: string; error?: { code: string } };
        const steps = spy.step();
        const notes = steps.filter((e) => e.name === 'notify').map((e) => OrderingTexts[(e.params as { message: keyof typeof OrderingTexts }).message]);
        const redirects = steps.filter((e) => e.name === 'redirect').length;
        const p = prev;
        prev = c;
        if (run !== 'member') {
          // a guest never calls the server: adding a favorite goes to sign-in, back to the product page
          expect(s.value).toBe(ev.type === 'user.addFavorite' ? 'signingIn' : 'guest');
          expect(redirects).toBe(ev.type === 'user.addFavorite' ? 1 : 0);
          if (ev.type === 'user.addFavorite') expect(c.destination).toBe(run === 'guest' ? '/account/signin?returnUrl=%2Fmenu%2Fproduct%2F2012%2Fhot' : '/account/signin');
          expect(notes).toEqual([]);
          return;
        }
        expect(redirects).toBe(0);
        if (s.matches('loading')) expect(fakes.last('loadFavorites')).toEqual({ locale: 'en-US', storeNumber: '10001' });
        if (ev.type === 'user.addFavorite') {
          const already = p!.favorites.some((f) => f.itemKey === ev.key);
          // already a favorite: no call, just the notification
          expect(s.matches('adding')).toBe(!already);
          expect(notes).toEqual(already ? ['Added to your favorites.'] : []);
          if (!already) expect(fakes.last('addFavorite')).toEqual({ locale: 'en-US', item: { ...item, commerce: { sku: ev.key === '2012|tall' ? '2012-tall' : '2012-grande' } } });
        } else if (ev.type === 'xstate.done.actor.addFavorite') {
          expect(notes).toEqual(['Added to your favorites.']);
          expect(c.favorites.map((f) => f.id)).toContain('fav_bbbbbbbb');
        } else if (ev.type === 'xstate.error.actor.addFavorite') expect(notes).toEqual([ev.error!.code === '561007' ? "Sorry, you've reached the maximum number of favorite items" : 'Something went wrong. Please try again.']);
        else if (ev.type === 'xstate.done.actor.removeFavorite') {
          expect(notes).toEqual(['Removed from your favorites.']);
          expect(c.favorites.map((f) => f.id)).not.toContain('fav_aaaaaaaa');
        } else if (ev.type === 'xstate.error.actor.removeFavorite') expect(notes).toEqual(['Something went wrong. Please try again.']);
        else expect(notes).toEqual([]);
        if (s.matches('removing')) expect(fakes.last('removeFavorite')).toEqual({ locale: 'en-US', favoriteProductId: 'fav_aaaaaaaa' });
        if (s.matches('ready')) expect([c.pendingAdd, c.pendingRemove]).toEqual([null, null]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
