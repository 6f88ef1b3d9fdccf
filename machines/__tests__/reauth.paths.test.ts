import { describe, expect, it } from 'vitest';
import { reauthMachine } from '../reauth.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { apiError, serverDown, stuck } from './account-fakes.ts';

const status = { enabled: true, phoneNumber: '•••-•••-0123', mfaVerifiedAt: '2026-01-01T00:00:00.000Z', reauthValidUntil: '2026-01-01T00:15:00.000Z' };
export const reauthEvents = [
  { type: 'user.submitPassword', password: 'secret' },
  { type: 'user.submitPassword', password: '' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: '1' },
  { type: 'user.startOver' },
  { type: 'xstate.done.actor.checkPassword', output: { status: 'verified', phoneNumber: null, mfaVerifiedAt: status.mfaVerifiedAt }, actorId: 'checkPassword' },
  { type: 'xstate.done.actor.checkPassword', output: { status: 'code-sent', phoneNumber: '•••-•••-0123', mfaVerifiedAt: null }, actorId: 'checkPassword' },
  { type: 'xstate.error.actor.checkPassword', error: apiError(400, 'CURRENT_PASSWORD_INVALID', 'The password you entered is not valid. Please try again.', { field: 'password' }), actorId: 'checkPassword' },
  { type: 'xstate.error.actor.checkPassword', error: serverDown, actorId: 'checkPassword' },
  { type: 'xstate.done.actor.checkCode', output: status, actorId: 'checkCode' },
  { type: 'xstate.error.actor.checkCode', error: apiError(400, 'INVALID_CODE', 'The code you entered is not valid. Please try again.', { field: 'code' }), actorId: 'checkCode' },
] as const;

describe('re-authentication machine (model-based)', () => {
  const { paths, coverage } = exercise(
    reauthMachine.provide({ actors: { checkPassword: stuck(), checkCode: stuck() } }),
    { events: reauthEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.phoneNumber }) },
    (_p, final) => {
      if (final.matches('enteringCode')) expect(final.context.phoneNumber).toBe('•••-•••-0123');
    },
  );
  printCoverage('reauth', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
