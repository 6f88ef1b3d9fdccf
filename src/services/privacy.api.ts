/** The privacy opt-out and unsubscribe API client (issue 11, docs/consent.md). */
import { OkResponse } from '../../contracts/account-fields.ts';
import { PrivacySettings, UnsubscribeResponse } from '../../contracts/privacy.ts';
import { api } from './api.ts';
import { callRethrowing, toFlowError } from './flow-error.ts';

const call = callRethrowing(toFlowError);

export const privacyApi = {
  optOut: (input: { email: string; optIn: false }) => call(api.post('/privacy/opt-out', input, { schema: OkResponse })),
  settings: () => call(api.get('/account/privacy', { schema: PrivacySettings })),
  saveSettings: (input: PrivacySettings) => call(api.put('/account/privacy', input, { schema: PrivacySettings })),
  unsubscribe: (input: { token: string }) => call(api.post('/unsubscribe', input, { schema: UnsubscribeResponse })),
};
