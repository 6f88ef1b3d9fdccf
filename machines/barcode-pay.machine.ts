import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, PAY_CODE_REFRESH_MS, type BarcodeResponse } from '../contracts/cards.ts';
import { asFlowError, inputOf, notProvided } from './account-flow.ts';
import { pathTo } from './app-paths.ts';

/**
 * Barcode pay, the #pay overlay (spec 2 §4 "Barcode pay", §6): a guest is sent to sign in first; a session
 * that needs re-authentication is sent there first; then a loader, then the barcode image made on the server with
 * its number in groups of 4; on failure the error view with the number for the barista.
 *
 * The barcode and its number are a pay code (issue 25), not the card number: 16 random digits the register
 * charges once within 5 minutes. The overlay fetches a fresh code every PAY_CODE_REFRESH_MS while it shows one.
 * The client never holds the full card number: the card is named by id, shown by its last four.
 */
export interface BarcodePayInput {
  signedIn: boolean;
  cardId: string;
  lastFour: string;
}
export interface BarcodePayContext {
  signedIn: boolean;
  cardId: string;
  lastFour: string;
  /** the barcode image address (a data: URL) */
  uri: string | null;
  /** the pay code the barcode holds, the number the barista types */
  code: string | null;
  error: string | null;
  /** where the route navigates: sign-in (or re-authentication), coming back to this card's #pay */
  destination: string | null;
}
export type BarcodePayEvent =
  | { type: 'user.retry' }
  | { type: 'user.close' }
  | DoneActorEvent<BarcodeResponse, 'fetchBarcode'>
  | ErrorActorEvent<unknown, 'fetchBarcode'>;

export function fetchBarcodeRequest({ context }: { context: Pick<BarcodePayContext, 'cardId'> }): { cardId: string } {
  if (!context.cardId) throw new Error('fetchBarcode: no card');
  return { cardId: context.cardId };
}

export const barcodePayMachine = setup({
  types: { context: {} as BarcodePayContext, events: {} as BarcodePayEvent, input: {} as BarcodePayInput },
  actors: { fetchBarcode: fromPromise<BarcodeResponse, { cardId: string }>(async () => notProvided('fetchBarcode')) },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    needsReauth: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchBarcode');
      return asFlowError(event.error).code === 'REAUTH_REQUIRED';
    },
  },
  actions: {
    /** provided by the route: navigate to `destination` */
    redirect: () => {},
    toSignIn: assign(({ context }) => ({ destination: pathTo.signInThen(pathTo.cardOverlay(context.cardId, 'pay')) })),
    close: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<BarcodePayInput>(event);
      return { signedIn: !!i.signedIn, cardId: i.cardId ?? '', lastFour: i.lastFour ?? '' };
    }),
    assignBarcode: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchBarcode');
      return { uri: event.output.uri, code: event.output.code, error: null };
    }),
    assignError: assign({ uri: null, code: null, error: CardMessages.barcodeDown }),
    dropBarcode: assign({ uri: null, code: null }),
  },
  delays: { payCodeRefresh: PAY_CODE_REFRESH_MS },
}).createMachine({
  id: 'barcodePay',
  description: 'The scan-to-pay overlay: sign-in and re-authentication first, then the server-made barcode or the number for the barista.',
  meta: { title: 'Barcode pay (#pay)', spec: '2 §2 #pay, §3 barcode state, §4 Barcode pay, §6, §8 barcode failure' },
  context: { signedIn: false, cardId: '', lastFour: '', uri: null, code: null, error: null, destination: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isGuest', target: 'signInRequired', actions: 'toSignIn' }, { target: 'loading' }] },
    signInRequired: { description: 'A guest: login is triggered (sign-in with this page as the return URL).', tags: ['redirecting'], entry: 'redirect', type: 'final' },
    loading: {
      description: 'POST /account/cards/barcode: the loader.',
      tags: ['loading'],
      invoke: {
        id: 'fetchBarcode',
        src: 'fetchBarcode',
        input: fetchBarcodeRequest,
        onDone: { target: 'showing', actions: 'assignBarcode' },
        onError: [{ guard: 'needsReauth', target: 'reauthRequired', actions: 'toSignIn' }, { target: 'failed', actions: 'assignError' }],
      },
    },
    reauthRequired: { description: 'Re-authentication is triggered first.', tags: ['redirecting'], entry: 'redirect', type: 'final' },
    showing: {
      description: 'The barcode image and its number (the pay code) in groups of 4; a fresh code before this one expires.',
      after: { payCodeRefresh: { target: 'loading', actions: 'dropBarcode' } },
      on: { 'user.close': { target: 'closed' } },
    },
    failed: {
      description: "'Barcode is temporarily down…' with the card's last four; Try again.",
      tags: ['error'],
      on: { 'user.retry': { target: 'loading' }, 'user.close': { target: 'closed' } },
    },
    closed: { entry: 'close', type: 'final' },
  },
});
