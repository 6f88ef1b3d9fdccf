/** The privacy opt-out API client (issue 11, docs/consent.md); unsubscribing is src/services/unsubscribe.api.ts. */
import { OkResponse } from '../../contracts/account-fields.ts';
import { PrivacySettings } from '../../contracts/privacy.ts';
import { api } from './api.ts';
import { callWithFlowError as call } from './flow-error.ts';


export const privacyApi = {
  optOut: (input: { email: string; optIn: false }) => call(api.post('/privacy/opt-out', input, { schema: OkResponse })),
  settings: () => call(api.get('/account/privacy', { schema: PrivacySettings })),
  saveSettings: (input: PrivacySettings) => call(api.put('/account/privacy', input, { schema: PrivacySettings })),
};
