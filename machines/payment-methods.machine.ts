import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, type PaymentMethod } from '../contracts/cards.ts';
import { notProvided } from './account-flow.ts';
import { cardFlowError } from './cards-flow.ts';

/**
 * Payment methods, /account/payment-method (spec 2 §2 "Payment methods and addresses": its content is not shown;
 * §4 Payment selection: 'Your account has no payment methods.'): the member's methods, default first, with Make
 * default and Remove (confirmed). Adding goes to the billing-address page (a card) or the PayPal consent page:
 * plain links, no state here. Design: docs/cards.md "Payment methods".
 */
export interface PaymentMethodsContext {
  methods: PaymentMethod[];
  error: string | null;
  /** the method being removed or made the default */
  targetId: string | null;
  notice: string | null;
}
export type PaymentMethodsEvent =
  | { type: 'user.retry' }
  | { type: 'user.makeDefault'; paymentMethodId: string }
  | { type: 'user.remove'; paymentMethodId: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | DoneActorEvent<{ paymentMethods: PaymentMethod[] }, 'loadMethods'>
  | ErrorActorEvent<unknown, 'loadMethods'>
  | DoneActorEvent<{ paymentMethods: PaymentMethod[] }, 'makeDefault'>
  | ErrorActorEvent<unknown, 'makeDefault'>
  | DoneActorEvent<{ paymentMethods: PaymentMethod[] }, 'removeMethod'>
  | ErrorActorEvent<unknown, 'removeMethod'>;

export interface MethodIdRequest {
  paymentMethodId: string;
}
export function makeDefaultRequest({ context }: { context: Pick<PaymentMethodsContext, 'targetId'> }): MethodIdRequest {
  if (!context.targetId) throw new Error('makeDefault: no method chosen');
  return { paymentMethodId: context.targetId };
}
export function removeMethodRequest({ context }: { context: Pick<PaymentMethodsContext, 'targetId'> }): MethodIdRequest {
  if (!context.targetId) throw new Error('removeMethod: no method chosen');
  return { paymentMethodId: context.targetId };
}

export const paymentMethodsMachine = setup({
  types: { context: {} as PaymentMethodsContext, events: {} as PaymentMethodsEvent },
  actors: {
    loadMethods: fromPromise<{ paymentMethods: PaymentMethod[] }, void>(async () => notProvided('loadMethods')),
    makeDefault: fromPromise<{ paymentMethods: PaymentMethod[] }, MethodIdRequest>(async () => notProvided('makeDefault')),
    removeMethod: fromPromise<{ paymentMethods: PaymentMethod[] }, MethodIdRequest>(async () => notProvided('removeMethod')),
  },
  guards: {
    isListed: ({ context, event }) => {
      assertEvent(event, 'user.remove');
      return context.methods.some((m) => m.paymentMethodId === event.paymentMethodId);
    },
    isListedOther: ({ context, event }) => {
      assertEvent(event, 'user.makeDefault');
      return context.methods.some((m) => m.paymentMethodId === event.paymentMethodId && !m.default);
    },
  },
  actions: {
    notify: () => {},
    assignMethods: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadMethods', 'xstate.done.actor.makeDefault', 'xstate.done.actor.removeMethod']);
      return { methods: event.output.paymentMethods ?? [], error: null, targetId: null };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadMethods', 'xstate.error.actor.makeDefault', 'xstate.error.actor.removeMethod']);
      return { error: cardFlowError(event.error).message, targetId: null };
    }),
    assignTarget: assign(({ event }) => {
      assertEvent(event, ['user.makeDefault', 'user.remove']);
      return { targetId: event.paymentMethodId, error: null };
    }),
    clearTarget: assign({ targetId: null }),
    clearError: assign({ error: null }),
    assignRemoved: assign({ notice: CardMessages.paymentMethodRemoved }),
    assignDefaultSaved: assign({ notice: CardMessages.defaultSaved }),
  },
}).createMachine({
  id: 'paymentMethods',
  description: 'The member’s payment methods: list, make default, remove.',
  meta: { title: 'Payment methods', spec: '2 §2 Payment methods and addresses, §4 Payment selection' },
  context: { methods: [], error: null, targetId: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/payment-methods.',
      tags: ['loading'],
      invoke: { id: 'loadMethods', src: 'loadMethods', onDone: { target: 'ready', actions: 'assignMethods' }, onError: { target: 'loadFailed', actions: 'assignError' } },
    },
    loadFailed: { description: 'The methods could not be loaded: the error and Try again.', tags: ['error'], on: { 'user.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: 'The list, default first; none: “Your account has no payment methods.” and the add links.',
      on: {
        'user.makeDefault': { guard: 'isListedOther', target: 'makingDefault', actions: 'assignTarget' },
        'user.remove': { guard: 'isListed', target: 'confirmingRemove', actions: 'assignTarget' },
      },
    },
    makingDefault: {
      description: 'POST /account/payment-methods/:id/default.',
      tags: ['loading'],
      invoke: {
        id: 'makeDefault',
        src: 'makeDefault',
        input: makeDefaultRequest,
        onDone: { target: 'ready', actions: ['assignMethods', 'assignDefaultSaved', 'notify'] },
        onError: { target: 'ready', actions: 'assignError' },
      },
    },
    confirmingRemove: {
      description: 'Remove this payment method? (auto reload that uses it turns off)',
      tags: ['dialog'],
      on: { 'user.confirm': { target: 'removing' }, 'user.cancel': { target: 'ready', actions: 'clearTarget' } },
    },
    removing: {
      description: 'DELETE /account/payment-methods/:id.',
      tags: ['loading', 'dialog'],
      invoke: {
        id: 'removeMethod',
        src: 'removeMethod',
        input: removeMethodRequest,
        onDone: { target: 'ready', actions: ['assignMethods', 'assignRemoved', 'notify'] },
        onError: { target: 'ready', actions: 'assignError' },
      },
    },
  },
});
