/** /account/personal: the requests and actors of machines/personal-details.machine.ts (the profile read is src/services/account.queries.ts). */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { Profile } from '../../../contracts/account-reads.ts';
import type { ProfilePatchInput } from '../../../machines/personal-details.machine.ts';
import { api } from '../api.ts';
import { profileQuery } from '../account.queries.ts';
import { refreshSession } from '../session.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function personalDetailsActors(queryClient: QueryClient) {
  return {
    /** the profile through its one queryOptions (the cache /account/profile reads and the route prefetches); the machine owns retries */
    loadProfile: fromPromise<Profile, void>(async () => queryClient.fetchQuery({ ...profileQuery, retry: false })),
    saveProfile: fromPromise<Profile, ProfilePatchInput>(async ({ input }) => {
      const out = await call(api.patch(`${A}/profile`, input, { schema: Profile }));
      queryClient.setQueryData(profileQuery.queryKey, out);
      await refreshSession(queryClient);
      return out;
    }),
  };
}
