/**
 * Favorite toggle (spec 1 sections 4, 6, 7): guests see the sign-in dialog; members toggle optimistically, the
 * saves run one at a time in order, and a failed save reverts its toggle with one error toast.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { favoriteStoreMachine, favoriteOf, favoriteRequest, type FavoriteStoreInput } from '../favorite-store.machine.ts';
import { apiError } from './locator-fixtures.ts';
import { requestFakes } from './model.ts';
import { spyActions, type Flow } from './flow.ts';

const events: AnyEventObject[] = [
  { type: 'user.toggleFavorite', storeNumber: '1-1001', isFavorite: false },
  { type: 'user.toggleFavorite', storeNumber: '3-1003', isFavorite: true },
  { type: 'user.dismissSignIn' },
  { type: 'xstate.done.actor.saveFavorite', output: { storeNumber: '1', isFavorite: true } },
  { type: 'xstate.error.actor.saveFavorite', error: apiError(500, 'UNEXPECTED_ERROR') },
];

export const favoriteStoreFlow: Flow<typeof favoriteStoreMachine> = {
  machine: favoriteStoreMachine,
  table: {
    idle: { 'user.toggleFavorite': [{ guard: 'isGuest', to: 'signInRequired' }, { guard: 'notPending', to: 'saving' }] },
    saving: {
      'user.toggleFavorite': { guard: 'notPending' },
      'xstate.done.actor.saveFavorite': [{ guard: 'hasMoreQueued', to: 'saving' }, 'idle'],
      'xstate.error.actor.saveFavorite': [{ guard: 'hasMoreQueued', to: 'saving' }, 'idle'],
    },
    signInRequired: { 'user.dismissSignIn': 'idle' },
  },
  // spec 1 "favorite stores": a member's toggles are saved one at a time (queued); a guest is asked to sign in
  journeys: [
    { name: 'a member saves a favorite', run: 'member', events: [events[0]!, events[3]!], ends: 'idle' },
    { name: 'saving', run: 'member', events: [events[0]!], ends: 'saving' },
    { name: 'saving fails', run: 'member', events: [events[0]!, events[4]!], ends: 'idle' },
    { name: 'a second toggle waits its turn', run: 'member', events: [events[0]!, events[1]!, events[3]!], ends: 'saving' },
    { name: 'a second toggle waits its turn, then both done', run: 'member', events: [events[0]!, events[1]!, events[3]!, events[3]!], ends: 'idle' },
    { name: 'a second toggle after a failure', run: 'member', events: [events[0]!, events[1]!, events[4]!], ends: 'saving' },
    { name: 'a guest is asked to sign in', run: 'guest', events: [events[0]!], ends: 'signInRequired' },
    { name: 'a guest dismisses', run: 'guest', events: [events[0]!, events[2]!], ends: 'idle' },
  ],
  sees: {},
  effects: { 'xstate.error.actor.saveFavorite -> idle': ['notifyFailure'], 'xstate.error.actor.saveFavorite -> saving': ['notifyFailure'] },
  arrange(machine) {
    const spy = spyActions(['notifyFailure'] as const);
    const fakes = requestFakes({ saveFavorite: favoriteRequest });
    // a reference of what each store shows: toggles queue in order; a done settles the first, an error reverts it
    let queue: Array<{ storeNumber: string; favorite: boolean; previous: boolean }> = [];
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      beforePath: () => void (queue = []),
      runs: (['member', 'guest'] as const).map((name) => ({
        name,
        options: { events, input: { signedIn: name === 'member' } as FavoriteStoreInput, serializeState: (s) => JSON.stringify({ v: s.value, q: s.context.queue.map((t) => t.storeNumber), o: s.context.overrides }) },
      })),
      onStep(s, event, run) {
        const e = event as AnyEventObject;
        if (e.type === 'user.toggleFavorite' && run === 'member' && !queue.some((t) => t.storeNumber === e.storeNumber)) queue.push({ storeNumber: e.storeNumber, favorite: !e.isFavorite, previous: e.isFavorite });
        const head = queue[0];
        if (e.type === 'xstate.done.actor.saveFavorite' || e.type === 'xstate.error.actor.saveFavorite') queue = queue.slice(1);
        // guests never queue a save; members never see the dialog
        if (run === 'guest') expect(s.context.queue).toEqual([]);
        else expect(s.matches('signInRequired')).toBe(false);
        if (e.type === 'user.toggleFavorite' && run === 'guest') expect(s.matches('signInRequired')).toBe(true);
        // favorites are kept by the store number's first part ('3-1003' → '3')
        expect(s.context.queue.map((t) => t.storeNumber)).toEqual(queue.map((t) => t.storeNumber.split('-')[0]));
        // saving exactly while something is queued; the first queued is the request
        expect(s.matches('saving')).toBe(queue.length > 0);
        // the request sent: the first queued toggle, as the store shows it before and after
        if (s.matches('saving')) expect(fakes.last('saveFavorite')).toEqual({ storeNumber: queue[0]!.storeNumber.split('-')[0], favorite: queue[0]!.favorite, previous: queue[0]!.previous });
        // optimistic: a queued store shows its new state and is pending
        for (const t of queue) expect(favoriteOf(s.context, t.storeNumber.split('-')[0]!, t.previous)).toEqual({ isFavorite: t.favorite, favoritePending: true });
        // a failed save shows its store as before the toggle
        if (e.type === 'xstate.error.actor.saveFavorite' && head && !queue.some((t) => t.storeNumber === head.storeNumber))
          expect(favoriteOf(s.context, head.storeNumber.split('-')[0]!, head.previous)).toEqual({ isFavorite: head.previous, favoritePending: false });
      },
    };
  },
};
