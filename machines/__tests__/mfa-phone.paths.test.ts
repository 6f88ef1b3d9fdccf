import { describe, expect, it } from 'vitest';
import { mfaPhoneMachine } from '../mfa-phone.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { mfaPhoneEvents } from './account-events.ts';

describe('MFA phone machine (model-based)', () => {
  const { paths, coverage } = exercise(
    mfaPhoneMachine.provide({ actors: { sendPhoneCode: stuck(), verifyPhoneCode: stuck() } }),
    {
      events: mfaPhoneEvents as never,
      input: { mode: 'add' },
      serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.phoneNumber, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError }),
    },
    (path, final) => {
      if (final.matches('sendingCode')) expect(final.context.phoneNumber).toBe('2065550123');
      if (final.matches('saved')) expect(final.context.destination).toBe('/account/settings/mfa');
      const last = path.steps.at(-1)!.event as { type: string; phoneNumber?: string };
      if (last.type === 'user.submit' && last.phoneNumber === '555-01') expect(final.context.fieldErrors.phoneNumber).toBe('Please enter a 10-digit phone number.');
    },
  );
  printCoverage('mfaPhone', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
