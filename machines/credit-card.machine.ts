import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, GUEST_TOKEN_MAX_AGE_MS, PaymentFormMessages, type CardDetails, type PaymentMethod, type TokenizeResponse } from '../contracts/cards.ts';
import { cardDigits, cvcLength, detectBrand, luhnValid } from '../contracts/card-numbers.ts';
import { destinationOr, inputOf, notProvided } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';
import { cardFlowError } from './cards-flow.ts';

/**
 * Credit or debit card (spec 2 §2 /account/payment-method/add|edit/credit-card and
 * /account/payment-method/gift/guest/credit-card; §5 guest brands; §9 guest token max age 5 minutes):
 * - add (member): Luhn and brand checked here, the number and security code go only to the processor's
 *   tokenisation endpoint, then the token is saved as a method (with the billing address id);
 * - edit (member): the expiry of a saved card;
 * - guest: a single-use token kept for the order (src/services/guest-payment.ts); one older than 5 minutes is
 *   cleared and asked for again, both when the page opens and while it stays open.
 */
export interface CardForm {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}
export type ExpiryForm = Pick<CardForm, 'expMonth' | 'expYear'>;
export type StoredGuestCard = { status: 'none' } | { status: 'expired' } | { status: 'fresh'; card: TokenizeResponse };
export interface CreditCardInput {
  mode: 'add' | 'edit' | 'guest';
  /** add: the billing address just saved (CREATE_ADDRESS) */
  billingAddressId?: string | null;
  /** guest: the ZIP of the single-use billing address, checked by the processor */
  postalCode?: string | null;
  /** edit: the method being changed */
  method?: PaymentMethod | null;
  /** guest: what the guest-payment service holds */
  stored?: StoredGuestCard;
  /** the current month, for the expiry check */
  today?: { year: number; month: number };
  /** add: where a saved card goes back to (e.g. the gift form's `#payment`); guest: the checkout the card is for; same-origin only, else the list */
  returnUrl?: string | null;
}
export interface CreditCardContext {
  mode: 'add' | 'edit' | 'guest';
  billingAddressId: string | null;
  postalCode: string | null;
  method: PaymentMethod | null;
  today: { year: number; month: number };
  /** the number and security code live here only until the processor answers */
  card: CardForm | null;
  token: TokenizeResponse | null;
  guestCard: TokenizeResponse | null;
  expiry: { expMonth: number; expYear: number } | null;
  fieldErrors: Partial<Record<keyof CardForm, string>>;
  error: string | null;
  notice: string | null;
  /** where `saved` navigates: the input's same-origin returnUrl, else the payment-method list */
  destination: string;
}
export type CreditCardEvent =
  | { type: 'user.submit'; form: Partial<CardForm> }
  | { type: 'user.change' }
  | DoneActorEvent<TokenizeResponse, 'tokenize'>
  | ErrorActorEvent<unknown, 'tokenize'>
  | DoneActorEvent<{ paymentMethod: PaymentMethod }, 'addMethod'>
  | ErrorActorEvent<unknown, 'addMethod'>
  | DoneActorEvent<{ paymentMethod: PaymentMethod }, 'updateMethod'>
  | ErrorActorEvent<unknown, 'updateMethod'>;

const num = (s: string | undefined) => (/^[0-9]{1,4}$/.test((s ?? '').trim()) ? Number(s) : NaN);
const year4 = (s: string | undefined) => {
  const y = num(s);
  return (s ?? '').trim().length === 2 ? 2000 + y : y;
};
/** expiry checks: a month 1–12, a 2- or 4-digit year, not before this month */
export function expiryErrors(form: Partial<ExpiryForm>, today: { year: number; month: number }): Partial<Record<keyof CardForm, string>> {
  const m = num(form.expMonth);
  const y = year4(form.expYear);
  if (!(m >= 1 && m <= 12) || !(y >= 2000 && y <= 2100)) return { expMonth: PaymentFormMessages.expiry };
  if (y < today.year || (y === today.year && m < today.month)) return { expMonth: PaymentFormMessages.expired };
  return {};
}
/** the card form's checks, the processor's own rules (Luhn, brand, CVC length by brand) */
export function cardErrors(form: Partial<CardForm>, today: { year: number; month: number }): Partial<Record<keyof CardForm, string>> {
  const digits = cardDigits(form.number ?? '');
  const brand = detectBrand(digits);
  const errors: Partial<Record<keyof CardForm, string>> = {};
  if (!luhnValid(digits) || !brand) errors.number = PaymentFormMessages.cardNumber;
  Object.assign(errors, expiryErrors(form, today));
  if (!new RegExp(`^[0-9]{${cvcLength(brand)}}$`).test((form.cvc ?? '').trim())) errors.cvc = PaymentFormMessages.cvc;
  return errors;
}

export type TokenizeInput = CardDetails;
export function tokenizeRequest({ context }: { context: Pick<CreditCardContext, 'card' | 'mode' | 'postalCode'> }): TokenizeInput {
  if (!context.card) throw new Error('tokenize: no card entered');
  const c = context.card;
  return { number: cardDigits(c.number), expMonth: num(c.expMonth), expYear: year4(c.expYear), cvc: c.cvc.trim(), ...(context.postalCode ? { postalCode: context.postalCode } : {}), singleUse: context.mode === 'guest' };
}
export interface AddMethodInput {
  token: string;
  billingAddressId?: string;
}
export function addMethodRequest({ context }: { context: Pick<CreditCardContext, 'token' | 'billingAddressId'> }): AddMethodInput {
  if (!context.token) throw new Error('addMethod: no processor token');
  return { token: context.token.token, ...(context.billingAddressId ? { billingAddressId: context.billingAddressId } : {}) };
}
export interface UpdateMethodInput {
  paymentMethodId: string;
  expMonth: number;
  expYear: number;
}
export function updateMethodRequest({ context }: { context: Pick<CreditCardContext, 'method' | 'expiry'> }): UpdateMethodInput {
  if (!context.method || !context.expiry) throw new Error('updateMethod: no method or expiry');
  return { paymentMethodId: context.method.paymentMethodId, ...context.expiry };
}

const TODAY = { year: 2026, month: 1 };

export const creditCardMachine = setup({
  types: { context: {} as CreditCardContext, events: {} as CreditCardEvent, input: {} as CreditCardInput },
  actors: {
    tokenize: fromPromise<TokenizeResponse, TokenizeInput>(async () => notProvided('tokenize')),
    addMethod: fromPromise<{ paymentMethod: PaymentMethod }, AddMethodInput>(async () => notProvided('addMethod')),
    updateMethod: fromPromise<{ paymentMethod: PaymentMethod }, UpdateMethodInput>(async () => notProvided('updateMethod')),
  },
  guards: {
    isEdit: ({ context }) => context.mode === 'edit' && !!context.method,
    hasFreshGuestCard: ({ context }) => context.mode === 'guest' && !!context.guestCard,
    isGuest: ({ context }) => context.mode === 'guest',
    /** a guest with somewhere to go back to (the checkout's ?returnUrl=, same-origin: `destination` is the list otherwise) */
    isGuestReturning: ({ context }) => context.mode === 'guest' && context.destination !== PATHS.paymentMethods,
    isCardValid: ({ context, event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(cardErrors(event.form, context.today)).length === 0;
    },
    isExpiryValid: ({ context, event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(expiryErrors(event.form, context.today)).length === 0;
    },
  },
  delays: {
    /** what is left of the stored guest token's 5 minutes */
    tokenMaxAge: ({ context }) => Math.max(0, Date.parse(context.guestCard?.createdAt ?? '') + GUEST_TOKEN_MAX_AGE_MS - Date.now()) || 0,
  },
  actions: {
    notify: () => {},
    redirect: () => {},
    storeGuestCard: () => {},
    clearGuestCard: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<CreditCardInput>(event);
      const stored = i.stored ?? { status: 'none' };
      return {
        mode: i.mode ?? 'add',
        billingAddressId: i.billingAddressId ?? null,
        postalCode: i.postalCode ?? null,
        method: i.method ?? null,
        today: i.today ?? TODAY,
        guestCard: stored.status === 'fresh' ? stored.card : null,
        error: stored.status === 'expired' ? CardMessages.tokenExpired : null,
        destination: destinationOr(PATHS.paymentMethods, i.returnUrl),
      };
    }),
    assignCard: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { card: { number: event.form.number ?? '', expMonth: event.form.expMonth ?? '', expYear: event.form.expYear ?? '', cvc: event.form.cvc ?? '' }, fieldErrors: {}, error: null };
    }),
    assignCardErrors: assign(({ context, event }) => {
      assertEvent(event, 'user.submit');
      return { fieldErrors: cardErrors(event.form, context.today), error: null };
    }),
    assignExpiry: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { expiry: { expMonth: num(event.form.expMonth), expYear: year4(event.form.expYear) }, fieldErrors: {}, error: null };
    }),
    assignExpiryErrors: assign(({ context, event }) => {
      assertEvent(event, 'user.submit');
      return { fieldErrors: expiryErrors(event.form, context.today), error: null };
    }),
    forgetCard: assign({ card: null }),
    assignToken: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.tokenize');
      return { token: event.output };
    }),
    forgetToken: assign({ token: null }),
    assignGuestCard: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.tokenize');
      return { guestCard: event.output, notice: PaymentFormMessages.guestCardReady };
    }),
    dropGuestCard: assign({ guestCard: null, error: null }),
    assignTimedOut: assign({ guestCard: null, error: CardMessages.tokenExpired }),
    assignAdded: assign({ notice: CardMessages.paymentMethodAdded }),
    assignUpdated: assign({ notice: PaymentFormMessages.paymentMethodUpdated }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.addMethod', 'xstate.error.actor.tokenize', 'xstate.error.actor.updateMethod']);
      const e = cardFlowError(event.error);
      return e.field === 'number' || e.field === 'expMonth' || e.field === 'cvc' ? { fieldErrors: { [e.field]: e.message }, error: null } : { error: e.message, fieldErrors: {} };
    }),
  },
}).createMachine({
  id: 'creditCard',
  description: 'Add or edit a credit or debit card; a guest gets a single-use token for the order.',
  meta: { title: 'Credit card add/edit and guest card', spec: '2 §2 Payment methods and addresses, §5 Guest gift/pay methods, §9 guest token max age' },
  context: { mode: 'add', billingAddressId: null, postalCode: null, method: null, today: TODAY, card: null, token: null, guestCard: null, expiry: null, fieldErrors: {}, error: null, notice: null, destination: PATHS.paymentMethods },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'Edit a saved card, show the guest’s fresh token, or ask for a card (an expired token was cleared: say so).',
      always: [{ guard: 'isEdit', target: 'editingExpiry' }, { guard: 'hasFreshGuestCard', target: 'ready' }, { target: 'entering' }],
    },
    entering: {
      description: 'Card number, expiry, security code (checked here: Luhn, brand, expiry, CVC length).',
      on: {
        'user.submit': [
          { guard: 'isCardValid', target: 'tokenizing', actions: 'assignCard' },
          { actions: 'assignCardErrors' },
        ],
      },
    },
    tokenizing: {
      description: 'POST /sandbox-processor/tokens: the only call that carries the number; forgotten on exit.',
      tags: ['loading'],
      exit: 'forgetCard',
      invoke: {
        id: 'tokenize',
        src: 'tokenize',
        input: tokenizeRequest,
        onDone: [
          // issue 30: a guest sent here by the checkout goes straight back to it with the card (no Continue click)
          { guard: 'isGuestReturning', target: 'saved', actions: ['assignGuestCard', 'storeGuestCard'] },
          { guard: 'isGuest', target: 'ready', actions: ['assignGuestCard', 'storeGuestCard', 'notify'] },
          { target: 'saving', actions: 'assignToken' },
        ],
        onError: { target: 'entering', actions: 'assignError' },
      },
    },
    saving: {
      description: 'POST /account/payment-methods with the token and billing address (zero-amount verification).',
      tags: ['loading'],
      exit: 'forgetToken',
      invoke: { id: 'addMethod', src: 'addMethod', input: addMethodRequest, onDone: { target: 'saved', actions: 'assignAdded' }, onError: { target: 'entering', actions: 'assignError' } },
    },
    ready: {
      description: 'Guest: the single-use card is ready for the order until it is 5 minutes old.',
      after: { tokenMaxAge: { target: 'entering', actions: ['clearGuestCard', 'assignTimedOut'] } },
      on: { 'user.change': { target: 'entering', actions: ['clearGuestCard', 'dropGuestCard'] } },
    },
    editingExpiry: {
      description: 'Edit a saved card: its expiry (the number cannot change; add a new card instead).',
      on: {
        'user.submit': [
          { guard: 'isExpiryValid', target: 'updating', actions: 'assignExpiry' },
          { actions: 'assignExpiryErrors' },
        ],
      },
    },
    updating: {
      description: 'PATCH /account/payment-methods/:id.',
      tags: ['loading'],
      invoke: { id: 'updateMethod', src: 'updateMethod', input: updateMethodRequest, onDone: { target: 'saved', actions: 'assignUpdated' }, onError: { target: 'editingExpiry', actions: 'assignError' } },
    },
    saved: { description: 'A toast, then the destination: the payment-method list, or the return URL the add page was given (the gift form’s #payment).', tags: ['redirecting'], entry: ['notify', 'redirect'], type: 'final' },
  },
});
