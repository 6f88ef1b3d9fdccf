/** Sign-out (spec 2 section 2): the request (also used by /account/signin's loader) and the actor of machines/sign-out.machine.ts. */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { SignOutResponse } from '../../../contracts/account-signout.ts';
import type { SignOutInput } from '../../../machines/sign-out.machine.ts';
import { api } from '../api.ts';
import { refreshSession } from '../session.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export const signOut = (input: SignOutInput) => call(api.post(`${A}/signout`, input.returnUrl ? { returnUrl: input.returnUrl } : {}, { schema: SignOutResponse }));

export function signOutActors(queryClient: QueryClient) {
  return {
    signOut: fromPromise<{ returnUrl: string }, SignOutInput>(async ({ input }) => {
      try {
        return await signOut(input);
      } finally {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'account' });
        await refreshSession(queryClient);
      }
    }),
  };
}
