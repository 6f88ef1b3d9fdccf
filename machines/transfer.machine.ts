import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, formatCents, parseDecimalAmount, PaymentFormMessages, type Card } from '../contracts/cards.ts';
import { inputOf, notProvided } from './account-flow.ts';
import { cardFlowError, isKnownCardError } from './cards-flow.ts';

/**
 * Transfer balance, /account/cards/transfer (spec 2 §4 "Card transfer": its steps are not shown; §8 121025,
 * 121023, UNEXPECTED_ERROR for transfers with Manage card). Steps: source (a card with money), target (another
 * card), amount (empty = the whole balance, at most the balance), confirm. Each confirmed attempt gets its own
 * idempotency key; Try again after an unexpected failure resends the same attempt with the same key, so a lost
 * answer cannot move the money twice (the server replays it: 121063).
 */
export interface TransferInput {
  cards: Card[];
  /** ?from=<cardId>: start with this source (the remove-card dialog links here) */
  sourceCardId?: string | null;
  /** random per page opening (made by the route) */
  keyBase: string;
}
/** TRANSFER_CARD_BALANCE's answer (cents); duplicateCode '121063' on a replay */
export interface TransferResult {
  amount: number;
  duplicateCode: string | null;
  source: { cardId: string; balance: number };
  target: { cardId: string; balance: number };
}
export interface TransferContext {
  cards: Card[];
  sourceCardId: string | null;
  targetCardId: string | null;
  /** cents; null = the whole balance */
  amount: number | null;
  keyBase: string;
  attempt: number;
  idempotencyKey: string | null;
  result: TransferResult | null;
  error: string | null;
  /** the catalogue's action for the last error (121025: Choose different card) */
  errorAction: string | null;
  notice: string | null;
}
export type TransferEvent =
  | { type: 'user.chooseSource'; cardId: string }
  | { type: 'user.chooseTarget'; cardId: string }
  | { type: 'user.setAmount'; amount: string }
  | { type: 'user.back' }
  | { type: 'user.chooseOther' }
  | { type: 'user.confirm' }
  | { type: 'user.retry' }
  | DoneActorEvent<TransferResult, 'transferBalance'>
  | ErrorActorEvent<unknown, 'transferBalance'>;

export interface TransferBalanceInput {
  sourceCardId: string;
  targetCardId: string;
  amount?: number;
  idempotencyKey: string;
}
export function transferBalanceRequest({ context }: { context: Pick<TransferContext, 'sourceCardId' | 'targetCardId' | 'amount' | 'idempotencyKey'> }): TransferBalanceInput {
  if (!context.sourceCardId || !context.targetCardId || !context.idempotencyKey) throw new Error('transfer: source, target or key missing');
  return { sourceCardId: context.sourceCardId, targetCardId: context.targetCardId, ...(context.amount !== null ? { amount: context.amount } : {}), idempotencyKey: context.idempotencyKey };
}

const cardOf = (c: Pick<TransferContext, 'cards'>, id: string | null) => c.cards.find((x) => x.cardId === id);
const canSend = (c: Card | undefined) => !!c && c.status === 'active' && c.balance.amount > 0;

export const transferMachine = setup({
  types: { context: {} as TransferContext, events: {} as TransferEvent, input: {} as TransferInput },
  actors: { transferBalance: fromPromise<TransferResult, TransferBalanceInput>(async () => notProvided('transferBalance')) },
  guards: {
    cannotTransfer: ({ context }) => !context.cards.some(canSend) || context.cards.length < 2,
    hasSource: ({ context }) => canSend(cardOf(context, context.sourceCardId)),
    isSource: ({ context, event }) => {
      assertEvent(event, 'user.chooseSource');
      return canSend(cardOf(context, event.cardId));
    },
    isTarget: ({ context, event }) => {
      assertEvent(event, 'user.chooseTarget');
      return event.cardId !== context.sourceCardId && cardOf(context, event.cardId)?.status === 'active';
    },
    isAmount: ({ context, event }) => {
      assertEvent(event, 'user.setAmount');
      if (!event.amount.trim()) return true;
      const cents = parseDecimalAmount(event.amount);
      return cents !== undefined && cents > 0 && cents <= (cardOf(context, context.sourceCardId)?.balance.amount ?? 0);
    },
    isKnownError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.transferBalance');
      return isKnownCardError(event.error);
    },
  },
  actions: {
    notify: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<TransferInput>(event);
      return { cards: i.cards ?? [], sourceCardId: i.sourceCardId ?? null, keyBase: i.keyBase ?? 'transfer' };
    }),
    assignSource: assign(({ event }) => {
      assertEvent(event, 'user.chooseSource');
      return { sourceCardId: event.cardId, targetCardId: null, amount: null, error: null, errorAction: null };
    }),
    assignSourceError: assign({ error: PaymentFormMessages.chooseSource, errorAction: null }),
    assignTarget: assign(({ event }) => {
      assertEvent(event, 'user.chooseTarget');
      return { targetCardId: event.cardId, error: null, errorAction: null };
    }),
    assignTargetError: assign({ error: PaymentFormMessages.chooseTarget, errorAction: null }),
    assignAmount: assign(({ event }) => {
      assertEvent(event, 'user.setAmount');
      return { amount: event.amount.trim() ? (parseDecimalAmount(event.amount) ?? null) : null, error: null, errorAction: null };
    }),
    assignAmountError: assign({ error: PaymentFormMessages.transferAmount, errorAction: null }),
    clearError: assign({ error: null, errorAction: null }),
    newAttempt: assign(({ context }) => ({ attempt: context.attempt + 1, idempotencyKey: `${context.keyBase}-${context.attempt + 1}`.slice(0, 100), error: null, errorAction: null })),
    assignResult: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.transferBalance');
      return { result: event.output, notice: event.output.duplicateCode ? CardMessages.duplicate : CardMessages.transferDone(formatCents(event.output.amount)) };
    }),
    assignKnownError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.transferBalance');
      const e = cardFlowError(event.error);
      return { error: e.message, errorAction: e.action?.label ?? null };
    }),
    assignFailed: assign({ error: CardMessages.transferFailed, errorAction: 'Manage card' }),
  },
}).createMachine({
  id: 'transfer',
  description: 'Move a balance between two of the member’s cards: source, target, amount, confirm.',
  meta: { title: 'Transfer balance', spec: '2 §4 Card transfer, §8 121025, 121023, UNEXPECTED_ERROR (transfers)' },
  context: { cards: [], sourceCardId: null, targetCardId: null, amount: null, keyBase: 'transfer', attempt: 0, idempotencyKey: null, result: null, error: null, errorAction: null, notice: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'No card with money or no second card: nothing to transfer. A source from the link skips step 1.',
      always: [{ guard: 'cannotTransfer', target: 'unavailable' }, { guard: 'hasSource', target: 'choosingTarget' }, { target: 'choosingSource' }],
    },
    unavailable: { description: 'Explains that a card with a balance and a second card are needed.', type: 'final' },
    choosingSource: {
      description: 'Step 1: the card to take the money from (cards with a balance).',
      on: { 'user.chooseSource': [{ guard: 'isSource', target: 'choosingTarget', actions: 'assignSource' }, { actions: 'assignSourceError' }] },
    },
    choosingTarget: {
      description: 'Step 2: the card to move it to.',
      on: {
        'user.chooseTarget': [{ guard: 'isTarget', target: 'choosingAmount', actions: 'assignTarget' }, { actions: 'assignTargetError' }],
        'user.back': { target: 'choosingSource', actions: 'clearError' },
      },
    },
    choosingAmount: {
      description: 'Step 3: how much (empty: the whole balance).',
      on: {
        'user.setAmount': [{ guard: 'isAmount', target: 'confirming', actions: 'assignAmount' }, { actions: 'assignAmountError' }],
        'user.back': { target: 'choosingTarget', actions: 'clearError' },
      },
    },
    confirming: {
      description: 'Step 4: “Transfer $X from •••• A to •••• B?”; errors the catalogue names show here.',
      on: {
        'user.confirm': { target: 'transferring', actions: 'newAttempt' },
        'user.back': { target: 'choosingAmount', actions: 'clearError' },
        'user.chooseOther': { target: 'choosingSource', description: '121025’s action “Choose different card”: back to step 1.', actions: 'clearError' },
      },
    },
    transferring: {
      description: 'TRANSFER_CARD_BALANCE with this attempt’s idempotency key.',
      tags: ['loading'],
      invoke: {
        id: 'transferBalance',
        src: 'transferBalance',
        input: transferBalanceRequest,
        onDone: { target: 'done', actions: ['assignResult', 'notify'] },
        onError: [
          { guard: 'isKnownError', target: 'confirming', actions: 'assignKnownError' },
          { target: 'failed', actions: 'assignFailed' },
        ],
      },
    },
    failed: {
      description: '“Something went wrong with your transfer. Try transferring your balance again.” with Manage card (the source card’s page) and Try again (same key).',
      tags: ['error'],
      on: { 'user.retry': { target: 'transferring', actions: 'clearError' } },
    },
    done: { description: 'Both new balances and a toast.', type: 'final' },
  },
});
