import { queryOptions } from '@tanstack/react-query';
import { PartnerNumber, Profile, ResetTokenStatusResponse } from '../../contracts/account-reads.ts';
import { api } from './api.ts';
import { callWithFlowError as call } from './flow-error.ts';

const A = '/account';

/**
 * The account API's reads (validated with contracts/account-reads.ts; failures reject with a FlowError like every
 * account call): apart from the flows' requests (src/services/account/), so the pages that only read do not load
 * the flows' schemas and endpoints (docs/architecture.md#performance).
 */
export const accountReads = {
  resetTokenStatus: (token: string) => call(api.get(`${A}/reset-password/${encodeURIComponent(token)}/status`, { schema: ResetTokenStatusResponse })),
  profile: () => call(api.get(`${A}/profile`, { schema: Profile })),
  partnerNumber: () => call(api.get(`${A}/partner-number`, { schema: PartnerNumber })),
};

/** Account reads, one queryOptions each: route loaders prefetch them; the personal-details machine loads the profile through the same cache. */
export const profileQuery = queryOptions({ queryKey: ['account', 'profile'], queryFn: () => accountReads.profile(), staleTime: 30_000 });
export const partnerNumberQuery = queryOptions({ queryKey: ['account', 'partner-number'], queryFn: () => accountReads.partnerNumber(), staleTime: 30_000 });
