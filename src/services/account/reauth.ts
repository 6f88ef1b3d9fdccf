/** Re-authentication before a sensitive setting (ReauthGate): the requests and actors of machines/reauth.machine.ts. */
import { fromPromise } from 'xstate';
import { MfaReauthResponse, MfaStatus } from '../../../contracts/account-mfa.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function reauthActors() {
  return {
    checkPassword: fromPromise<MfaReauthResponse, { password: string }>(async ({ input }) => call(api.post(`${A}/settings/mfa/reauth`, input, { schema: MfaReauthResponse }))),
    checkCode: fromPromise<MfaStatus, { code: string }>(async ({ input }) => call(api.post(`${A}/settings/mfa/reauth/verify`, input, { schema: MfaStatus }))),
  };
}
