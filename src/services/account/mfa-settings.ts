/** /account/settings/mfa (spec 2 "Personal details and settings"): the requests and actors of machines/mfa-settings.machine.ts. */
import { fromPromise } from 'xstate';
import { MfaStatus } from '../../../contracts/account-mfa.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function mfaSettingsActors() {
  return {
    loadMfaStatus: fromPromise<MfaStatus, void>(async () => call(api.get(`${A}/settings/mfa`, { schema: MfaStatus }))),
    removePhone: fromPromise<MfaStatus, void>(async () => call(api.del(`${A}/settings/mfa/phone`, { schema: MfaStatus }))),
  };
}
