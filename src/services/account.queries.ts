import { queryOptions } from '@tanstack/react-query';
import { accountApi } from './account.api.ts';

/** Account reads, one queryOptions each: route loaders prefetch them; the personal-details machine loads the profile through the same cache. */
export const profileQuery = queryOptions({ queryKey: ['account', 'profile'], queryFn: () => accountApi.profile(), staleTime: 30_000 });
export const partnerNumberQuery = queryOptions({ queryKey: ['account', 'partner-number'], queryFn: () => accountApi.partnerNumber(), staleTime: 30_000 });
