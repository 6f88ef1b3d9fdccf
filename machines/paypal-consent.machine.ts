import * as v from 'valibot';
import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, PaymentFormMessages, type PaymentMethod, type TokenizeResponse } from '../contracts/cards.ts';
import { notProvided } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';
import { cardFlowError } from './cards-flow.ts';

/**
 * Add PayPal (spec 2 §2 /account/payment-method/add/paypal, sign-in required; §8 PayPal codes): the sandbox
 * consent page on the same origin stands in for PayPal's: the member approves with a sandbox buyer email
 * (POST /sandbox-processor/paypal/approve gives a token) and the token is saved as a method; Cancel adds nothing
 * and goes back to the payment methods.
 */
export interface PaypalConsentContext {
  email: string;
  token: TokenizeResponse | null;
  fieldError: string | null;
  error: string | null;
  notice: string | null;
  /** where the route navigates when the page is done (docs/machines.md "Navigation") */
  destination: string | null;
}
export type PaypalConsentEvent =
  | { type: 'user.approve'; email: string }
  | { type: 'user.cancel' }
  | DoneActorEvent<TokenizeResponse, 'approvePaypal'>
  | ErrorActorEvent<unknown, 'approvePaypal'>
  | DoneActorEvent<{ paymentMethod: PaymentMethod }, 'addMethod'>
  | ErrorActorEvent<unknown, 'addMethod'>;

const Email = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254));
export function approvePaypalRequest({ context }: { context: Pick<PaypalConsentContext, 'email'> }): { email: string } {
  if (!context.email) throw new Error('approvePaypal: no email');
  return { email: context.email.trim() };
}
export function addPaypalRequest({ context }: { context: Pick<PaypalConsentContext, 'token'> }): { token: string } {
  if (!context.token) throw new Error('addMethod: no PayPal token');
  return { token: context.token.token };
}

export const paypalConsentMachine = setup({
  types: { context: {} as PaypalConsentContext, events: {} as PaypalConsentEvent },
  actors: {
    approvePaypal: fromPromise<TokenizeResponse, { email: string }>(async () => notProvided('approvePaypal')),
    addMethod: fromPromise<{ paymentMethod: PaymentMethod }, { token: string }>(async () => notProvided('addMethod')),
  },
  guards: {
    isEmailValid: ({ event }) => {
      assertEvent(event, 'user.approve');
      return v.is(Email, event.email);
    },
  },
  actions: {
    notify: () => {},
    /** provided by the route: navigate to `destination` */
    redirect: () => {},
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'user.approve');
      return { email: event.email.trim(), fieldError: null, error: null };
    }),
    assignEmailError: assign({ fieldError: PaymentFormMessages.paypalEmail, error: null }),
    assignToken: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.approvePaypal');
      return { token: event.output };
    }),
    forgetToken: assign({ token: null }),
    assignAdded: assign({ notice: CardMessages.paymentMethodAdded, destination: PATHS.paymentMethods }),
    assignCancelled: assign({ notice: PaymentFormMessages.paypalCancelled, destination: PATHS.paymentMethods }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.approvePaypal', 'xstate.error.actor.addMethod']);
      return { error: cardFlowError(event.error).message };
    }),
  },
}).createMachine({
  id: 'paypalConsent',
  description: 'The sandbox PayPal consent page: approve (a token, then a saved method) or cancel.',
  meta: { title: 'Add PayPal (sandbox consent)', spec: '2 §2 /account/payment-method/add/paypal, §8 PayPal codes' },
  context: { email: '', token: null, fieldError: null, error: null, notice: null, destination: null },
  initial: 'consenting',
  states: {
    consenting: {
      description: 'The consent page: the sandbox buyer email, Approve and Cancel.',
      on: {
        'user.approve': [{ guard: 'isEmailValid', target: 'approving', actions: 'assignEmail' }, { actions: 'assignEmailError' }],
        'user.cancel': { target: 'cancelled', actions: 'assignCancelled' },
      },
    },
    approving: {
      description: 'POST /sandbox-processor/paypal/approve.',
      tags: ['loading'],
      invoke: { id: 'approvePaypal', src: 'approvePaypal', input: approvePaypalRequest, onDone: { target: 'saving', actions: 'assignToken' }, onError: { target: 'consenting', actions: 'assignError' } },
    },
    saving: {
      description: 'POST /account/payment-methods with the PayPal token.',
      tags: ['loading'],
      exit: 'forgetToken',
      invoke: { id: 'addMethod', src: 'addMethod', input: addPaypalRequest, onDone: { target: 'added', actions: 'assignAdded' }, onError: { target: 'consenting', actions: 'assignError' } },
    },
    added: { description: 'A toast, then the payment-method list.', tags: ['redirecting'], entry: ['notify', 'redirect'], type: 'final' },
    cancelled: { description: 'Nothing added: back to the payment-method list.', tags: ['redirecting'], entry: ['notify', 'redirect'], type: 'final' },
  },
});
