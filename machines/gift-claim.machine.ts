import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import * as v from 'valibot';
import type { Money } from '../contracts/card-fields.ts';
import { CardInfoFromTokenRequest } from '../contracts/card-fields.ts';
import { GiftCodes, type ClaimEgiftRequest } from '../contracts/gift.ts';
import type { GiftMessageKey } from '../contracts/gift-messages.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { PATHS, pathTo } from './app-paths.ts';

/**
 * Adding a received eGift to one's cards, /gift/claim#<token> (the link of the eGift email; docs/gifting.md 2.5 and
 * 3.5; spec 3 section 1 "Gifting": recipients get the gift by email). The token is read from the URL fragment by the
 * route and never sent to the server except in the two POST bodies below. A signed-out visitor is asked to sign in
 * or create an account first (the token waits in this tab's sessionStorage meanwhile, never in a URL); a signed-in
 * member sees the gift's amount and its card's last four, and Add to my cards makes the card theirs and opens it.
 */
export interface GiftClaimInput {
  /** the URL fragment (or the token kept while signing in); null when there is none */
  token: string | null;
  signedIn: boolean;
}
/** what the page shows of the gift: never the card number or its security code */
export interface GiftClaimCard {
  lastFour: string;
  balance: Money;
}
export interface GiftClaimContext extends GiftClaimInput {
  card: GiftClaimCard | null;
  /** the failed claim's text (errorText: the server's 4xx text, else the gift catalogue, else generic) */
  claimError: string | null;
  destination: string | null;
}
export type GiftClaimEvent =
  | { type: 'user.signIn' }
  | { type: 'user.createAccount' }
  | { type: 'user.retry' }
  | { type: 'user.claim' }
  | DoneActorEvent<GiftClaimCard, 'resolveToken'>
  | ErrorActorEvent<unknown, 'resolveToken'>
  | DoneActorEvent<{ cardId: string }, 'claimGift'>
  | ErrorActorEvent<unknown, 'claimGift'>;

export interface NotifyGiftClaimParams {
  message: GiftMessageKey;
  tone: 'error' | 'success' | 'info';
}

export const GIFT_CLAIM_INPUT_DEFAULTS: GiftClaimInput = { token: null, signedIn: false };

/** The request of `resolveToken` (POST /apiproxy/v1/account/cards/get-card-info-from-token). */
export function resolveTokenRequest({ context }: { context: Pick<GiftClaimContext, 'token'> }): ClaimEgiftRequest {
  if (!context.token) throw new Error('resolveToken: no token');
  return { cashstarToken: context.token };
}

/** The request of `claimGift` (POST /apiproxy/v1/account/cards/claim-egift). */
export function claimGiftRequest({ context }: { context: Pick<GiftClaimContext, 'token'> }): ClaimEgiftRequest {
  if (!context.token) throw new Error('claimGift: no token');
  return { cashstarToken: context.token };
}

/** a token the server could know: the contract's shape (8 to 128 of A-Z a-z 0-9 _ -) */
export const isTokenShaped = (token: string | null) => token !== null && v.safeParse(CardInfoFromTokenRequest, { cashstarToken: token }).success;

export const giftClaimMachine = setup({
  types: { context: {} as GiftClaimContext, events: {} as GiftClaimEvent, input: {} as GiftClaimInput },
  actors: {
    resolveToken: fromPromise<GiftClaimCard, ClaimEgiftRequest>(async () => notProvided('resolveToken')),
    claimGift: fromPromise<{ cardId: string }, ClaimEgiftRequest>(async () => notProvided('claimGift')),
  },
  guards: {
    hasNoToken: ({ context }) => !isTokenShaped(context.token),
    isSignedOut: ({ context }) => !context.signedIn,
    isAlreadyClaimed: ({ event }) => {
      assertEvent(event, ['xstate.error.actor.resolveToken', 'xstate.error.actor.claimGift']);
      return asFlowError(event.error).code === GiftCodes.alreadyClaimed;
    },
    isUnknownToken: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.resolveToken');
      const e = asFlowError(event.error);
      return e.code === GiftCodes.unknownToken || e.status === 404;
    },
  },
  actions: {
    /** provided by the route: a toast with the text of `message` (GiftMessages) */
    notify: (_, _params: NotifyGiftClaimParams) => {},
    /** provided by the route: navigate to `context.destination` */
    redirect: () => {},
    /** provided by the route: keep the token in this tab (sessionStorage) while the visitor signs in */
    keepToken: () => {},
    /** provided by the route: forget the kept token (the gift is claimed, or the link is dead) */
    forgetToken: () => {},
    applyInput: assign(({ event }) => inputOf<GiftClaimInput>(event, GIFT_CLAIM_INPUT_DEFAULTS)),
    assignCard: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.resolveToken');
      return { card: { lastFour: event.output.lastFour, balance: event.output.balance }, claimError: null };
    }),
    assignClaimError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.claimGift');
      return { claimError: asFlowError(event.error).message };
    }),
    clearClaimError: assign({ claimError: null }),
    goToSignIn: assign({ destination: pathTo.signInThen(PATHS.giftClaim) }),
    goToCreateAccount: assign({ destination: `${PATHS.createAccount}?returnUrl=${encodeURIComponent(PATHS.giftClaim)}` }),
    goToCard: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.claimGift');
      return { destination: pathTo.card(event.output.cardId) };
    }),
  },
}).createMachine({
  id: 'giftClaim',
  description: 'A received eGift added to the signed-in member’s cards from the link in its email.',
  meta: { title: 'Claim an eGift', spec: '3 §1 Gifting (eGifts sent by email); docs/gifting.md 2.5, 3.5 (route not in the spec: the email’s target)' },
  context: { token: null, signedIn: false, card: null, claimError: null, destination: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'No token (or not a token): the link is not valid. Signed out: sign in first. Else look the gift up.',
      always: [{ guard: 'hasNoToken', target: 'invalid' }, { guard: 'isSignedOut', target: 'signedOut' }, { target: 'resolving' }],
    },
    signedOut: {
      description: 'Sign in or create an account to add this gift; the token waits in this tab, the page comes back to /gift/claim.',
      meta: { message: 'claimSignIn' },
      on: {
        'user.signIn': { target: 'leaving', actions: ['keepToken', 'goToSignIn', 'redirect'] },
        'user.createAccount': { target: 'leaving', actions: ['keepToken', 'goToCreateAccount', 'redirect'] },
      },
    },
    resolving: {
      description: 'get-card-info-from-token: the amount and the card’s last four (the number and code are not kept).',
      tags: ['loading'],
      invoke: {
        id: 'resolveToken',
        src: 'resolveToken',
        input: resolveTokenRequest,
        onDone: { target: 'ready', actions: 'assignCard' },
        onError: [{ guard: 'isAlreadyClaimed', target: 'alreadyClaimed' }, { guard: 'isUnknownToken', target: 'invalid' }, { target: 'loadFailed' }],
      },
    },
    loadFailed: {
      description: 'The gift could not be looked up: the generic text and Try again.',
      tags: ['error'],
      meta: { message: 'generic' },
      on: { 'user.retry': { target: 'resolving' } },
    },
    ready: {
      description: 'The gift’s amount and card •••• last four; Add to my cards (a failed claim shows its text here).',
      on: { 'user.claim': { target: 'claiming', actions: 'clearClaimError' } },
    },
    claiming: {
      description: 'claim-egift: the card becomes the member’s (once: a second claim is refused).',
      tags: ['loading'],
      invoke: {
        id: 'claimGift',
        src: 'claimGift',
        input: claimGiftRequest,
        onDone: { target: 'claimed', actions: ['forgetToken', { type: 'notify', params: { message: 'giftClaimed', tone: 'success' } }, 'goToCard', 'redirect'] },
        onError: [{ guard: 'isAlreadyClaimed', target: 'alreadyClaimed' }, { target: 'ready', actions: 'assignClaimError' }],
      },
    },
    alreadyClaimed: {
      description: 'Someone (maybe this member) has added this gift already.',
      type: 'final',
      tags: ['error'],
      meta: { message: 'giftAlreadyClaimed' },
      entry: 'forgetToken',
    },
    invalid: {
      description: 'No token, a malformed one, or one the server does not know.',
      type: 'final',
      tags: ['error'],
      meta: { message: 'giftLinkInvalid' },
      entry: 'forgetToken',
    },
    leaving: {
      description: 'Gone to sign in or create an account (coming back to /gift/claim).',
      type: 'final',
    },
    claimed: {
      description: 'The card is the member’s: a toast, and its card page opens with the balance.',
      type: 'final',
    },
  },
});
