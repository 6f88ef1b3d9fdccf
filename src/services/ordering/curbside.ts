/**
 * Curbside check-in (machines/curbside.machine.ts, /pickup/curbside): the store's read (its stalls and curbside
 * availability, REST GET /stores/{storeNumber}) and the machine's actor (GraphQL, arrival.graphql.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { Store as StoreSchema } from '../../../contracts/locations.ts';
import type { ArrivalRequest } from '../../../machines/curbside.machine.ts';
import { api } from '../api.ts';
import { createCustomerArrival } from './arrival.graphql.ts';
import { quietly, type LoaderContext } from './loader-context.ts';

export const curbsideStoreQuery = (storeNumber: string | null) =>
  queryOptions({
    queryKey: ['ordering', 'curbside-store', storeNumber],
    queryFn: async ({ signal }) => (await api.get(`/stores/${encodeURIComponent(storeNumber!)}`, { schema: v.object({ store: StoreSchema }), signal })).store,
    enabled: !!storeNumber,
    retry: false,
  });

export function curbsideActors() {
  return {
    createArrival: fromPromise<unknown, ArrivalRequest>(({ input, signal }) => createCustomerArrival(input, signal)),
  };
}

/** /pickup/curbside's loader: the order's store (from the search or the last order placed in this browser) */
export function loadCurbside(ctx: LoaderContext, storeNumber: string | null) {
  return storeNumber ? quietly(ctx.queryClient.ensureQueryData(curbsideStoreQuery(storeNumber))) : Promise.resolve();
}
