import * as v from 'valibot';

/** Communication preferences (contracts/account.ts re-exports them). */

/** GET /account/communication-preferences → CommunicationPreferences; PUT with any subset → the full object */
export const CommunicationPreferences = v.object({
  receiveHarborEmailCommunications: v.boolean(),
  receiveGeneralEmailCommunications: v.boolean(),
  receivePersonalizedEmailCommunications: v.boolean(),
});
export type CommunicationPreferences = v.InferOutput<typeof CommunicationPreferences>;
export const CommunicationPreferencesPatch = v.partial(CommunicationPreferences);
