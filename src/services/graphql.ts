/** The one urql client: same origin, CSRF header, no document cache (the query cache is TanStack Query). */
import { Client, fetchExchange } from 'urql';
import { readCsrfCookie } from './cookies.ts';
import { API_ROOT } from './api.ts';

export const graphqlClient = new Client({
  url: `${API_ROOT}/graphql`,
  exchanges: [fetchExchange],
  requestPolicy: 'network-only',
  fetchOptions: () => ({
    credentials: 'same-origin',
    headers: { 'x-csrf-token': readCsrfCookie() ?? '' },
  }),
});
