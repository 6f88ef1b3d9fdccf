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

export interface CurbsideOrder {
  storeNumber: string;
  orderToken: string | null;
  orderId: string | null;
}
/**
 * The order /pickup/curbside checks in (docs/order-status.md 1; issue 29 "the check-in identifies that order"):
 * - ?orderId= (the tracker's "I'm here"): that order, with ?orderToken= or the last order's token when it is the same
 *   order (a guest); without a token only for a signed-in member (the server checks the owner), else none;
 * - ?orderToken= alone (the confirmation email's link): the token's order;
 * - neither: the last order placed in this browser (spec 1: "from the query string or the last order").
 * The store: the search's, else the last order's when it is that order. None when no order or no store is known.
 */
export function curbsideOrder(
  search: { orderId?: string | undefined; orderToken?: string | undefined; storeNumber?: string | undefined },
  last: { orderId: string; orderToken: string | null; storeNumber: string } | null,
  signedIn: boolean,
): CurbsideOrder | null {
  if (search.orderId) {
    const same = last?.orderId === search.orderId ? last : null;
    const orderToken = search.orderToken ?? same?.orderToken ?? null;
    const storeNumber = search.storeNumber ?? same?.storeNumber ?? null;
    if (!storeNumber || (!orderToken && !signedIn)) return null;
    return { storeNumber, orderToken, orderId: search.orderId };
  }
  if (search.orderToken) {
    const storeNumber = search.storeNumber ?? last?.storeNumber ?? null;
    return storeNumber ? { storeNumber, orderToken: search.orderToken, orderId: null } : null;
  }
  if (!last?.orderToken) return null;
  return { storeNumber: search.storeNumber ?? last.storeNumber, orderToken: last.orderToken, orderId: last.orderId };
}
