/**
 * What the ordering routes' loaders share (docs/architecture.md#reads-in-loaders). Each flow module exports its
 * page's loader (`loadMenu` in menu.graphql.ts, `loadProduct` in product.ts, `loadCheckout` in checkout.actors.ts,
 * `loadFavorites`, `loadPreviousOrders`, `loadCurbside`), which prefetches the page's reads into the query cache
 * with `ensureQueryData`, in parallel, with the requests its machine will send (the machine's own input mappers):
 * the machine's actors (`fetchQuery` of the same queryOptions) then find them cached and start at once. A prefetch
 * never fails the page: a read that fails is left to the machine, which shows its own failure state.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AppActors } from '../app-actors.tsx';

/** the router context a loader gets (src/router.tsx RouterContext) */
export interface LoaderContext {
  queryClient: QueryClient;
  appActors: AppActors;
}

/** a prefetch that never rejects */
export const quietly = (p: Promise<unknown>): Promise<void> =>
  p.then(
    () => undefined,
    () => undefined,
  );

/** the store the visitor orders from (the selected-store root actor), if any */
export const chosenStore = ({ appActors }: LoaderContext) => appActors.selectedStore.getSnapshot().context.location?.store.storeNumber ?? null;
