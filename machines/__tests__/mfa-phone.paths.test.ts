import { describe, expect, it } from 'vitest';
import { mfaPhoneMachine } from '../mfa-phone.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { apiError, serverDown, stuck } from './account-fakes.ts';

const status = { enabled: true, phoneNumber: '•••-•••-0123', mfaVerifiedAt: null, reauthValidUntil: null };
const reauth = apiError(403, 'REAUTH_REQUIRED', 'For your security, confirm your identity to continue.');
export const mfaPhoneEvents = [
  { type: 'user.submit', phoneNumber: '(206) 555-0123' },
  { type: 'user.submit', phoneNumber: '555-01' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: '12' },
  { type: 'user.resendCode' },
  { type: 'user.changeNumber' },
  { type: 'xstate.done.actor.sendPhoneCode', output: { pendingPhoneNumber: '•••-•••-0123' }, actorId: 'sendPhoneCode' },
  { type: 'xstate.error.actor.sendPhoneCode', error: reauth, actorId: 'sendPhoneCode' },
  { type: 'xstate.error.actor.sendPhoneCode', error: apiError(400, 'BAD_REQUEST', 'Please enter a 10-digit phone number.', { field: 'phoneNumber' }), actorId: 'sendPhoneCode' },
  { type: 'xstate.error.actor.sendPhoneCode', error: serverDown, actorId: 'sendPhoneCode' },
  { type: 'xstate.done.actor.verifyPhoneCode', output: status, actorId: 'verifyPhoneCode' },
  { type: 'xstate.error.actor.verifyPhoneCode', error: reauth, actorId: 'verifyPhoneCode' },
  { type: 'xstate.error.actor.verifyPhoneCode', error: apiError(410, 'CODE_EXPIRED', 'This code has expired. Request a new code and try again.', { field: 'code' }), actorId: 'verifyPhoneCode' },
  { type: 'xstate.error.actor.verifyPhoneCode', error: serverDown, actorId: 'verifyPhoneCode' },
] as const;

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
