/**
 * Gift history (spec 3 section 2 "/account/history/egift (gift history)", section 6 "/account/history* require
 * authentication", "Layout and fields of the lists are not shown"; docs/gifting.md 1 and 2.6): the member's sent
 * eGifts load 10 a page; none yet says "You haven't sent any eGifts yet."; a failed load offers Try again; Next is
 * taken only when a later page exists, Previous only after the first page (each loads that page).
 */
import { expect } from 'vitest';
import { giftHistoryMachine, historyRequest } from '../gift-history.machine.ts';
import { GiftMessages } from '../../contracts/gift-messages.ts';
import type { GiftHistoryEntry } from '../../contracts/gift.ts';
import { requestFakes } from './model.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import type { Flow } from './flow.ts';

export const historyGift = (n: number): GiftHistoryEntry => ({
  requestId: `req-${String(n).padStart(4, '0')}-abcdef`,
  orderNumber: `G${String(n).padStart(11, '0')}`,
  status: 'fulfilled',
  createdAt: '2026-11-20T10:00:00.000Z',
  product: { productNumber: '11000001', altText: 'Birthday eGift: balloons', largeImageUrl: '/gift/art/birthday-balloons.svg' },
  amount: { amount: 2500, currency: 'USD' },
  totalAmount: { amount: 5000, currency: 'USD' },
  message: 'Happy birthday!',
  recipients: [
    { recipientName: 'Ana', recipientEmail: 'ana@example.com', deliveryState: 'claimed' },
    { recipientName: 'Ben', recipientEmail: 'ben@example.com', deliveryState: 'sent' },
  ],
});
const page = (p: number, total: number) => ({ gifts: [historyGift(p)], page: p, pageSize: 10, total });

export const giftHistoryEvents = [
  { type: 'user.retry' },
  { type: 'user.nextPage' },
  { type: 'user.previousPage' },
  done('loadHistory', page(1, 12)),
  done('loadHistory', page(2, 12)),
  done('loadHistory', { gifts: [], page: 1, pageSize: 10, total: 0 }),
  fail('loadHistory', serverDown),
] as const;
const E = giftHistoryEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { page: number; total: number; gifts: unknown[] } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, p: s.context.page, t: s.context.total, n: s.context.gifts.length });

export const giftHistoryFlow: Flow<typeof giftHistoryMachine> = {
  machine: giftHistoryMachine,
  table: {
    loading: {
      'xstate.done.actor.loadHistory': [{ guard: 'isEmpty', to: 'empty' }, 'ready'],
      'xstate.error.actor.loadHistory': 'loadFailed',
    },
    loadFailed: { 'user.retry': 'loading' },
    ready: {
      'user.nextPage': [{ guard: 'hasNextPage', to: 'loading' }],
      'user.previousPage': [{ guard: 'hasPreviousPage', to: 'loading' }],
    },
  },
  journeys: [
    { name: 'the first page of sent gifts', events: [E[3]!], ends: 'ready' },
    { name: 'nothing sent yet', events: [E[5]!], ends: 'empty' },
    { name: 'the load fails, Try again loads it', events: [E[6]!, E[0]!, E[3]!], ends: 'ready' },
    { name: 'Next, then Previous', events: [E[3]!, E[1]!, E[4]!, E[2]!, E[3]!], ends: 'ready' },
    { name: 'no Previous on the first page', events: [E[3]!, E[2]!], ends: 'ready' },
    { name: 'no Next on the last page', events: [E[3]!, E[1]!, E[4]!, E[1]!], ends: 'ready' },
  ],
  catalogue: GiftMessages,
  sees: {
    loading: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    empty: { message: "You haven't sent any eGifts yet." },
  },
  arrange(machine) {
    const fakes = requestFakes({ loadHistory: historyRequest });
    return {
      machine: machine.provide({ actors: fakes.actors }),
      runs: [{ name: 'history', options: { events: giftHistoryEvents as never, input: { page: 1 }, serializeState: serializeState as never } }],
      onStep(s) {
        const c = s.context;
        // 10 a page, the page the machine is on
        if (s.matches('loading')) expect(fakes.last('loadHistory')).toEqual({ page: c.page, pageSize: 10 });
        if (s.matches('ready')) expect(c.gifts).toEqual([historyGift(c.page)]);
        expect(c.page).toBeGreaterThanOrEqual(1);
        expect(c.page).toBeLessThanOrEqual(2);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadHistory')).toEqual([
          { page: 1, pageSize: 10 },
          { page: 2, pageSize: 10 },
        ]);
      },
    };
  },
};
