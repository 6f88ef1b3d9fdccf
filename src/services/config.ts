import { queryOptions } from '@tanstack/react-query';
import { AppConfig } from '../../contracts/config.ts';
import { api } from './api.ts';

/** Client configuration for this environment, loaded once at the root (server/config.ts). */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get('/config', { schema: AppConfig }),
  staleTime: Infinity,
  gcTime: Infinity,
});
