/** /account/settings/password: the request and actor of machines/change-password.machine.ts. */
import { fromPromise } from 'xstate';
import { OkResponse } from '../../../contracts/account-fields.ts';
import type { ChangePasswordValues } from '../../../machines/change-password.machine.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function changePasswordActors() {
  return {
    changePassword: fromPromise<unknown, ChangePasswordValues>(async ({ input }) => call(api.post(`${A}/settings/password`, input, { schema: OkResponse }))),
  };
}
