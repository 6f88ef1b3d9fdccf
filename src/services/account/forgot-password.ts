/** /account/forgot-password (spec 2 "Password recovery"): the request and actor of machines/forgot-password.machine.ts. */
import { fromPromise } from 'xstate';
import { OkResponse } from '../../../contracts/account-fields.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function forgotPasswordActors() {
  return {
    sendResetLink: fromPromise<unknown, { emailAddress: string }>(async ({ input }) =>
      call(api.post(`${A}/forgot-password`, { emailAddress: input.emailAddress, userName: input.emailAddress }, { schema: OkResponse })),
    ),
  };
}
