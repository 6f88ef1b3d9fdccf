/** /account/settings/privacy (issue 11): load; the switch saves at once with a toast naming the new choice; a failure keeps the stored value. */
import { expect } from 'vitest';
import { privacySettingsMachine, savePrivacyRequest } from '../privacy-settings.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { spyActions, type Flow } from './flow.ts';
import { privacySettingsEvents } from './privacy.events.ts';

export const privacySettingsFlow: Flow<typeof privacySettingsMachine> = {
  machine: privacySettingsMachine,
  table: {
    loading: { 'xstate.done.actor.loadPrivacy': 'ready', 'xstate.error.actor.loadPrivacy': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ready: { 'user.toggle': { guard: 'isChange', to: 'saving' } },
    saving: {
      'xstate.done.actor.savePrivacy': [{ guard: 'savedOptOut', to: 'ready' }, 'ready'],
      'xstate.error.actor.savePrivacy': 'ready',
    },
  },
  // spec 2 "privacy settings": the opt-out toggle saves at once (a toast per outcome)
  journeys: [
    { name: 'opt out', events: [privacySettingsEvents[3], privacySettingsEvents[0], privacySettingsEvents[5]], ends: 'ready' },
    { name: 'saving', events: [privacySettingsEvents[3], privacySettingsEvents[0]], ends: 'saving' },
    { name: 'saving fails', events: [privacySettingsEvents[3], privacySettingsEvents[0], privacySettingsEvents[7]], ends: 'ready' },
    { name: 'no change is not sent', events: [privacySettingsEvents[3], privacySettingsEvents[1]], ends: 'ready' },
    { name: 'the load fails, retried', events: [privacySettingsEvents[4], privacySettingsEvents[2], privacySettingsEvents[3]], ends: 'ready' },
    { name: 'the load fails', events: [privacySettingsEvents[4]], ends: 'loadFailed' },
  ],
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, saving: { tags: ['loading'] } },
  effects: {
    'xstate.error.actor.savePrivacy -> ready': ['notify:toast/error/privacySaveFailed'],
  },
  arrange(machine) {
    const fakes = requestFakes({ savePrivacy: savePrivacyRequest });
    const spy = spyActions(['notify'] as const);
    let before: boolean | null = null;
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadPrivacy: stuck() }, actions: spy.actions }),
      runs: [{ name: '', options: { events: privacySettingsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, o: s.context.optedOut, s: s.context.saving, e: s.context.error }) } }],
      beforePath: () => void ((before = null), spy.clear()),
      onStep(s, event) {
        const c = s.context;
        const notes = spy.step();
        if (s.matches('saving')) {
          expect(c.saving).toBe(!before);
          expect(fakes.last('savePrivacy')).toEqual({ optedOut: !before });
        }
        if (event.type === 'xstate.done.actor.savePrivacy') {
          const out = (event as unknown as { output: { optedOut: boolean } }).output.optedOut;
          expect(c.optedOut).toBe(out);
          expect(notes.map((n) => n.params)).toEqual([{ kind: 'toast', tone: 'success', message: out ? 'privacyOptOutSaved' : 'privacyOptInSaved' }]);
        } else if (event.type === 'xstate.error.actor.savePrivacy') {
          expect(c.optedOut).toBe(before);
          expect(notes.map((n) => n.params)).toEqual([{ kind: 'toast', tone: 'error', message: 'privacySaveFailed' }]);
        } else expect(notes).toEqual([]);
        if (s.matches('ready')) expect(c.saving).toBeNull();
        if (s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('loading')) expect(c.error).toBeNull();
        if (event.type === 'xstate.done.actor.loadPrivacy') expect(c.optedOut).toBe(false);
        if (s.matches('ready')) before = c.optedOut;
        expect([accountMessages.privacyOptOutSaved, accountMessages.privacyOptInSaved]).toEqual(['Saved: we will not sell or share your personal information.', 'Saved: your choice was withdrawn.']);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('savePrivacy')).toEqual(expect.arrayContaining([{ optedOut: true }, { optedOut: false }]));
      },
    };
  },
};
