import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { MenuTexts } from '../../../contracts/menu-texts.ts';
import { favoritesMachine } from '../../../machines/favorites.machine.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { defaultLocale } from '../../services/format.ts';
import { useRedirect } from '../../services/redirect.ts';
import { favoritesActors } from '../../services/ordering/favorites.ts';
import { sessionQuery } from '../../services/session.ts';

/**
 * The favorites machine of a page: list (cached 2 hours per store and locale), add, remove, notifications; a guest
 * who adds one goes to sign-in and comes back to `returnUrl`.
 */
export function useFavorites(returnUrl: string) {
  const actors = useAppActors();
  // a push, as before: Back from sign-in returns to the page
  const redirect = useRedirect({ replace: false });
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery);
  const storeNumber = useSelector(actors.selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  return useActorRef(
    favoritesMachine.provide({
      actors: favoritesActors(queryClient),
      actions: {
        redirect,
        notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: params.message === 'favoriteAdded' || params.message === 'favoriteRemoved' ? 'success' : 'error', message: MenuTexts[params.message] }),
      },
    }),
    { input: { signedIn: !!session?.signedIn, storeNumber, locale: defaultLocale(), returnUrl } },
  );
}
