import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, formatCents, type PaymentMethod, type ReloadResponse } from '../contracts/cards.ts';
import { inputOf, notProvided } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';
import { cardFlowError } from './cards-flow.ts';

/**
 * Add money, the #add-money modal (spec 2 §3 add-money form, §4 Reload, §5, §8 reload codes): amount options from
 * config, a payment instrument is required; no instruments at all says so first and offers the payment-method page
 * with the way back (issue 30: `/account/payment-method?returnUrl=/account/cards/{id}#add-money`, the same-origin
 * return URL the checkout uses; adding a card there comes back to this modal).
 * The idempotency key is the modal's key plus amount and method: retrying the same request replays it (121063
 * shows as info), a changed request gets its own key.
 */
export interface AddMoneyInput {
  cardId: string;
  methods: PaymentMethod[];
  options: number[];
  defaultAmount: number;
  /** a fresh random key per opening of the modal (made by the route) */
  keyBase: string;
}
export interface AddMoneyContext extends AddMoneyInput {
  amount: number;
  paymentMethodId: string | null;
  error: string | null;
  info: string | null;
  notice: string | null;
  /** where the route navigates when the flow leaves the modal (docs/machines.md "Navigation") */
  destination: string | null;
}
export type AddMoneyEvent =
  | { type: 'user.selectAmount'; amount: number }
  | { type: 'user.selectMethod'; paymentMethodId: string }
  | { type: 'user.submit' }
  | { type: 'user.close' }
  | { type: 'user.addMethod' }
  | DoneActorEvent<ReloadResponse, 'reload'>
  | ErrorActorEvent<unknown, 'reload'>;

export interface ReloadInput {
  cardId: string;
  amount: number;
  paymentMethodId: string;
  idempotencyKey: string;
}
export function reloadRequest({ context }: { context: Pick<AddMoneyContext, 'cardId' | 'amount' | 'paymentMethodId' | 'keyBase'> }): ReloadInput {
  if (!context.paymentMethodId) throw new Error('reload: no payment method');
  return { cardId: context.cardId, amount: context.amount, paymentMethodId: context.paymentMethodId, idempotencyKey: `${context.keyBase}-${context.amount}-${context.paymentMethodId}`.slice(0, 100) };
}

/** the payment-method page, coming back to this card's Add money (issue 30) */
export const addMethodPath = (cardId: string) => `${PATHS.paymentMethods}?returnUrl=${encodeURIComponent(`/account/cards/${encodeURIComponent(cardId)}#add-money`)}`;

export const addMoneyMachine = setup({
  types: { context: {} as AddMoneyContext, events: {} as AddMoneyEvent, input: {} as AddMoneyInput },
  actors: { reload: fromPromise<ReloadResponse, ReloadInput>(async () => notProvided('reload')) },
  guards: {
    hasNoMethods: ({ context }) => context.methods.length === 0,
    hasMethod: ({ context }) => !!context.paymentMethodId,
    wasReplay: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.reload');
      return !!event.output.duplicate;
    },
  },
  actions: {
    /** provided by the route: navigate to `destination` */
    redirect: () => {},
    notify: () => {},
    close: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<AddMoneyInput>(event);
      const methods = i.methods ?? [];
      return { cardId: i.cardId ?? '', methods, options: i.options ?? [], defaultAmount: i.defaultAmount ?? 0, amount: i.defaultAmount ?? 0, keyBase: i.keyBase ?? 'k', paymentMethodId: (methods.find((m) => m.default) ?? methods[0])?.paymentMethodId ?? null };
    }),
    assignAmount: assign(({ event }) => {
      assertEvent(event, 'user.selectAmount');
      return { amount: event.amount, error: null };
    }),
    assignMethod: assign(({ event }) => {
      assertEvent(event, 'user.selectMethod');
      return { paymentMethodId: event.paymentMethodId || null, error: null };
    }),
    assignMissingMethod: assign({ error: CardMessages.selectPaymentMethod }),
    assignError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.reload');
      return { error: cardFlowError(event.error).message };
    }),
    assignDone: assign(({ context }) => ({ notice: CardMessages.moneyAdded(formatCents(context.amount)) })),
    assignReplay: assign({ notice: CardMessages.duplicate }),
    toPaymentMethods: assign(({ context }) => ({ destination: addMethodPath(context.cardId) })),
  },
}).createMachine({
  id: 'addMoney',
  description: 'Reload a card: an amount from the configured options and a payment method.',
  meta: { title: 'Add money (#add-money)', spec: '2 §3 add-money form, §4 Reload, §5 Add money, §8 reload codes' },
  context: { cardId: '', methods: [], options: [], defaultAmount: 0, keyBase: 'k', amount: 0, paymentMethodId: null, error: null, info: null, notice: null, destination: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasNoMethods', target: 'noPaymentMethods' }, { target: 'editing' }] },
    noPaymentMethods: {
      description: 'No instruments: say so, with a way to the payment-method page that comes back here.',
      on: {
        'user.addMethod': { target: 'toPaymentMethods', actions: 'toPaymentMethods' },
        'user.close': { target: 'closed' },
      },
    },
    toPaymentMethods: { description: 'To /account/payment-method?returnUrl=/account/cards/{id}#add-money.', tags: ['redirecting'], entry: 'redirect', type: 'final' },
    editing: {
      description: 'Amount options and the payment method; errors of the last try show here.',
      on: {
        'user.selectAmount': { actions: 'assignAmount' },
        'user.selectMethod': { actions: 'assignMethod' },
        'user.submit': [{ guard: 'hasMethod', target: 'submitting' }, { actions: 'assignMissingMethod' }],
        'user.close': { target: 'closed' },
      },
    },
    submitting: {
      description: 'POST /account/cards/:cardId/reload with an idempotency key.',
      tags: ['loading'],
      invoke: {
        id: 'reload',
        src: 'reload',
        input: reloadRequest,
        onDone: [
          { guard: 'wasReplay', target: 'done', actions: ['assignReplay', 'notify'] },
          { target: 'done', actions: ['assignDone', 'notify'] },
        ],
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
    done: { description: 'Money added: the modal closes with a toast.', entry: 'close', type: 'final' },
    closed: { entry: 'close', type: 'final' },
  },
});
