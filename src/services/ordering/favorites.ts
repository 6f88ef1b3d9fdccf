/** Favorites (machines/favorites.machine.ts, the menu pages): the list's query and the machine's actors. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { favoritesRequest, type addFavoriteRequest, type removeFavoriteRequest } from '../../../machines/favorites.machine.ts';
import { defaultLocale } from '../format.ts';
import { sessionQuery } from '../session.ts';
import { chosenStore, quietly, type LoaderContext } from './loader-context.ts';
import { addFavoriteProduct, deleteFavoriteProduct, getFavoriteProducts } from './favorites.graphql.ts';

/** the member's favorites per store and locale, cached 2 hours; adding or removing one marks them stale */
export const favoritesQuery = (input: ReturnType<typeof favoritesRequest>) =>
  queryOptions({ queryKey: ['ordering', 'favorites', input.storeNumber ?? null, input.locale], queryFn: ({ signal }) => getFavoriteProducts(input, signal), staleTime: 2 * 3600_000, retry: false });

export function favoritesActors(queryClient: QueryClient) {
  const stale = () => void queryClient.invalidateQueries({ queryKey: ['ordering', 'favorites'], refetchType: 'none' });
  return {
    loadFavorites: fromPromise(({ input }: { input: ReturnType<typeof favoritesRequest> }) => queryClient.fetchQuery(favoritesQuery(input))),
    addFavorite: fromPromise(({ input }: { input: ReturnType<typeof addFavoriteRequest> }) => addFavoriteProduct(input).finally(stale)),
    removeFavorite: fromPromise(({ input }: { input: ReturnType<typeof removeFavoriteRequest> }) => deleteFavoriteProduct(input).finally(stale)),
  };
}

/** /menu/favorites' loader (and the product page's): a member's favorites for the chosen store */
export async function loadFavorites(ctx: LoaderContext) {
  const session = await ctx.queryClient.ensureQueryData(sessionQuery).catch(() => null);
  if (session?.signedIn) await quietly(ctx.queryClient.ensureQueryData(favoritesQuery(favoritesRequest({ context: { storeNumber: chosenStore(ctx), locale: defaultLocale() } }))));
}
