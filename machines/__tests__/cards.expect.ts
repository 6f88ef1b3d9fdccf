/**
 * Cards list and detail (spec 2 section 2 /account/cards, /account/cards/:cardId, card_error of the account-creation
 * landing; section 4 "Card removal": a card with money asks to transfer first, then 'Card (last four) removed' /
 * 'Failed to remove card'; section 8 card codes). Make primary reloads the list.
 */
import { expect } from 'vitest';
import { cardsMachine, makePrimaryRequest, removeCardRequest } from '../cards.machine.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { card, cardError, done, fail, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

export const cardsList = [card('1', 0, { isPrimary: true, cardId: 'a' }), card('2', 2500, { cardId: 'b' })];
export const cardsEvents = [
  done('loadCards', { cards: cardsList }),
  fail('loadCards', serverDown),
  { type: 'user.retry' },
  { type: 'user.refresh' },
  { type: 'user.makePrimary', cardId: 'b' },
  { type: 'user.remove', cardId: 'a' },
  { type: 'user.remove', cardId: 'b' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.dismiss' },
  done('removeCard', { cardNumber: '•••• 0001' }),
  fail('removeCard', serverDown),
  done('makePrimary', { card: cardsList[1] }),
  fail('makePrimary', cardError('MAKE_PRIMARY_FAILED')),
];
type Snap = { value: unknown; context: { cards: unknown[]; targetId: string | null; error: string | null; notice: { message: string } | null; destination?: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, n: s.context.cards.length, t: s.context.targetId, e: !!s.context.error, x: s.context.notice?.message, d: s.context.destination });

const Cd = cardsEvents as ReadonlyArray<{ type: string }>;

export const cardsFlow: Flow<typeof cardsMachine> = {
  machine: cardsMachine,
  table: {
    loading: { 'xstate.done.actor.loadCards': 'ready', 'xstate.error.actor.loadCards': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ready: {
      'user.makePrimary': { guard: 'isOwnCard', to: 'makingPrimary' },
      // a card holding money cannot be removed: transfer the balance first
      'user.remove': [{ guard: 'targetHasBalance', to: 'transferFirst' }, { guard: 'isOwnCard', to: 'confirmingRemove' }],
      'user.dismiss': null,
      'user.refresh': 'loading',
    },
    transferFirst: { 'user.dismiss': 'ready' },
    confirmingRemove: { 'user.confirm': 'removing', 'user.cancel': 'ready' },
    // the card page's card removed: to the list; on the list (or another card): the list again
    removing: { 'xstate.done.actor.removeCard': [{ guard: 'removedPageCard', to: 'redirecting' }, 'loading'], 'xstate.error.actor.removeCard': 'ready' },
    makingPrimary: { 'xstate.done.actor.makePrimary': 'loading', 'xstate.error.actor.makePrimary': 'ready' },
  },
  // spec 2 "cards": make a card primary; remove one (a card with money: transfer first); refresh
  journeys: [
    { name: 'make primary', events: [Cd[0]!, Cd[4]!, Cd[12]!], ends: 'loading' },
    { name: 'making primary', events: [Cd[0]!, Cd[4]!], ends: 'makingPrimary' },
    { name: 'make primary fails', events: [Cd[0]!, Cd[4]!, Cd[13]!], ends: 'ready' },
    { name: 'remove an empty card', events: [Cd[0]!, Cd[5]!, Cd[7]!, Cd[10]!], ends: 'loading' },
    { name: "remove the card page's card: to the list", run: 'card page', events: [Cd[0]!, Cd[5]!, Cd[7]!, Cd[10]!], ends: 'redirecting' },
    { name: "the card page's card: remove fails", run: 'card page', events: [Cd[0]!, Cd[5]!, Cd[7]!, Cd[11]!], ends: 'ready' },
    { name: 'removing', events: [Cd[0]!, Cd[5]!, Cd[7]!], ends: 'removing' },
    { name: 'asked to confirm', events: [Cd[0]!, Cd[5]!], ends: 'confirmingRemove' },
    { name: 'remove fails', events: [Cd[0]!, Cd[5]!, Cd[7]!, Cd[11]!], ends: 'ready' },
    { name: 'remove cancelled', events: [Cd[0]!, Cd[5]!, Cd[8]!], ends: 'ready' },
    { name: 'a card with money: transfer first', events: [Cd[0]!, Cd[6]!], ends: 'transferFirst' },
    { name: 'a card with money: dismissed', events: [Cd[0]!, Cd[6]!, Cd[9]!], ends: 'ready' },
    { name: 'refresh', events: [Cd[0]!, Cd[3]!], ends: 'loading' },
    { name: 'the load fails, retried', events: [Cd[1]!, Cd[2]!, Cd[0]!], ends: 'ready' },
    { name: 'the load fails', events: [Cd[1]!], ends: 'loadFailed' },
  ],
  sees: {
    loading: { tags: ['loading'] },
    loadFailed: { tags: ['error'] },
    transferFirst: { tags: ['dialog'] },
    confirmingRemove: { tags: ['dialog'] },
    removing: { tags: ['loading'] },
    makingPrimary: { tags: ['loading'] },
    redirecting: { tags: ['redirecting'] },
  },
  effects: {
    'xstate.done.actor.removeCard -> loading': ['notify'],
    'xstate.done.actor.removeCard -> redirecting': ['notify', 'redirect'],
    'xstate.error.actor.removeCard -> ready': ['notify'],
    'xstate.done.actor.makePrimary -> loading': ['notify'],
  },
  arrange(machine) {
    const fakes = requestFakes({ removeCard: removeCardRequest, makePrimary: makePrimaryRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadCards: stuck() }, actions: spy.actions }),
      spy,
      runs: [
        { name: '', options: { events: cardsEvents as never, input: { cardErrorCode: '121001' }, serializeState: serializeState as never } },
        { name: 'card page', options: { events: cardsEvents as never, input: { cardErrorCode: '121001', cardId: 'a' }, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        // only the card page's own card, once removed, leaves the page, for the list
        expect(c.destination ?? null).toBe(s.matches('redirecting') ? '/account/cards' : null);
        if (event.type === 'xstate.done.actor.removeCard') expect(s.matches('redirecting')).toBe(run === 'card page');
        // the landing's card_error shows, mapped to its section 8 text
        expect(c.landingError).toBe("That card number or security code doesn't look right.");
        if (event.type === 'xstate.done.actor.loadCards') expect([c.cards, c.error]).toEqual([cardsList, null]);
        if (s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('loading') && event.type === 'user.retry') expect(c.error).toBeNull();
        if (s.matches('transferFirst') || s.matches('makingPrimary')) expect(c.targetId).toBe('b');
        if (s.matches('confirmingRemove') || s.matches('removing')) expect(c.targetId).toBe('a');
        if (s.matches('removing')) expect(fakes.last('removeCard')).toEqual({ cardId: 'a' });
        if (s.matches('makingPrimary')) expect(fakes.last('makePrimary')).toEqual({ cardId: 'b' });
        if (s.matches('ready') || s.matches('loading') || s.matches('loadFailed')) expect(c.targetId).toBeNull();
        if (event.type === 'xstate.done.actor.removeCard') expect(c.notice).toEqual({ tone: 'success', message: 'Card (0001) removed' });
        if (event.type === 'xstate.error.actor.removeCard') expect(c.notice).toEqual({ tone: 'error', message: 'Failed to remove card' });
        if (event.type === 'xstate.done.actor.makePrimary') expect(c.notice).toEqual({ tone: 'success', message: 'Primary card updated' });
        if (event.type === 'xstate.error.actor.makePrimary') expect(c.error).toBe('We could not make this your primary card. Please try again.');
        if (event.type === 'user.dismiss' && s.matches('ready')) expect(c.error).toBeNull();
        if (event.type === 'user.makePrimary' || event.type === 'user.remove') expect(c.error).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('removeCard')).toEqual([{ cardId: 'a' }]);
        expect(fakes.distinct('makePrimary')).toEqual([{ cardId: 'b' }]);
      },
    };
  },
};
