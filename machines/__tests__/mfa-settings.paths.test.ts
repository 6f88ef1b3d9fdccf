import { describe, expect, it } from 'vitest';
import { mfaSettingsMachine } from '../mfa-settings.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { mfaSettingsEvents } from './account-events.ts';

describe('MFA settings machine (model-based)', () => {
  const { paths, coverage } = exercise(
    mfaSettingsMachine.provide({ actors: { loadMfaStatus: stuck(), removePhone: stuck() } }),
    { events: mfaSettingsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.status?.phoneNumber ?? null, e: !!s.context.error }) },
    (_p, final) => {
      if (final.matches('confirmingRemoval')) expect(final.context.status?.phoneNumber).toBeTruthy();
    },
  );
  printCoverage('mfaSettings', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
