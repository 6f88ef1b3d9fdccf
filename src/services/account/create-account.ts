/** Account creation (spec 2 "Account creation"): the request and the actors of machines/create-account.machine.ts. */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { CreateAccountResponse } from '../../../contracts/account-create.ts';
import type { CreateAccountPayload } from '../../../machines/create-account.machine.ts';
import { api } from '../api.ts';
import { refreshSession } from '../session.ts';
import { callWithFlowError as call } from '../flow-error.ts';
import { reputation } from './reputation.ts';

const A = '/account';

export function createAccountActors(queryClient: QueryClient) {
  return {
    createAccount: fromPromise<CreateAccountResponse, CreateAccountPayload>(async ({ input }) =>
      call(api.post(`${A}/create`, { ...input, reputation: reputation() }, { schema: CreateAccountResponse })),
    ),
    refreshSession: fromPromise<unknown, void>(async () => {
      await refreshSession(queryClient);
    }),
  };
}
