/** Previous orders (machines/previous-orders.machine.ts, /menu/previous): the query and the machine's actor. */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { previousOrdersRequest, type PreviousOrdersRequest } from '../../../machines/previous-orders.machine.ts';
import { defaultLocale } from '../format.ts';
import { sessionQuery } from '../session.ts';
import { chosenStore, quietly, type LoaderContext } from './loader-context.ts';
import type { PreviousOrder } from '../../../contracts/ordering.ts';
import { getPreviousOrders } from './previous-orders.graphql.ts';

/** previous orders per store and locale, fresh for 2 hours (spec 9); placing an order invalidates them */
export const previousOrdersQuery = (input: PreviousOrdersRequest) => ({
  queryKey: ['ordering', 'previous', input.storeNumber ?? null, input.locale],
  queryFn: ({ signal }: { signal: AbortSignal }) => getPreviousOrders(input, signal),
  staleTime: 2 * 3600_000,
  retry: false,
});

export function previousOrdersActors(queryClient: QueryClient) {
  return {
    // typed as the machine's stub (an actor logic's output type must be the stub's exactly)
    loadPreviousOrders: fromPromise<{ previousOrders: PreviousOrder[] }, PreviousOrdersRequest>(({ input }) => queryClient.fetchQuery(previousOrdersQuery(input))),
  };
}

/** /menu/previous' loader: a member's previous orders for the chosen store (placing an order marks them stale) */
export async function loadPreviousOrders(ctx: LoaderContext) {
  const session = await ctx.queryClient.ensureQueryData(sessionQuery).catch(() => null);
  if (session?.signedIn) await quietly(ctx.queryClient.ensureQueryData(previousOrdersQuery(previousOrdersRequest({ context: { storeNumber: chosenStore(ctx), locale: defaultLocale() } }))));
}
