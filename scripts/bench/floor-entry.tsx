// The framework floor: the smallest app on the same stack (react, react-dom, router, query, xstate),
// measured against the real first route by scripts/bundle-size.ts.
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, setup } from 'xstate';
import { useSelector } from '@xstate/react';

const machine = setup({}).createMachine({ id: 'floor', initial: 'idle', states: { idle: {} } });
const actor = createActor(machine).start();
function Root() {
  const value = useSelector(actor, (s) => String(s.value));
  return <p>{value}</p>;
}
const router = createRouter({ routeTree: createRootRoute({ component: Root }) });
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
