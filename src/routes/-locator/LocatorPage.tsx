import { useEffect, useMemo } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { locatorMachine, locatorSearchParams } from '../../../machines/locator.machine.ts';
import { favoriteStoreMachine } from '../../../machines/favorite-store.machine.ts';
import { storeFiltersMachine } from '../../../machines/store-filters.machine.ts';
import { storeDetailsMachine } from '../../../machines/store-details.machine.ts';
import { configQuery } from '../../services/config.ts';
import { sessionQuery } from '../../services/session.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { locatorMessages } from '../../services/locator-messages.ts';
import { useRedirect } from '../../services/redirect.ts';
import { favoriteStoreActors, locatorActors, storeDetailsActors } from '../../services/locator.actors.ts';
import { LocatorView } from '../../views/locator/LocatorView.tsx';
import type { LocatorSearch } from './search.ts';

/** the details overlay loads the whole store (the list carries what a card shows) */
const storeDetailsLogic = storeDetailsMachine.provide({ actors: storeDetailsActors });

/**
 * The locator route body shared by /store-locator and /menu/store-locator (and their other sub-paths):
 * creates the flow's machines with the real actors and effects, wires filters to the locator, and
 * renders the view. Remounts when the session switches between guest and member.
 */
export function LocatorPage({ inMenu, search }: { inMenu: boolean; search: LocatorSearch }) {
  const { data: session } = useQuery(sessionQuery);
  const signedIn = !!session?.signedIn;
  return <LocatorScreen key={signedIn ? 'member' : 'guest'} inMenu={inMenu} search={search} signedIn={signedIn} />;
}

/** Rewrites the locator's own query params in the address bar, keeping the others (toCart, returnPath). */
function replaceQuery(router: ReturnType<typeof useRouter>, params: Record<string, string | undefined>) {
  const { pathname, searchStr } = router.state.location;
  const qs = new URLSearchParams(searchStr);
  for (const [k, val] of Object.entries(params)) {
    if (val === undefined) qs.delete(k);
    else qs.set(k, val);
  }
  const next = qs.toString();
  if (next === searchStr.replace(/^\?/, '')) return;
  router.history.replace(`${pathname}${next ? `?${next}` : ''}`);
}

function LocatorScreen({ inMenu, search, signedIn }: { inMenu: boolean; search: LocatorSearch; signedIn: boolean }) {
  const { data: config } = useSuspenseQuery(configQuery);
  const router = useRouter();
  const appActors = useAppActors();
  // a push, as before: Back returns to the locator
  const redirect = useRedirect({ replace: false });
  const href = useRouterState({ select: (s) => s.location.href });

  const locatorLogic = useMemo(() => {
    const notify = notifyWith(appActors);
    return locatorMachine.provide({
      actors: locatorActors,
      actions: {
        notify: (_, { notice }) => notify({ kind: 'toast', tone: 'error', message: locatorMessages[notice] }),
        persistSelectedStore: ({ context }) => {
          if (context.confirmedLocation) appActors.selectedStore.send({ type: 'store.select', location: context.confirmedLocation, at: Date.now() });
        },
        // the confirmed store's next page (the machine's `navigateTo`), through the shared redirect
        navigate: ({ context }) => redirect({ context: { destination: context.navigateTo } }),
        syncUrl: ({ context }) => replaceQuery(router, locatorSearchParams(context)),
      },
    });
  }, [appActors, router, redirect]);
  const favoritesLogic = useMemo(() => {
    const notify = notifyWith(appActors);
    return favoriteStoreMachine.provide({
      actors: favoriteStoreActors,
      actions: { notifyFailure: () => notify({ kind: 'toast', tone: 'error', message: locatorMessages.favoriteFailed }) },
    });
  }, [appActors]);

  // the in-menu locator opened without a query starts at the store chosen for ordering (centred, selected)
  const chosenStore = appActors.selectedStore.getSnapshot().context.location?.store.storeNumber;
  const noQuery = !search.place && search.lat === undefined && search.lng === undefined && !search.storeNumber;
  const storeNumber = search.storeNumber ?? (inMenu && noQuery ? chosenStore : undefined);
  const locator = useActorRef(locatorLogic, {
    input: {
      inMenu,
      query: { place: search.place, lat: search.lat, lng: search.lng, storeNumber, features: search.features },
      mapDefaults: config.mapDefaults,
      accuracyThreshold: config.locator.geolocationAccuracyThreshold,
      signedIn,
      toCart: !!search.toCart,
      returnPath: search.returnPath ?? null,
    },
  });
  const filters = useActorRef(storeFiltersMachine, { input: { applied: search.features ?? [] } });
  const favorites = useActorRef(favoritesLogic, { input: { signedIn } });
  const details = useActorRef(storeDetailsLogic);

  useEffect(() => {
    const sub = filters.on('filters.applied', (e) => locator.send({ type: 'user.applyFilters', features: e.features }));
    return () => sub.unsubscribe();
  }, [filters, locator]);

  return (
    <LocatorView
      locator={locator}
      filters={filters}
      favorites={favorites}
      details={details}
      inMenu={inMenu}
      features={config.features}
      tabMode={config.locator.tabMode}
      enableInAppDelivery={config.enableInAppDelivery}
      mapConfig={{ ...config.map, devNotes: config.devTools }}
      signInHref={`/account/signin?returnUrl=${encodeURIComponent(href)}`}
      createAccountHref={`/account/create?returnUrl=${encodeURIComponent(href)}`}
    />
  );
}
