/** /account/settings/communication-preferences: the requests and actors of machines/communication-preferences.machine.ts. */
import { fromPromise } from 'xstate';
import { CommunicationPreferences } from '../../../contracts/account-preferences.ts';
import type { SavePreferenceRequest } from '../../../machines/communication-preferences.machine.ts';
import { api } from '../api.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function communicationPreferencesActors() {
  return {
    loadPreferences: fromPromise<CommunicationPreferences, void>(async () => call(api.get(`${A}/communication-preferences`, { schema: CommunicationPreferences }))),
    savePreference: fromPromise<CommunicationPreferences, SavePreferenceRequest>(async ({ input }) =>
      call(api.put(`${A}/communication-preferences`, { [input.key]: input.value }, { schema: CommunicationPreferences })),
    ),
  };
}
