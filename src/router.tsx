import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import type { AppActors } from './services/app-actors.tsx';
import { NotFoundPage } from './views/shell/NotFoundPage.tsx';
import { ErrorPage } from './views/shell/ErrorPage.tsx';
import { PageLoading } from './views/shell/Loading.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  appActors: AppActors;
}

/** Which parts of the app chrome a route shows (spec: some routes hide the global navigation and footer). */
export type Chrome = 'full' | 'none' | 'noFooter' | 'logoOnly';

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    chrome?: Chrome;
  }
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    defaultPendingComponent: PageLoading,
  });
}

/**
 * Starts loading the code of every route matching `pathname` (root to leaf) without waiting for the root's
 * beforeLoad: on a first visit the page's chunk downloads alongside the config and session requests, which
 * takes a round trip off the first page's render. Failures are left to the router's own load, which retries
 * and shows the error page.
 */
export function startFirstRouteChunks(router: ReturnType<typeof createAppRouter>, pathname: string) {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}
