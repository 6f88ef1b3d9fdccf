import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { GIFT_MAX_STATUS_POLLS, GIFT_RETRY_BASE_MS, GIFT_RETRY_MAX_MS, GIFT_STATUS_DELAY_MS, GiftCodes, type GiftPurchaseAccepted, type GiftPurchaseRequest, type GiftPurchaseStatus } from '../contracts/gift.ts';

/**
 * The gift purchase (spec 3 section 4 "Gift purchase"; docs/gifting.md 2.4): POST the purchase ('sending'), wait
 * the answer's `delay` (default 4000 ms), then poll the status; EPROMISERETRY polls again after a backoff
 * (1000, 2000, 4000, 8000, 8000… ms) up to `maxPolls` status requests, then says "still processing"; the
 * zero-retries mode records the first EPROMISERETRY and stops. Every end is a final state with an output the gift
 * form reads (`xstate.done.actor.purchase`).
 */
const RETRY_CODE = GiftCodes.retry;
const DUPLICATE_RECIPIENT_CODE = GiftCodes.duplicateRecipient;
const TOKEN_EXPIRED_CODE = GiftCodes.paymentTokenExpired;

export interface GiftRetryPolicy {
  baseMs: number;
  maxMs: number;
  maxPolls: number;
}
export interface GiftPurchaseInput {
  request: GiftPurchaseRequest | null;
  zeroRetries: boolean;
  retry?: GiftRetryPolicy;
}
export type GiftPurchaseOutput =
  | { status: 'success'; requestId: string; orderNumber: string }
  | { status: 'pending'; requestId: string }
  | { status: 'duplicate' }
  | { status: 'paymentExpired' }
  | { status: 'failed'; code: string; message: string };

export interface GiftPurchaseContext {
  request: GiftPurchaseRequest | null;
  zeroRetries: boolean;
  retry: GiftRetryPolicy;
  requestId: string | null;
  delayMs: number;
  /** EPROMISERETRY answers (and failed status requests) so far */
  polls: number;
  /** spec 3 "Form state": 'sending', 'EPROMISERETRY', 'success' or the error code */
  purchaseStatus: string | null;
  orderNumber: string | null;
  error: { code: string; message: string } | null;
}
export type GiftPurchaseEvent =
  | DoneActorEvent<GiftPurchaseAccepted, 'purchase'>
  | ErrorActorEvent<unknown, 'purchase'>
  | DoneActorEvent<GiftPurchaseStatus, 'purchaseStatus'>
  | ErrorActorEvent<unknown, 'purchaseStatus'>;

export interface PurchaseStatusInput {
  requestId: string;
  zeroRetries: boolean;
}

export function purchaseRequest({ context }: { context: Pick<GiftPurchaseContext, 'request'> }): GiftPurchaseRequest {
  if (!context.request) throw new Error('purchase: no purchase request');
  return context.request;
}
export function purchaseStatusRequest({ context }: { context: Pick<GiftPurchaseContext, 'requestId' | 'zeroRetries'> }): PurchaseStatusInput {
  if (!context.requestId) throw new Error('purchaseStatus: no requestId');
  return { requestId: context.requestId, zeroRetries: context.zeroRetries };
}

/** the wait before the n-th status poll after an EPROMISERETRY (n = polls, from 1): min(base·2^(n−1), max) */
export const retryBackoffMs = (polls: number, retry: GiftRetryPolicy) => Math.min(retry.baseMs * 2 ** Math.max(0, polls - 1), retry.maxMs);

const DEFAULT_RETRY: GiftRetryPolicy = { baseMs: GIFT_RETRY_BASE_MS, maxMs: GIFT_RETRY_MAX_MS, maxPolls: GIFT_MAX_STATUS_POLLS };
/** the status answer's code (read only on its done event: any other throws) */
const statusCode = (event: GiftPurchaseEvent) => {
  assertEvent(event, 'xstate.done.actor.purchaseStatus');
  return event.output.data.context.code;
};
const errorCodeOf = (event: GiftPurchaseEvent) => {
  assertEvent(event, 'xstate.error.actor.purchase');
  return asFlowError(event.error).code;
};

export const giftPurchaseMachine = setup({
  types: { context: {} as GiftPurchaseContext, events: {} as GiftPurchaseEvent, input: {} as GiftPurchaseInput, output: {} as GiftPurchaseOutput },
  actors: {
    purchase: fromPromise<GiftPurchaseAccepted, GiftPurchaseRequest>(async () => notProvided('purchase')),
    purchaseStatus: fromPromise<GiftPurchaseStatus, PurchaseStatusInput>(async () => notProvided('purchaseStatus')),
  },
  guards: {
    isDuplicateRecipient: ({ event }) => errorCodeOf(event) === DUPLICATE_RECIPIENT_CODE,
    isPaymentTokenExpired: ({ event }) => errorCodeOf(event) === TOKEN_EXPIRED_CODE,
    isSuccess: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.purchaseStatus');
      return !event.output.data.context.code && !!(event.output.orderNumber ?? event.output.data.context.orderNumber);
    },
    isRetryZeroRetries: ({ context, event }) => statusCode(event) === RETRY_CODE && context.zeroRetries,
    isRetryUnderCap: ({ context, event }) => statusCode(event) === RETRY_CODE && context.polls + 1 < context.retry.maxPolls,
    isRetry: ({ event }) => statusCode(event) === RETRY_CODE,
    isStatusTokenExpired: ({ event }) => statusCode(event) === TOKEN_EXPIRED_CODE,
    isUnderCap: ({ context }) => context.polls + 1 < context.retry.maxPolls,
  },
  delays: {
    /** the POST's answer `delay` (default 4000 ms, spec 4) */
    statusDelay: ({ context }) => context.delayMs,
    /** after the n-th EPROMISERETRY: 1000, 2000, 4000, 8000, 8000… ms */
    retryBackoff: ({ context }) => retryBackoffMs(context.polls, context.retry),
  },
  actions: {
    applyInput: assign(({ event }) => {
      const i = inputOf<GiftPurchaseInput>(event, { request: null, zeroRetries: false });
      return { request: i.request, zeroRetries: i.zeroRetries, retry: { ...DEFAULT_RETRY, ...i.retry } };
    }),
    assignSending: assign({ purchaseStatus: 'sending' }),
    assignAccepted: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.purchase');
      const delay = event.output.delay;
      return { requestId: event.output.requestId, delayMs: typeof delay === 'number' && delay >= 0 ? delay : GIFT_STATUS_DELAY_MS };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.purchase');
      const e = asFlowError(event.error);
      return { purchaseStatus: e.code, error: { code: e.code, message: e.message } };
    }),
    assignSuccess: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.purchaseStatus');
      return { purchaseStatus: 'success', orderNumber: event.output.orderNumber ?? event.output.data.context.orderNumber, error: null };
    }),
    assignRetryStatus: assign({ purchaseStatus: RETRY_CODE }),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    assignStatusError: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.purchaseStatus');
      const code = event.output.data.context.code ?? 'UNEXPECTED_ERROR';
      // the status actor (src/services/gifting/purchase.actors.ts) puts the catalogue's text in `message`
      return { purchaseStatus: code, error: { code, message: asFlowError({ code, message: event.output.data.context.message }).message } };
    }),
  },
}).createMachine({
  id: 'giftPurchase',
  description: 'Send the gift purchase, then poll its status until it succeeds, fails or is still processing.',
  meta: { title: 'Gift purchase', spec: '3 §4 Gift purchase (delay, EPROMISERETRY, zero-retries), §7 gift-purchase and status calls' },
  context: { request: null, zeroRetries: false, retry: DEFAULT_RETRY, requestId: null, delayMs: GIFT_STATUS_DELAY_MS, polls: 0, purchaseStatus: null, orderNumber: null, error: null },
  entry: 'applyInput',
  initial: 'sending',
  states: {
    sending: {
      description: 'POST /gift/gift-purchase; the answer carries the delay and the requestId.',
      tags: ['loading'],
      meta: { message: 'giftSending' },
      entry: 'assignSending',
      invoke: {
        id: 'purchase',
        src: 'purchase',
        input: purchaseRequest,
        onDone: { target: 'waiting', actions: 'assignAccepted' },
        onError: [
          { guard: 'isDuplicateRecipient', target: 'duplicateRecipient', actions: 'assignError' },
          { guard: 'isPaymentTokenExpired', target: 'paymentExpired', actions: 'assignError' },
          { target: 'failed', actions: 'assignError' },
        ],
      },
    },
    waiting: {
      description: 'The delay the acceptance named (default 4000 ms) before the first status poll.',
      tags: ['loading'],
      meta: { message: 'giftSending' },
      after: { statusDelay: { target: 'polling' } },
    },
    polling: {
      description: 'GET /gift/gift-purchase-status with X-Request-ID (and ?zero-retries=true in that mode).',
      tags: ['loading'],
      meta: { message: 'giftSending' },
      invoke: {
        id: 'purchaseStatus',
        src: 'purchaseStatus',
        input: purchaseStatusRequest,
        onDone: [
          { guard: 'isSuccess', target: 'succeeded', actions: 'assignSuccess' },
          { guard: 'isRetryZeroRetries', target: 'recorded', actions: 'assignRetryStatus' },
          { guard: 'isRetryUnderCap', target: 'backingOff', actions: ['assignRetryStatus', 'countPoll'] },
          { guard: 'isRetry', target: 'timedOut', actions: 'assignRetryStatus' },
          { guard: 'isStatusTokenExpired', target: 'paymentExpired', actions: 'assignStatusError' },
          { target: 'failed', actions: 'assignStatusError' },
        ],
        onError: [{ guard: 'isUnderCap', target: 'backingOff', actions: 'countPoll' }, { target: 'timedOut' }],
      },
    },
    backingOff: {
      description: 'EPROMISERETRY: the visible "still sending", then poll again after the backoff.',
      tags: ['loading'],
      meta: { message: 'giftStillSending' },
      after: { retryBackoff: { target: 'polling' } },
    },
    succeeded: { description: 'Fulfilled: the order number.', type: 'final' },
    recorded: { description: 'Zero-retries: EPROMISERETRY recorded, no further poll.', type: 'final' },
    timedOut: { description: 'Still processing after the last poll.', type: 'final' },
    duplicateRecipient: { description: '170046: two recipients share an email.', type: 'final' },
    paymentExpired: { description: 'The guest card token expired or was used.', type: 'final' },
    failed: { description: 'A gift error (spec 8) or an unexpected one.', tags: ['error'], type: 'final' },
  },
  output: giftPurchaseOutput,
});

/**
 * What the gift form reads when the purchase ends (`xstate.done.actor.purchase`): the machine's output, a named
 * exported function as an invoke's input mapper is (docs/machines.md), so Stately and statecharts.md show its name.
 */
export function giftPurchaseOutput({ context }: { context: GiftPurchaseContext }): GiftPurchaseOutput {
  if (context.purchaseStatus === 'success' && context.requestId && context.orderNumber) return { status: 'success', requestId: context.requestId, orderNumber: context.orderNumber };
  if (context.purchaseStatus === RETRY_CODE && context.requestId) return { status: 'pending', requestId: context.requestId };
  if (context.purchaseStatus === DUPLICATE_RECIPIENT_CODE) return { status: 'duplicate' };
  if (context.purchaseStatus === TOKEN_EXPIRED_CODE) return { status: 'paymentExpired' };
  if (context.error) return { status: 'failed', code: context.error.code, message: context.error.message };
  return { status: 'pending', requestId: context.requestId ?? '' };
}
