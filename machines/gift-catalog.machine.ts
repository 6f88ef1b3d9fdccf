import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import * as v from 'valibot';
import { CardBalanceRequest, type CardBalanceResponse, type GiftCategory } from '../contracts/gift.ts';
import type { GiftMessageKey } from '../contracts/gift-messages.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { PATHS } from './app-page-paths.ts';

/**
 * The eGift catalog, /gift, /gift/* and /gift/category/{categoryUrn} (spec 3 sections 2, 4 "The catalog … and
 * unauthenticated card-balance check each have request, success and error states", 8 giftFetchError;
 * docs/gifting.md 2.1). Loads the catalog (through the query cache, 15 minutes); an unknown category toasts the
 * spec's fetch error and goes back to /gift. When the config allows it, the page also checks a card's balance
 * without signing in (number and security code; the code is forgotten when its request ends).
 */
export interface GiftCatalogInput {
  locale: string;
  /** /gift/category/{categoryUrn}; null on /gift */
  categoryUrn: string | null;
  /** config unauthCardBalanceCheckEnabled */
  balanceCheck: boolean;
}
export interface GiftCatalogData {
  categories: GiftCategory[];
}
export interface BalanceForm {
  cardNumber: string;
  securityCode: string;
}
export interface GiftCatalogContext extends GiftCatalogInput {
  catalog: GiftCatalogData | null;
  balanceForm: BalanceForm | null;
  balance: CardBalanceResponse | null;
  /** field messages of the balance form (keys of GiftMessages) */
  balanceErrors: { cardNumber?: GiftMessageKey; securityCode?: GiftMessageKey };
  /** the failed check's message (key of GiftMessages) */
  balanceError: GiftMessageKey | null;
  loadError: GiftMessageKey | null;
  destination: string | null;
}
export type GiftCatalogEvent =
  | { type: 'user.retry' }
  | { type: 'user.checkBalance'; cardNumber: string; securityCode: string }
  | { type: 'user.checkAnother' }
  | DoneActorEvent<GiftCatalogData, 'loadCatalog'>
  | ErrorActorEvent<unknown, 'loadCatalog'>
  | DoneActorEvent<CardBalanceResponse, 'checkBalance'>
  | ErrorActorEvent<unknown, 'checkBalance'>;

export interface NotifyGiftParams {
  message: GiftMessageKey;
  tone: 'error' | 'success' | 'info';
}

export const GIFT_CATALOG_INPUT_DEFAULTS: GiftCatalogInput = { locale: 'en-US', categoryUrn: null, balanceCheck: false };

/** The request of `loadCatalog` (GET_DIGITAL_GIFTS). */
export function loadCatalogRequest({ context }: { context: Pick<GiftCatalogContext, 'locale'> }): { locale: string } {
  return { locale: context.locale };
}

/** The request of `checkBalance` (POST /apiproxy/v1/unauth/card-balance): digits only. */
export function checkBalanceRequest({ context }: { context: Pick<GiftCatalogContext, 'balanceForm'> }): CardBalanceRequest {
  if (!context.balanceForm) throw new Error('checkBalance: no card submitted');
  return { cardNumber: digits(context.balanceForm.cardNumber), securityCode: digits(context.balanceForm.securityCode) };
}

const digits = (s: string) => s.replace(/[\s-]/g, '');
/** the balance form's field messages; empty when the form can be sent */
export function balanceFormErrors(form: BalanceForm): GiftCatalogContext['balanceErrors'] {
  const r = v.safeParse(CardBalanceRequest, { cardNumber: digits(form.cardNumber), securityCode: digits(form.securityCode) });
  if (r.success) return {};
  const fields = new Set(r.issues.map((i) => v.getDotPath(i)));
  return {
    ...(fields.has('cardNumber') ? { cardNumber: 'balanceCardNumberInvalid' as const } : {}),
    ...(fields.has('securityCode') ? { securityCode: 'balanceSecurityCodeInvalid' as const } : {}),
  };
}

export const giftCatalogMachine = setup({
  types: { context: {} as GiftCatalogContext, events: {} as GiftCatalogEvent, input: {} as GiftCatalogInput },
  actors: {
    loadCatalog: fromPromise<GiftCatalogData, { locale: string }>(async () => notProvided('loadCatalog')),
    checkBalance: fromPromise<CardBalanceResponse, CardBalanceRequest>(async () => notProvided('checkBalance')),
  },
  guards: {
    isUnknownCategory: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadCatalog');
      return context.categoryUrn !== null && !event.output.categories.some((c) => c.urn === context.categoryUrn);
    },
    isBalanceCheckOff: ({ context }) => !context.balanceCheck,
    isBalanceFormValid: ({ event }) => {
      assertEvent(event, 'user.checkBalance');
      return Object.keys(balanceFormErrors(event)).length === 0;
    },
    isRateLimited: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkBalance');
      const e = asFlowError(event.error);
      return e.status === 429 || e.code === 'RATE_LIMITED';
    },
  },
  actions: {
    /** provided by the route: a toast with the text of `message` (GiftMessages) */
    notify: (_, _params: NotifyGiftParams) => {},
    /** provided by the route: navigate to `context.destination` */
    redirect: () => {},
    applyInput: assign(({ event }) => inputOf<GiftCatalogInput>(event, GIFT_CATALOG_INPUT_DEFAULTS)),
    assignCatalog: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadCatalog');
      return { catalog: event.output, loadError: null };
    }),
    assignLoadError: assign({ loadError: 'generic' as const }),
    goToCatalog: assign({ destination: PATHS.gift }),
    assignBalanceForm: assign(({ event }) => {
      assertEvent(event, 'user.checkBalance');
      return { balanceForm: { cardNumber: event.cardNumber, securityCode: event.securityCode }, balanceErrors: {}, balanceError: null, balance: null };
    }),
    assignBalanceErrors: assign(({ event }) => {
      assertEvent(event, 'user.checkBalance');
      return { balanceErrors: balanceFormErrors(event), balanceError: null };
    }),
    forgetBalanceForm: assign({ balanceForm: null }),
    assignBalance: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkBalance');
      return { balance: event.output };
    }),
    assignRateLimited: assign({ balanceError: 'rateLimited' as const }),
    assignBalanceError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkBalance');
      const e = asFlowError(event.error);
      return { balanceError: e.code === '121001' ? ('balanceLookWrong' as const) : ('generic' as const) };
    }),
    clearBalance: assign({ balance: null, balanceErrors: {}, balanceError: null }),
  },
}).createMachine({
  id: 'giftCatalog',
  description: 'The eGift catalog by category, and the card-balance check without signing in.',
  meta: { title: 'Gift catalog', spec: '3 §2 /gift, /gift/category/{categoryUrn}, balance check; §4 request, success and error states; §8 giftFetchError' },
  context: {
    locale: 'en-US',
    categoryUrn: null,
    balanceCheck: false,
    catalog: null,
    balanceForm: null,
    balance: null,
    balanceErrors: {},
    balanceError: null,
    loadError: null,
    destination: null,
  },
  entry: 'applyInput',
  initial: 'loading',
  states: {
    loading: {
      description: 'GET_DIGITAL_GIFTS through the query cache (stale after 15 minutes).',
      tags: ['loading'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: loadCatalogRequest,
        onDone: [{ guard: 'isUnknownCategory', target: 'notFound' }, { target: 'ready', actions: 'assignCatalog' }],
        onError: { target: 'loadFailed', actions: 'assignLoadError' },
      },
    },
    loadFailed: {
      description: 'The catalog could not be loaded: the generic text and Try again.',
      tags: ['error'],
      meta: { message: 'generic' },
      on: { 'user.retry': { target: 'loading' } },
    },
    notFound: {
      description: 'An unknown category: the spec fetch-error toast, back to /gift.',
      type: 'final',
      meta: { message: 'giftFetchError' },
      entry: [{ type: 'notify', params: { message: 'giftFetchError', tone: 'error' } }, 'goToCatalog', 'redirect'],
    },
    ready: {
      description: 'Categories in order, each with its designs linking to /gift/{productNumber}; the bulk banner and balance link per config.',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'Is the unauthenticated balance check on (config unauthCardBalanceCheckEnabled)?',
          always: [{ guard: 'isBalanceCheckOff', target: 'balanceOff' }, { target: 'balanceIdle' }],
        },
        balanceOff: {
          description: 'No balance form: the balance link goes to the cards page.',
        },
        balanceIdle: {
          description: 'The balance form: card number and security code.',
          on: {
            'user.checkBalance': [{ guard: 'isBalanceFormValid', target: 'checkingBalance', actions: 'assignBalanceForm' }, { actions: 'assignBalanceErrors' }],
          },
        },
        checkingBalance: {
          description: 'POST /apiproxy/v1/unauth/card-balance; the security code is forgotten when it ends.',
          tags: ['loading'],
          exit: 'forgetBalanceForm',
          invoke: {
            id: 'checkBalance',
            src: 'checkBalance',
            input: checkBalanceRequest,
            onDone: { target: 'balanceShown', actions: 'assignBalance' },
            onError: [
              { guard: 'isRateLimited', target: 'balanceFailed', actions: 'assignRateLimited' },
              { target: 'balanceFailed', actions: 'assignBalanceError' },
            ],
          },
        },
        balanceShown: {
          description: "The card's last four and its balance; Check another card.",
          on: { 'user.checkAnother': { target: 'balanceIdle', actions: 'clearBalance' } },
        },
        balanceFailed: {
          description: 'The one answer for an unknown card or a wrong code, too many attempts, or the generic failure; the form again.',
          tags: ['error'],
          on: {
            'user.checkBalance': [{ guard: 'isBalanceFormValid', target: 'checkingBalance', actions: 'assignBalanceForm' }, { actions: 'assignBalanceErrors' }],
          },
        },
      },
    },
  },
});
