import { describe, expect, it } from 'vitest';
import { mfaPhoneMachine, sendPhoneCodeRequest, verifyPhoneCodeRequest } from '../mfa-phone.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { mfaPhoneEvents } from './account-events.ts';

describe('MFA phone machine (model-based)', () => {
  const fakes = requestFakes({ sendPhoneCode: sendPhoneCodeRequest, verifyPhoneCode: verifyPhoneCodeRequest });
  const { paths, coverage } = exercise(
    mfaPhoneMachine.provide({ actors: fakes.actors }),
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
    expect(fakes.errors()).toEqual([]);
    // the number as validated (digits only), also when the code is sent again
    expect(fakes.distinct('sendPhoneCode')).toEqual([{ phoneNumber: '2065550123' }]);
    expect(fakes.distinct('verifyPhoneCode')).toEqual([{ code: '123456' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
