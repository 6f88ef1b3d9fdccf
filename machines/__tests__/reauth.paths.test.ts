import { describe, expect, it } from 'vitest';
import { checkCodeRequest, checkPasswordRequest, reauthMachine } from '../reauth.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { reauthEvents } from './account-events.ts';

describe('re-authentication machine (model-based)', () => {
  const fakes = requestFakes({ checkPassword: checkPasswordRequest, checkCode: checkCodeRequest });
  const { paths, coverage } = exercise(
    reauthMachine.provide({ actors: fakes.actors }),
    { events: reauthEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.phoneNumber }) },
    (_p, final) => {
      if (final.matches('enteringCode')) expect(final.context.phoneNumber).toBe('•••-•••-0123');
      // the password is held only while its request runs
      if (!final.matches('checkingPassword')) expect(final.context.password).toBeNull();
    },
  );
  printCoverage('reauth', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('checkPassword')).toEqual([{ password: 'secret' }]);
    expect(fakes.distinct('checkCode')).toEqual([{ code: '123456' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
