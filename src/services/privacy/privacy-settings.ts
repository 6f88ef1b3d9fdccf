/** The member's privacy settings flow (machines/privacy-settings.machine.ts, /account/settings/privacy): its actors. */
import { fromPromise } from 'xstate';
import type { PrivacySettings } from '../../../contracts/privacy.ts';
import { privacyApi } from '../privacy.api.ts';

export function privacySettingsActors() {
  return {
    loadPrivacy: fromPromise<PrivacySettings, void>(() => privacyApi.settings()),
    savePrivacy: fromPromise<PrivacySettings, PrivacySettings>(({ input }) => privacyApi.saveSettings(input)),
  };
}
