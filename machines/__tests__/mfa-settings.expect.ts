/** MFA settings (spec 2 section 2 settings/mfa, section 6): load the status, remove the phone after a confirmation; removal needs a recent re-authentication. */
import { expect } from 'vitest';
import { mfaSettingsMachine } from '../mfa-settings.machine.ts';
import { stuck } from './account-fakes.ts';
import { mfaSettingsEvents, mfaWithPhone, mfaWithoutPhone } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const S = mfaSettingsEvents as ReadonlyArray<{ type: string }>;

export const mfaSettingsFlow: Flow<typeof mfaSettingsMachine> = {
  machine: mfaSettingsMachine,
  table: {
    loading: { 'xstate.done.actor.loadMfaStatus': 'showing', 'xstate.error.actor.loadMfaStatus': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    showing: { 'user.removePhone': { guard: 'hasPhone', to: 'confirmingRemoval' } },
    confirmingRemoval: { 'user.confirmRemove': 'removing', 'user.cancelRemove': 'showing' },
    removing: {
      'xstate.done.actor.removePhone': 'showing',
      'xstate.error.actor.removePhone': [{ guard: 'isReauthRequired', to: 'reauthRequired' }, 'showing'],
    },
  },
  // spec 2 "2-step verification": remove the phone after a confirmation; reauthentication when asked
  journeys: [
    { name: 'remove the phone', events: [S[4]!, S[0]!, S[1]!, S[7]!], ends: 'showing' },
    { name: 'removing', events: [S[4]!, S[0]!, S[1]!], ends: 'removing' },
    { name: 'remove, reauthentication', events: [S[4]!, S[0]!, S[1]!, S[8]!], ends: 'reauthRequired' },
    { name: 'remove fails', events: [S[4]!, S[0]!, S[1]!, S[9]!], ends: 'showing' },
    { name: 'remove, then cancel', events: [S[4]!, S[0]!, S[2]!], ends: 'showing' },
    { name: 'asked to confirm', events: [S[4]!, S[0]!], ends: 'confirmingRemoval' },
    { name: 'no phone: nothing to remove', events: [S[5]!, S[0]!], ends: 'showing' },
    { name: 'the load fails, retried', events: [S[6]!, S[3]!, S[4]!], ends: 'showing' },
    { name: 'the load fails', events: [S[6]!], ends: 'loadFailed' },
  ],
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, removing: { tags: ['loading'] } },
  effects: {
    'xstate.done.actor.removePhone -> showing': ['notify:toast/success/mfaPhoneRemoved'],
    'xstate.error.actor.removePhone -> showing': ['notify:toast/error/mfaPhoneRemoveFailed'],
    '* -> reauthRequired': ['requestReauth'],
  },
  arrange(machine) {
    const spy = spyActions(['notify', 'requestReauth'] as const);
    return {
      machine: machine.provide({ actors: { loadMfaStatus: stuck(), removePhone: stuck() }, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: mfaSettingsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.status?.phoneNumber ?? null, e: !!s.context.error }) } }],
      onStep(s, event) {
        if (s.matches('confirmingRemoval')) expect(s.context.status?.phoneNumber).toBeTruthy();
        if (s.matches('loadFailed')) expect(s.context.error).toBe('Something went wrong. Please try again.');
        if (s.matches('loading')) expect(s.context.error).toBeNull();
        if (event.type === 'xstate.done.actor.loadMfaStatus') expect(s.context.status).toEqual((event as unknown as { output: unknown }).output);
        if (event.type === 'xstate.done.actor.removePhone') expect(s.context.status).toEqual(mfaWithoutPhone);
        if (event.type === 'xstate.error.actor.removePhone' && s.matches('showing')) expect(s.context.error).toBe('Something went wrong. Please try again.');
        if (s.matches('removing')) expect(s.context.status).toEqual(mfaWithPhone);
      },
    };
  },
};
