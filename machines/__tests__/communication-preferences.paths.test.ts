import { describe, expect, it } from 'vitest';
import { communicationPreferencesMachine, PREFERENCE_KEYS, saveGeneralEmailRequest, saveHarborEmailRequest, savePersonalizedEmailRequest } from '../communication-preferences.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { communicationPreferencesEvents, savedPreferences } from './account-events.ts';

describe('communication preferences machine (model-based)', () => {
  const fakes = requestFakes({ savePreference: [saveHarborEmailRequest, saveGeneralEmailRequest, savePersonalizedEmailRequest] });
  const { paths, coverage } = exercise(
    communicationPreferencesMachine.provide({ actors: { ...fakes.actors, loadPreferences: stuck() } }),
    { events: communicationPreferencesEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.preferences, q: s.context.pending }) },
    (_p, final) => {
      if (!final.matches('ready')) return;
      // a settled item shows the server's value; a pending one the user's choice
      for (const key of PREFERENCE_KEYS) if (!final.context.pending[key]) expect(typeof final.context.preferences?.[key]).toBe('boolean');
      // the pending flag is the region's saving state
      for (const key of PREFERENCE_KEYS) expect(!!final.context.pending[key]).toBe(final.matches({ ready: { [key]: 'saving' } }));
    },
  );
  printCoverage('communicationPreferences', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    // each switch saves its own key with the value the user chose
    expect(fakes.distinct('savePreference')).toEqual(expect.arrayContaining(PREFERENCE_KEYS.map((key) => ({ key, value: !savedPreferences[key] }))));
    expect(fakes.distinct('savePreference')).toHaveLength(PREFERENCE_KEYS.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
