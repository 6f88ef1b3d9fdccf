import { queryOptions } from '@tanstack/react-query';
import { accountApi } from './account.api.ts';

/** Read-only account pages (profile overview) prefetch these in their loaders. */
export const profileQuery = queryOptions({ queryKey: ['account', 'profile'], queryFn: () => accountApi.profile(), staleTime: 30_000 });
export const partnerNumberQuery = queryOptions({ queryKey: ['account', 'partner-number'], queryFn: () => accountApi.partnerNumber(), staleTime: 30_000 });
export const mfaStatusQuery = queryOptions({ queryKey: ['account', 'mfa'], queryFn: () => accountApi.mfaStatus(), staleTime: 0 });
