import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import type { addFavoriteRequest, favoritesRequest, removeFavoriteRequest } from '../../../machines/favorites.machine.ts';
import { favoritesMachine } from '../../../machines/favorites.machine.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { defaultLocale } from '../../services/format.ts';
import { addFavoriteProduct, deleteFavoriteProduct, getFavoriteProducts } from '../../services/ordering/favorites.graphql.ts';
import { sessionQuery } from '../../services/session.ts';

/**
 * The favorites machine of a page: list (cached 2 hours per store and locale), add, remove, notifications; a guest
 * who adds one goes to sign-in and comes back to `returnUrl`.
 */
export function useFavorites(returnUrl: string) {
  const actors = useAppActors();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery);
  const storeNumber = useSelector(actors.selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  return useActorRef(
    favoritesMachine.provide({
      actors: {
        loadFavorites: fromPromise(({ input }: { input: ReturnType<typeof favoritesRequest> }) =>
          queryClient.fetchQuery({ queryKey: ['ordering', 'favorites', input.storeNumber ?? null, input.locale], queryFn: ({ signal }) => getFavoriteProducts(input, signal), staleTime: 2 * 3600_000, retry: false }),
        ),
        addFavorite: fromPromise(({ input }: { input: ReturnType<typeof addFavoriteRequest> }) => addFavoriteProduct(input).finally(() => void queryClient.invalidateQueries({ queryKey: ['ordering', 'favorites'], refetchType: 'none' }))),
        removeFavorite: fromPromise(({ input }: { input: ReturnType<typeof removeFavoriteRequest> }) => deleteFavoriteProduct(input).finally(() => void queryClient.invalidateQueries({ queryKey: ['ordering', 'favorites'], refetchType: 'none' }))),
      },
      actions: {
        redirect: ({ context }) => {
          const href = context.destination;
          if (href) queueMicrotask(() => void router.navigate({ href }));
        },
        notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: params.message === 'favoriteAdded' || params.message === 'favoriteRemoved' ? 'success' : 'error', message: OrderingTexts[params.message] }),
      },
    }),
    { input: { signedIn: !!session?.signedIn, storeNumber, locale: defaultLocale(), returnUrl } },
  );
}
