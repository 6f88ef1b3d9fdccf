/** /account/reset-password/$token (spec 2 "Password recovery"): the request and actor of machines/reset-password.machine.ts. */
import { fromPromise } from 'xstate';
import { OkResponse } from '../../../contracts/account-fields.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function resetPasswordActors() {
  return {
    resetPassword: fromPromise<unknown, { token: string; newPassword: string }>(async ({ input }) => call(api.post(`${A}/reset-password`, input, { schema: OkResponse }))),
  };
}
