import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { SessionMetadata } from '../../contracts/session.ts';
import { api } from './api.ts';

/**
 * Session metadata decides guest versus signed-in app-wide. Started at the root route; flows read
 * it from the query cache and invalidate it after sign-in, sign-out and account creation.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => api.get('/session', { schema: SessionMetadata }),
  staleTime: 60_000,
});

export function refreshSession(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
}
