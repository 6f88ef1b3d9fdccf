import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import type { Card } from '../contracts/cards.ts';
import { CardMessages, cardCodeAction, cardCodeMessage, type CardErrorAction } from '../contracts/cards.ts';
import { inputOf, notProvided } from './account-flow.ts';
import { cardFlowError } from './cards-flow.ts';
import { PATHS } from './app-paths.ts';

/**
 * Cards list and detail (spec 2 §2 /account/cards, /account/cards/:cardId, ?mode=from_account_create&card_error;
 * §4 "Card removal"): load the member's cards, make one primary, remove one (a card with money asks to transfer
 * first; toasts 'Card (last four) removed' / 'Failed to remove card').
 */
export interface CardsInput {
  /** card_error of the account-creation landing: its mapped message shows above the list */
  cardErrorCode?: string | null;
  /** the card page's card (/account/cards/:cardId): once it is removed the member goes to the list */
  cardId?: string | null;
}
export interface CardsContext {
  cards: Card[];
  error: string | null;
  landingError: string | null;
  /** the catalogue's action for the landing's code (121034 Register this card, 121037 Add it back) */
  landingAction?: CardErrorAction | null;
  /** the card being removed or made primary */
  targetId: string | null;
  /** the toast text for the notify action */
  notice: { tone: 'success' | 'error'; message: string } | null;
  /** the card page's card, null on the list */
  pageCardId: string | null;
  /** where the redirect action goes (the list, after the card page's card was removed) */
  destination: string | null;
}
export type CardsEvent =
  | { type: 'user.retry' }
  | { type: 'user.refresh' }
  | { type: 'user.makePrimary'; cardId: string }
  | { type: 'user.remove'; cardId: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.dismiss' }
  | DoneActorEvent<{ cards: Card[] }, 'loadCards'>
  | ErrorActorEvent<unknown, 'loadCards'>
  | DoneActorEvent<{ cardNumber: string }, 'removeCard'>
  | ErrorActorEvent<unknown, 'removeCard'>
  | DoneActorEvent<{ card: Card }, 'makePrimary'>
  | ErrorActorEvent<unknown, 'makePrimary'>;

export interface CardIdRequest {
  cardId: string;
}
export function removeCardRequest({ context }: { context: Pick<CardsContext, 'targetId'> }): CardIdRequest {
  if (!context.targetId) throw new Error('removeCard: no card chosen');
  return { cardId: context.targetId };
}
export function makePrimaryRequest({ context }: { context: Pick<CardsContext, 'targetId'> }): CardIdRequest {
  if (!context.targetId) throw new Error('makePrimary: no card chosen');
  return { cardId: context.targetId };
}

const target = (ctx: CardsContext) => ctx.cards.find((c) => c.cardId === ctx.targetId);

export const cardsMachine = setup({
  types: { context: {} as CardsContext, events: {} as CardsEvent, input: {} as CardsInput },
  actors: {
    loadCards: fromPromise<{ cards: Card[] }, void>(async () => notProvided('loadCards')),
    removeCard: fromPromise<{ cardNumber: string }, CardIdRequest>(async () => notProvided('removeCard')),
    makePrimary: fromPromise<{ card: Card }, CardIdRequest>(async () => notProvided('makePrimary')),
  },
  guards: {
    targetHasBalance: ({ context, event }) => {
      assertEvent(event, 'user.remove');
      return (context.cards.find((c) => c.cardId === event.cardId)?.balance.amount ?? 0) > 0;
    },
    removedPageCard: ({ context }) => !!context.pageCardId && context.pageCardId === context.targetId,
    isOwnCard: ({ context, event }) => {
      assertEvent(event, ['user.makePrimary', 'user.remove']);
      return context.cards.some((c) => c.cardId === event.cardId);
    },
  },
  actions: {
    notify: () => {},
    redirect: () => {},
    applyInput: assign(({ event }) => {
      const { cardErrorCode: code, cardId } = inputOf<CardsInput>(event);
      return { landingError: code ? (cardCodeMessage[code] ?? CardMessages.lookWrong) : null, landingAction: code ? (cardCodeAction[code] ?? null) : null, pageCardId: cardId ?? null };
    }),
    toList: assign({ destination: PATHS.cards }),
    assignCards: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadCards');
      return { cards: event.output.cards, error: null };
    }),
    assignLoadError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadCards');
      return { error: cardFlowError(event.error).message };
    }),
    assignTarget: assign(({ event }) => {
      assertEvent(event, ['user.makePrimary', 'user.remove']);
      return { targetId: event.cardId, error: null };
    }),
    clearTarget: assign({ targetId: null }),
    clearError: assign({ error: null }),
    assignRemoved: assign(({ context }) => ({ notice: { tone: 'success' as const, message: CardMessages.cardRemoved(target(context)?.lastFour ?? '') }, targetId: null })),
    assignRemoveFailed: assign({ notice: { tone: 'error' as const, message: CardMessages.removeFailed }, targetId: null }),
    assignPrimarySaved: assign({ notice: { tone: 'success' as const, message: CardMessages.primarySaved }, targetId: null }),
    assignActionError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.makePrimary');
      return { error: cardFlowError(event.error).message, targetId: null };
    }),
  },
}).createMachine({
  id: 'cards',
  description: 'The member’s stored-value cards: list and detail, make primary, remove.',
  meta: { title: 'Cards list and detail', spec: '2 §2 Cards, §4 Card removal, §8 card codes' },
  context: { cards: [], error: null, landingError: null, targetId: null, notice: null, pageCardId: null, destination: null },
  entry: 'applyInput',
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/cards.',
      tags: ['loading'],
      invoke: { id: 'loadCards', src: 'loadCards', onDone: { target: 'ready', actions: 'assignCards' }, onError: { target: 'loadFailed', actions: 'assignLoadError' } },
    },
    loadFailed: {
      description: 'The cards could not be loaded: the error and Try again.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description: 'The list (or one card’s detail), primary first; the landing error of account creation shows here.',
      on: {
        'user.makePrimary': { guard: 'isOwnCard', target: 'makingPrimary', actions: 'assignTarget' },
        'user.remove': [
          { guard: 'targetHasBalance', target: 'transferFirst', actions: 'assignTarget' },
          { guard: 'isOwnCard', target: 'confirmingRemove', actions: 'assignTarget' },
        ],
        'user.dismiss': { actions: 'clearError' },
        'user.refresh': { target: 'loading', description: 'An overlay closed (money may have moved): load again.' },
      },
    },
    transferFirst: {
      description: 'The card still holds money: transfer the balance before removing it.',
      tags: ['dialog'],
      on: { 'user.dismiss': { target: 'ready', actions: 'clearTarget' } },
    },
    confirmingRemove: {
      description: 'Remove this card? Confirm or cancel.',
      tags: ['dialog'],
      on: { 'user.confirm': { target: 'removing' }, 'user.cancel': { target: 'ready', actions: 'clearTarget' } },
    },
    removing: {
      description: 'POST /account/cards/:cardId/remove.',
      tags: ['loading'],
      invoke: {
        id: 'removeCard',
        src: 'removeCard',
        input: removeCardRequest,
        onDone: [
          // the card page's own card is gone: to the list (issue 30: the page said 'We could not find that card.')
          { guard: 'removedPageCard', target: 'redirecting', actions: ['assignRemoved', 'notify', 'toList'] },
          { target: 'loading', actions: ['assignRemoved', 'notify'] },
        ],
        onError: { target: 'ready', actions: ['assignRemoveFailed', 'notify'] },
      },
    },
    makingPrimary: {
      description: 'POST /account/cards/:cardId/make-primary.',
      tags: ['loading'],
      invoke: {
        id: 'makePrimary',
        src: 'makePrimary',
        input: makePrimaryRequest,
        onDone: { target: 'loading', actions: ['assignPrimarySaved', 'notify'] },
        onError: { target: 'ready', actions: 'assignActionError' },
      },
    },
    redirecting: { description: 'The card page after its card was removed: to the list.', entry: 'redirect', tags: ['redirecting'], type: 'final' },
  },
});
