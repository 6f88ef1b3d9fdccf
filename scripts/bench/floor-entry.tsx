// The framework floor (docs/architecture.md, issue 32's decision): the design card's runtime stack with one route,
// one machine, one valibot search schema and one urql query — react, react-dom, @tanstack/react-router,
// @tanstack/react-query, xstate, @xstate/react, valibot, urql and graphql (urql's `gql` parses with graphql.web,
// the GraphQL parser urql ships in place of the graphql package's) — built by scripts/bundle-size.ts in the same run
// as the app and measured against every route. As the app does it (src/services/graphql.ts): one urql client,
// TanStack Query as the cache.
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { setup } from 'xstate';
import { useMachine } from '@xstate/react';
import * as v from 'valibot';
import { Client, fetchExchange, gql, type TypedDocumentNode } from 'urql';

const machine = setup({ types: {} as { events: { type: 'GO' } } }).createMachine({ id: 'floor', initial: 'idle', states: { idle: { on: { GO: 'done' } }, done: {} } });
const FloorQuery: TypedDocumentNode<{ ping: string }, { q: string }> = gql('query Floor($q: String!) { ping(q: $q) }');
const client = new Client({ url: '/graphql', exchanges: [fetchExchange], requestPolicy: 'network-only' });

const rootRoute = createRootRoute({ component: () => <Outlet /> });
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(80)), '') }),
  component: Index,
});
function Index() {
  // (the search's type would need the router's Register declaration, which this one-file app does not make)
  const { q } = indexRoute.useSearch() as { q: string };
  const [state, send] = useMachine(machine);
  const ping = useQuery({ queryKey: ['ping', q], queryFn: async () => (await client.query(FloorQuery, { q }).toPromise()).data?.ping ?? '' });
  return (
    <button type="button" onClick={() => send({ type: 'GO' })}>
      {String(state.value)} {ping.data}
    </button>
  );
}
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
