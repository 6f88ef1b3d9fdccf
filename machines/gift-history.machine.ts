import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { GiftHistoryEntry, GiftHistoryResponse } from '../contracts/gift.ts';
import { inputOf, notProvided } from './flow.ts';

/**
 * Gift history, /account/history/egift (spec 3 section 2 "Order history": /account/history/egift, authentication
 * required, "Layout and fields of the lists are not shown"; section 6 "/account/history* require authentication";
 * docs/gifting.md 1 and 2.6): the member's sent eGifts, newest first, 10 a page, each with its recipients and
 * their delivery state (Queued, Sent, Claimed); Previous and Next move between pages.
 */
export const GIFT_HISTORY_PAGE_SIZE = 10;

export interface GiftHistoryInput {
  /** 1-based page to open (the route's `?page=`, default 1) */
  page: number;
}
export interface GiftHistoryContext extends GiftHistoryInput {
  pageSize: number;
  gifts: GiftHistoryEntry[];
  total: number;
}
export interface GiftHistoryRequest {
  page: number;
  pageSize: number;
}
export type GiftHistoryEvent =
  | { type: 'user.retry' }
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | DoneActorEvent<GiftHistoryResponse, 'loadHistory'>
  | ErrorActorEvent<unknown, 'loadHistory'>;

export const GIFT_HISTORY_INPUT_DEFAULTS: GiftHistoryInput = { page: 1 };

/** The request of `loadHistory` (GET /apiproxy/v1/gift/history?page=&pageSize=10). */
export function historyRequest({ context }: { context: Pick<GiftHistoryContext, 'page' | 'pageSize'> }): GiftHistoryRequest {
  return { page: context.page, pageSize: context.pageSize };
}

/** the last page there is (1 when there is nothing) */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const giftHistoryMachine = setup({
  types: { context: {} as GiftHistoryContext, events: {} as GiftHistoryEvent, input: {} as GiftHistoryInput },
  actors: {
    loadHistory: fromPromise<GiftHistoryResponse, GiftHistoryRequest>(async () => notProvided('loadHistory')),
  },
  guards: {
    isEmpty: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadHistory');
      return event.output.total === 0;
    },
    hasNextPage: ({ context }) => context.page < lastPage(context.total, context.pageSize),
    hasPreviousPage: ({ context }) => context.page > 1,
  },
  actions: {
    applyInput: assign(({ event }) => {
      const { page } = inputOf<GiftHistoryInput>(event, GIFT_HISTORY_INPUT_DEFAULTS);
      return { page: Number.isInteger(page) && page >= 1 ? page : 1 };
    }),
    assignPage: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadHistory');
      return { gifts: event.output.gifts, total: event.output.total, page: event.output.page };
    }),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    previousPage: assign(({ context }) => ({ page: Math.min(context.page - 1, lastPage(context.total, context.pageSize)) })),
  },
}).createMachine({
  id: 'giftHistory',
  description: 'The member’s sent eGifts, newest first, 10 a page, with each recipient’s delivery state.',
  meta: { title: 'Gift history', spec: '3 §2 Order history (/account/history/egift), §6 authentication required; docs/gifting.md 2.6, 3.8' },
  context: { page: 1, pageSize: GIFT_HISTORY_PAGE_SIZE, gifts: [], total: 0 },
  entry: 'applyInput',
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /apiproxy/v1/gift/history for the page (10 a page).',
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: historyRequest,
        onDone: [{ guard: 'isEmpty', target: 'empty' }, { target: 'ready', actions: 'assignPage' }],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The history could not be loaded: the generic text and Try again.',
      tags: ['error'],
      meta: { message: 'generic' },
      on: { 'user.retry': { target: 'loading' } },
    },
    empty: {
      description: 'No eGift sent yet.',
      meta: { message: 'giftHistoryEmpty' },
    },
    ready: {
      description: 'A page of sent eGifts: date, design, amount each, total, recipients and their delivery state; Previous / Next.',
      on: {
        'user.nextPage': { guard: 'hasNextPage', target: 'loading', actions: 'nextPage' },
        'user.previousPage': { guard: 'hasPreviousPage', target: 'loading', actions: 'previousPage' },
      },
    },
  },
});
