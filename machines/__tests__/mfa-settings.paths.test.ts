import { describe, expect, it } from 'vitest';
import { mfaSettingsMachine } from '../mfa-settings.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { apiError, serverDown, stuck } from './account-fakes.ts';

const withPhone = { enabled: true, phoneNumber: '•••-•••-0123', mfaVerifiedAt: null, reauthValidUntil: null };
const without = { enabled: false, phoneNumber: null, mfaVerifiedAt: null, reauthValidUntil: null };
export const mfaSettingsEvents = [
  { type: 'user.removePhone' },
  { type: 'user.confirmRemove' },
  { type: 'user.cancelRemove' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadMfaStatus', output: withPhone, actorId: 'loadMfaStatus' },
  { type: 'xstate.done.actor.loadMfaStatus', output: without, actorId: 'loadMfaStatus' },
  { type: 'xstate.error.actor.loadMfaStatus', error: serverDown, actorId: 'loadMfaStatus' },
  { type: 'xstate.done.actor.removePhone', output: without, actorId: 'removePhone' },
  { type: 'xstate.error.actor.removePhone', error: apiError(403, 'REAUTH_REQUIRED', 'For your security, confirm your identity to continue.'), actorId: 'removePhone' },
  { type: 'xstate.error.actor.removePhone', error: serverDown, actorId: 'removePhone' },
] as const;

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
