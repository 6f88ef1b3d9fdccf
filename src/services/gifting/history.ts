/**
 * Gift history (/account/history/egift; docs/gifting.md 2.6, 3.8): the request, its queryOptions (the route's loader
 * prefetches the first page; the machine's actor reads through the same cache) and the machine's actors, in one place.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { GiftHistoryResponse } from '../../../contracts/gift.ts';
import type { GiftHistoryRequest } from '../../../machines/gift-history.machine.ts';
import { api } from '../api.ts';
import { callGift } from './gift-errors.ts';

export const giftHistoryApi = {
  page: (input: GiftHistoryRequest, signal?: AbortSignal) =>
    callGift(api.get('/gift/history', { query: { page: input.page, pageSize: input.pageSize }, schema: GiftHistoryResponse, ...(signal ? { signal } : {}) })),
};

/** one page of the history; fresh for 30 s (a claim changes a recipient's state, so not for long) */
export const giftHistoryQuery = (input: GiftHistoryRequest) =>
  queryOptions({
    queryKey: ['gift', 'history', input.page, input.pageSize],
    queryFn: ({ signal }) => giftHistoryApi.page(input, signal),
    staleTime: 30_000,
    retry: false,
  });

export function giftHistoryActors(queryClient: QueryClient) {
  return {
    loadHistory: fromPromise<GiftHistoryResponse, GiftHistoryRequest>(({ input }) => queryClient.fetchQuery(giftHistoryQuery(input))),
  };
}
