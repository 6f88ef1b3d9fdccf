import { describe, expect, it } from 'vitest';
import { communicationPreferencesMachine, PREFERENCE_KEYS } from '../communication-preferences.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { communicationPreferencesEvents } from './account-events.ts';

describe('communication preferences machine (model-based)', () => {
  const { paths, coverage } = exercise(
    communicationPreferencesMachine.provide({ actors: { loadPreferences: stuck(), savePreference: stuck() } }),
    { events: communicationPreferencesEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.preferences, q: s.context.pending }) },
    (_p, final) => {
      if (!final.matches('ready')) return;
      // a settled item shows the server's value; a pending one the user's choice
      for (const key of PREFERENCE_KEYS) if (!final.context.pending[key]) expect(typeof final.context.preferences?.[key]).toBe('boolean');
    },
  );
  printCoverage('communicationPreferences', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
