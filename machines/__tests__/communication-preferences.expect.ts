/** Communication preferences (spec 2 section 2 settings/communication-preferences, section 3: a pending flag per item): each switch saves on its own. */
import { expect } from 'vitest';
import { communicationPreferencesMachine, PREFERENCE_KEYS, saveGeneralEmailRequest, saveHarborEmailRequest, savePersonalizedEmailRequest } from '../communication-preferences.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { communicationPreferencesEvents, savedPreferences } from './account-events.ts';
import { spyActions, type Flow, type Arranged } from './flow.ts';

const region = (key: string) => ({
  [`ready.${key}.idle`]: { 'user.toggle': { guard: 'isToggleOf', to: `ready.${key}.saving` } },
  [`ready.${key}.saving`]: { [`xstate.done.actor.save.${key}`]: `ready.${key}.idle`, [`xstate.error.actor.save.${key}`]: `ready.${key}.idle` },
});

export const communicationPreferencesFlow: Flow<typeof communicationPreferencesMachine> = {
  machine: communicationPreferencesMachine,
  table: {
    loading: { 'xstate.done.actor.loadPreferences': 'ready', 'xstate.error.actor.loadPreferences': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ...region('receiveHarborEmailCommunications'),
    ...region('receiveGeneralEmailCommunications'),
    ...region('receivePersonalizedEmailCommunications'),
  },
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] } },
  effects: Object.fromEntries(
    PREFERENCE_KEYS.flatMap((key) => [
      [`xstate.done.actor.save.${key} -> ready.${key}.idle`, ['notify:toast/success/preferenceSaved']],
      [`xstate.error.actor.save.${key} -> ready.${key}.idle`, ['notify:toast/error/preferenceSaveFailed']],
    ]),
  ),
  arrange(machine) {
    const fakes = requestFakes({ savePreference: [saveHarborEmailRequest, saveGeneralEmailRequest, savePersonalizedEmailRequest] });
    const spy = spyActions(['notify'] as const);
    const arranged: Arranged<typeof machine> = {
      machine: machine.provide({ actors: { ...fakes.actors, loadPreferences: stuck() }, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: communicationPreferencesEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.preferences, q: s.context.pending }) } }],
      onStep(s, event) {
        const c = s.context;
        if (s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('loading')) expect(c.error).toBeNull();
        if (!s.matches('ready')) return;
        // a settled item shows the server's value; a pending one the user's choice
        for (const key of PREFERENCE_KEYS) {
          const saving = s.matches({ ready: { [key]: 'saving' } });
          expect(!!c.pending[key]).toBe(saving);
          if (saving) expect(fakes.last('savePreference')).toBeDefined();
        }
        const e = event as { type: string; key?: string; output?: Record<string, boolean> };
        if (e.type === 'user.toggle') expect(c.preferences?.[e.key as 'receiveHarborEmailCommunications']).toBe(!savedPreferences[e.key as 'receiveHarborEmailCommunications']);
        const done = /^xstate\.(done|error)\.actor\.save\.(.+)$/.exec(e.type);
        if (done) expect(c.preferences?.[done[2] as 'receiveHarborEmailCommunications']).toBe(done[1] === 'done' ? e.output![done[2]!] : savedPreferences[done[2] as 'receiveHarborEmailCommunications']);
        expect([accountMessages.preferenceSaved, accountMessages.preferenceSaveFailed]).toEqual(['Your communication preferences have been saved.', "We couldn't save that preference. Please try again."]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        // each switch saves its own key with the value the user chose
        expect(fakes.distinct('savePreference')).toEqual(expect.arrayContaining(PREFERENCE_KEYS.map((key) => ({ key, value: !savedPreferences[key] }))));
        expect(fakes.distinct('savePreference')).toHaveLength(PREFERENCE_KEYS.length);
      },
    };
    return arranged;
  },
};
