/** Adding or changing the two-step verification phone: the requests and actors of machines/mfa-phone.machine.ts. */
import { fromPromise } from 'xstate';
import { MfaPhonePendingResponse, MfaStatus } from '../../../contracts/account-mfa.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function mfaPhoneActors() {
  return {
    sendPhoneCode: fromPromise<{ pendingPhoneNumber: string }, { phoneNumber: string }>(async ({ input }) =>
      call(api.post(`${A}/settings/mfa/phone`, input, { schema: MfaPhonePendingResponse })),
    ),
    verifyPhoneCode: fromPromise<MfaStatus, { code: string }>(async ({ input }) => call(api.post(`${A}/settings/mfa/phone/verify`, input, { schema: MfaStatus }))),
  };
}
