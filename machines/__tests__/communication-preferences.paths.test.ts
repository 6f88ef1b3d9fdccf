import { describe, expect, it } from 'vitest';
import { communicationPreferencesMachine, PREFERENCE_KEYS } from '../communication-preferences.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { serverDown, stuck } from './account-fakes.ts';

const prefs = { receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: false };
export const communicationPreferencesEvents = [
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadPreferences', output: prefs, actorId: 'loadPreferences' },
  { type: 'xstate.error.actor.loadPreferences', error: serverDown, actorId: 'loadPreferences' },
  ...PREFERENCE_KEYS.flatMap((key) => [
    { type: 'user.toggle', key, value: !prefs[key] },
    { type: `xstate.done.actor.save.${key}`, output: { ...prefs, [key]: !prefs[key] }, actorId: `save.${key}` },
    { type: `xstate.error.actor.save.${key}`, error: serverDown, actorId: `save.${key}` },
  ]),
];

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
