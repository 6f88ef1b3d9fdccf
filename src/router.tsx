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
