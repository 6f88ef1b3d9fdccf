import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, type BarcodeResponse } from '../contracts/cards.ts';
import { asFlowError, inputOf, notProvided } from './account-flow.ts';

/**
 * Barcode pay, the #pay overlay (spec 2 §4 "Barcode pay", §6): a guest is sent to sign in first; a session
 * that needs re-authentication is sent there first; then a loader, then the barcode image made on the server with
 * the number in groups of 4; on failure the error view with the number for the barista.
 */
export interface BarcodePayInput {
  signedIn: boolean;
  cardNumber: string;
}
export interface BarcodePayContext {
  signedIn: boolean;
  cardNumber: string;
  /** the barcode image address (a data: URL) */
  uri: string | null;
  error: string | null;
}
export type BarcodePayEvent =
  | { type: 'user.retry' }
  | { type: 'user.close' }
  | DoneActorEvent<BarcodeResponse, 'fetchBarcode'>
  | ErrorActorEvent<unknown, 'fetchBarcode'>;

export function fetchBarcodeRequest({ context }: { context: Pick<BarcodePayContext, 'cardNumber'> }): { cardNumber: string } {
  if (!/^[0-9]{16}$/.test(context.cardNumber)) throw new Error('fetchBarcode: no card number');
  return { cardNumber: context.cardNumber };
}

export const barcodePayMachine = setup({
  types: { context: {} as BarcodePayContext, events: {} as BarcodePayEvent, input: {} as BarcodePayInput },
  actors: { fetchBarcode: fromPromise<BarcodeResponse, { cardNumber: string }>(async () => notProvided('fetchBarcode')) },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    needsReauth: ({ event }) => 'error' in event && asFlowError(event.error).code === 'REAUTH_REQUIRED',
  },
  actions: {
    requestSignIn: () => {},
    requestReauth: () => {},
    close: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<BarcodePayInput>(event);
      return { signedIn: !!i.signedIn, cardNumber: i.cardNumber ?? '' };
    }),
    assignBarcode: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchBarcode');
      return { uri: event.output.uri, error: null };
    }),
    assignError: assign({ uri: null, error: CardMessages.barcodeDown }),
  },
}).createMachine({
  id: 'barcodePay',
  description: 'The scan-to-pay overlay: sign-in and re-authentication first, then the server-made barcode or the number for the barista.',
  meta: { title: 'Barcode pay (#pay)', spec: '2 §2 #pay, §3 barcode state, §4 Barcode pay, §6, §8 barcode failure' },
  context: { signedIn: false, cardNumber: '', uri: null, error: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isGuest', target: 'signInRequired' }, { target: 'loading' }] },
    signInRequired: { description: 'A guest: login is triggered (sign-in with this page as the return URL).', tags: ['redirecting'], entry: 'requestSignIn', type: 'final' },
    loading: {
      description: 'POST /account/cards/barcode: the loader.',
      tags: ['loading'],
      invoke: {
        id: 'fetchBarcode',
        src: 'fetchBarcode',
        input: fetchBarcodeRequest,
        onDone: { target: 'showing', actions: 'assignBarcode' },
        onError: [{ guard: 'needsReauth', target: 'reauthRequired' }, { target: 'failed', actions: 'assignError' }],
      },
    },
    reauthRequired: { description: 'Re-authentication is triggered first.', tags: ['redirecting'], entry: 'requestReauth', type: 'final' },
    showing: { description: 'The barcode image and its number in groups of 4.', on: { 'user.close': { target: 'closed' } } },
    failed: {
      description: "'Barcode is temporarily down…' with the number for the barista; Try again.",
      tags: ['error'],
      on: { 'user.retry': { target: 'loading' }, 'user.close': { target: 'closed' } },
    },
    closed: { entry: 'close', type: 'final' },
  },
});
