import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './services/query-client.ts';
import { createAppActors, AppActorsProvider } from './services/app-actors.tsx';
import { createAppRouter, startFirstRouteChunks } from './router.tsx';
import { afterFirstPaint, nextTask } from './services/first-paint.ts';
import { preloadFirstChunks } from './services/first-chunks.ts';
import './styles.css';

// Start-up in tasks of their own (nextTask), none of them in the entry's module evaluation: the app's actors, the
// router, the first page's chunks, React's render (docs/architecture.md#performance).
async function start() {
  await nextTask();
  const queryClient = createQueryClient();
  const appActors = createAppActors();
  await nextTask();
  const router = createAppRouter({ queryClient, appActors });
  // The first page's files, a preload link per task (src/services/first-chunks.ts), so that the router's chunk load
  // below finds them all in the document
  await preloadFirstChunks();
  await nextTask();
  // The first page's code starts downloading now, alongside the root's config and session requests, instead of
  // after them (the router fetches a route's chunk only once the root's beforeLoad has resolved).
  startFirstRouteChunks(router, window.location.pathname);
  await nextTask();
  // React replaces the prerendered shell once the browser has reported its first paint (src/services/first-paint.ts)
  afterFirstPaint(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppActorsProvider actors={appActors}>
            <RouterProvider router={router} />
          </AppActorsProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

void start();
