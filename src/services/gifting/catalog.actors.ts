/**
 * The gift catalog machine's real actors (docs/machines.md: each only sends its input): the catalog through the
 * query cache (15 minutes; the route's loader has usually filled it already) and the unauthenticated card-balance
 * check (POST /apiproxy/v1/unauth/card-balance, answer validated with its contract).
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { CardBalanceResponse, type CardBalanceRequest } from '../../../contracts/gift.ts';
import type { GiftCatalogData } from '../../../machines/gift-catalog.machine.ts';
import { api } from '../api.ts';
import { callGift as call } from './gift-errors.ts';
import { giftCatalogQuery } from './gift.queries.ts';

export const cardBalanceApi = {
  check: (input: CardBalanceRequest, signal?: AbortSignal) => call(api.post('/unauth/card-balance', input, { schema: CardBalanceResponse, ...(signal ? { signal } : {}) })),
};

export function giftCatalogActors(queryClient: QueryClient) {
  return {
    loadCatalog: fromPromise<GiftCatalogData, { locale: string }>(({ input }) => call(queryClient.fetchQuery(giftCatalogQuery(input.locale)))),
    checkBalance: fromPromise<CardBalanceResponse, CardBalanceRequest>(({ input, signal }) => cardBalanceApi.check(input, signal)),
  };
}
