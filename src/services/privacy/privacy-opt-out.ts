/** The Do Not Sell or Share request (machines/privacy-opt-out.machine.ts, /personal-information): its actor. */
import { fromPromise } from 'xstate';
import { privacyApi } from '../privacy.api.ts';

export function privacyOptOutActors() {
  return {
    sendOptOut: fromPromise<unknown, { email: string; optIn: false }>(({ input }) => privacyApi.optOut(input)),
  };
}
