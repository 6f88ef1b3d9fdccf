/**
 * Gift purchase (spec 3 section 4 "Gift purchase": 'sending', the answer's delay (default 4000 ms) then the status
 * poll; success, EPROMISERETRY or an error; zero-retries records only; section 7 the two calls; docs/gifting.md
 * 2.4 for the backoff 1000·2^(n−1) capped at 8000 and the poll cap). Runs: ordinary (maxPolls 3 so the cap is
 * reached in the model) and zero-retries.
 */
import { expect } from 'vitest';
import { giftPurchaseMachine, purchaseRequest, purchaseStatusRequest, type GiftPurchaseOutput } from '../gift-purchase.machine.ts';
import type { GiftPurchaseRequest, GiftPurchaseStatus } from '../../contracts/gift.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import type { Flow, Journey } from './flow.ts';
import { giftCatalogue } from './gift-fixtures.ts';

export const purchaseBody: GiftPurchaseRequest = {
  requestId: 'page-1234abcd-0',
  orderSource: 'web',
  locale: 'en-US',
  currency: 'USD',
  paymentType: 'visa',
  paymentInstrumentId: 'pi_pm_1',
  senderEmail: 'demo@example.com',
  senderName: 'Avery Demo',
  egifts: [{ recipientEmail: 'sam@example.com', recipientName: 'Sam', deliveryMethod: 'EMAIL', product: { productNumber: '11000001' }, amount: { amount: 2500, currency: 'USD' } }],
  totalAmount: { amount: 2500, currency: 'USD' },
};
const status = (code: string | null, orderNumber: string | null = null, message?: string): GiftPurchaseStatus => ({ orderNumber, data: { context: { code, orderNumber, ...(message ? { message } : {}) } } });
export const orderFailedText = "Your order didn't go through and you weren't charged. Try again or use another payment method.";

export const purchaseEvents = {
  accepted: done('purchase', { delay: 4000, requestId: 'page-1234abcd-0' }),
  duplicate: fail('purchase', apiError(422, '170046', 'Each recipient needs their own email', { field: 'egifts.1.recipientEmail' })),
  tokenExpired: fail('purchase', apiError(410, 'PAYMENT_TOKEN_EXPIRED', 'Your card details timed out. Please enter them again.')),
  sendFailed: fail('purchase', serverDown),
  waited: { type: 'xstate.after.statusDelay.giftPurchase.waiting' },
  backedOff: { type: 'xstate.after.retryBackoff.giftPurchase.backingOff' },
  success: done('purchaseStatus', status(null, 'G00000000042')),
  retry: done('purchaseStatus', status('EPROMISERETRY')),
  asyncFailed: done('purchaseStatus', status('GIFT_ORDER_FAILED', null, orderFailedText)),
  asyncTokenExpired: done('purchaseStatus', status('PAYMENT_TOKEN_EXPIRED', null, 'Your card details timed out. Please enter them again.')),
  statusDown: fail('purchaseStatus', serverDown),
} as const;
const E = purchaseEvents;

type Snap = { value: unknown; context: { polls: number; purchaseStatus: string | null }; output?: unknown };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.polls, s.context.purchaseStatus]);

const journeys: Journey[] = [
  { name: 'success after two EPROMISERETRY', events: [E.accepted, E.waited, E.retry, E.backedOff, E.retry, E.backedOff, E.success], ends: 'succeeded' },
  { name: 'the poll cap is reached: still processing', events: [E.accepted, E.waited, E.retry, E.backedOff, E.retry, E.backedOff, E.retry], ends: 'timedOut' },
  { name: 'zero-retries records the first EPROMISERETRY', run: 'zero-retries', events: [E.accepted, E.waited, E.retry], ends: 'recorded' },
  { name: 'zero-retries still ends on success', run: 'zero-retries', events: [E.accepted, E.waited, E.success], ends: 'succeeded' },
  { name: '170046 duplicate recipient', events: [E.duplicate], ends: 'duplicateRecipient' },
  { name: 'guest token expired at acceptance (410)', events: [E.tokenExpired], ends: 'paymentExpired' },
  { name: 'guest token expired at the charge (async)', events: [E.accepted, E.waited, E.asyncTokenExpired], ends: 'paymentExpired' },
  { name: 'an async gift code', events: [E.accepted, E.waited, E.asyncFailed], ends: 'failed' },
  { name: 'the POST fails', events: [E.sendFailed], ends: 'failed' },
  { name: 'a status request fails, the next succeeds', events: [E.accepted, E.waited, E.statusDown, E.backedOff, E.success], ends: 'succeeded' },
  { name: 'status requests keep failing: still processing', events: [E.accepted, E.waited, E.statusDown, E.backedOff, E.statusDown, E.backedOff, E.statusDown], ends: 'timedOut' },
];

const outputs: Record<string, GiftPurchaseOutput> = {
  succeeded: { status: 'success', requestId: 'page-1234abcd-0', orderNumber: 'G00000000042' },
  recorded: { status: 'pending', requestId: 'page-1234abcd-0' },
  timedOut: { status: 'pending', requestId: 'page-1234abcd-0' },
  duplicateRecipient: { status: 'duplicate' },
  paymentExpired: { status: 'paymentExpired' },
};

export const giftPurchaseFlow: Flow<typeof giftPurchaseMachine> = {
  machine: giftPurchaseMachine,
  table: {
    sending: {
      'xstate.done.actor.purchase': 'waiting',
      'xstate.error.actor.purchase': [{ guard: 'isDuplicateRecipient', to: 'duplicateRecipient' }, { guard: 'isPaymentTokenExpired', to: 'paymentExpired' }, 'failed'],
    },
    waiting: { 'after statusDelay': 'polling' },
    polling: {
      'xstate.done.actor.purchaseStatus': [
        { guard: 'isSuccess', to: 'succeeded' },
        { guard: 'isRetryZeroRetries', to: 'recorded' },
        { guard: 'isRetryUnderCap', to: 'backingOff' },
        { guard: 'isRetry', to: 'timedOut' },
        { guard: 'isStatusTokenExpired', to: 'paymentExpired' },
        'failed',
      ],
      'xstate.error.actor.purchaseStatus': [{ guard: 'isUnderCap', to: 'backingOff' }, 'timedOut'],
    },
    backingOff: { 'after retryBackoff': 'polling' },
  },
  sees: {
    sending: { tags: ['loading'], message: 'Sending your gift…' },
    waiting: { tags: ['loading'], message: 'Sending your gift…' },
    polling: { tags: ['loading'], message: 'Sending your gift…' },
    backingOff: { tags: ['loading'], message: 'Still sending your gift…' },
    failed: { tags: ['error'] },
  },
  // the answer's delay (4000 ms in these answers) is let pass on a simulated clock; the backoff is computed per
  // poll and asserted in gift-purchase.paths.test.ts on a hand-driven SimulatedClock
  delays: { statusDelay: 4000 },
  journeys,
  catalogue: giftCatalogue,
  arrange(machine) {
    const fakes = requestFakes({ purchase: purchaseRequest, purchaseStatus: purchaseStatusRequest });
    const opts = (zeroRetries: boolean) => ({
      events: Object.values(purchaseEvents) as never,
      input: { request: purchaseBody, zeroRetries, retry: { baseMs: 1000, maxMs: 8000, maxPolls: 3 } } as never,
      serializeState: serializeState as never,
    });
    return {
      machine: machine.provide({ actors: fakes.actors }),
      runs: [
        { name: 'ordinary', options: opts(false) },
        { name: 'zero-retries', options: opts(true) },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (s.matches('sending')) expect([c.purchaseStatus, fakes.last('purchase')]).toEqual(['sending', purchaseBody]);
        if (s.matches('polling')) expect(fakes.last('purchaseStatus')).toEqual({ requestId: 'page-1234abcd-0', zeroRetries: run === 'zero-retries' });
        if (s.matches('backingOff')) expect(c.purchaseStatus).toBe(event.type === 'xstate.done.actor.purchaseStatus' ? 'EPROMISERETRY' : c.purchaseStatus);
        if (s.status === 'done') {
          const leaf = String(s.value);
          if (leaf === 'failed')
            expect(s.output).toEqual(
              event.type === 'xstate.done.actor.purchaseStatus' ? { status: 'failed', code: 'GIFT_ORDER_FAILED', message: orderFailedText } : { status: 'failed', code: 'UNEXPECTED_ERROR', message: 'Something went wrong. Please try again.' },
            );
          else expect(s.output).toEqual(outputs[leaf]);
          if (leaf === 'succeeded') expect(c.purchaseStatus).toBe('success');
          if (leaf === 'recorded') expect([run, c.purchaseStatus]).toEqual(['zero-retries', 'EPROMISERETRY']);
          if (leaf === 'timedOut') expect(c.polls).toBe(2);
        }
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
