import { createRootRouteWithContext, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { RouterContext, Chrome } from '../router.tsx';
import { configQuery } from '../services/config.ts';
import { sessionQuery } from '../services/session.ts';
import { useAppActors, useBagCount } from '../services/app-actors.tsx';
import { AppShell } from '../views/shell/AppShell.tsx';
import { routeTitles } from '../views/shell/page-title.ts';
import { LazyCookiePreferencesHost, openCookiePreferences } from '../services/cookie-preferences-lazy.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // configuration and session metadata are needed by every route: load once, keep in the query cache
  beforeLoad: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(configQuery), context.queryClient.prefetchQuery(sessionQuery)]);
  },
  component: RootComponent,
});

function RootComponent() {
  const matches = useMatches();
  const chrome: Chrome = [...matches].reverse().find((m) => m.staticData?.chrome)?.staticData.chrome ?? 'full';
  // the announcer titles, focuses and announces the page that is rendered: the resolved location, which the router
  // sets after the next route's matches have rendered (s.location moves at the start of a navigation, while the
  // old page and its title are still on screen)
  const pendingPathname = useRouterState({ select: (s) => s.location.pathname });
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? s.location.pathname });
  const notFound = matches.some((m) => m.status === 'notFound');
  const pageTitle = notFound ? null : ([...matches].reverse().map((m) => (routeTitles as Record<string, string | undefined>)[m.routeId]).find(Boolean) ?? null);
  const { data: config } = useQuery(configQuery);
  const { data: session } = useQuery(sessionQuery);
  const actors = useAppActors();
  const { notifications } = actors;
  // the header's bag: the cart root actor's item count (the stored bag until an ordering page starts the cart)
  const bagCount = useBagCount();
  const toasts = useSelector(notifications, (s) => s.context.toasts);
  const persistent = useSelector(notifications, (s) => s.context.persistent);
  return (
    <AppShell
      chrome={chrome}
      signedIn={!!session?.signedIn}
      firstName={session?.user?.firstName ?? null}
      staffStore={session?.staffStores?.[0] ?? null}
      brandName={config?.brand.name ?? 'Harbor Coffee'}
      devTools={!!config?.devTools}
      toast={toasts[0] ?? null}
      persistent={persistent}
      onDismiss={(id) => notifications.send({ type: 'user.dismiss', id })}
      bagCount={bagCount}
      pathname={pathname}
      pendingPathname={pendingPathname}
      pageTitle={pageTitle}
      onCookiePreferences={openCookiePreferences}
    >
      <Outlet />
      <LazyCookiePreferencesHost />
    </AppShell>
  );
}
