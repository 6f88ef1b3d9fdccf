import { describe, expect, it } from 'vitest';
import { signInMachine } from '../sign-in.machine.ts';
import { exercise, printCoverage, describePath } from './model.ts';
import { stuck, apiError } from './account-fakes.ts';

const challenge = apiError(401, 'MFA_CHALLENGE_REQUIRED', 'Enter the code we sent to your phone.', {
  challengeId: 'c'.repeat(22),
  mfaChallengeMethods: [{ id: 'c'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }],
});
export const signInEvents = [
  { type: 'user.submit', username: 'ana@example.com', password: 'correct horse', rememberMe: false },
  { type: 'user.submit', username: '', password: '', rememberMe: false },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: '12' },
  { type: 'user.cancelCode' },
  { type: 'xstate.done.actor.signIn', output: { returnUrl: '/store-locator?favorites=1' }, actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: challenge, actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: apiError(401, 'INVALID_CREDENTIALS', 'The email or password you entered is not valid. Please try again.', { messageId: 'invalid-credentials' }), actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.'), actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: apiError(500, 'UNEXPECTED_ERROR', 'Something went wrong. Please try again.'), actorId: 'signIn' },
  { type: 'xstate.done.actor.verifyCode', output: {}, actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(400, 'INVALID_CODE', 'The code you entered is not valid. Please try again.'), actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(410, 'CODE_EXPIRED', 'This code has expired. Request a new code and try again.'), actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(429, 'RATE_LIMITED', 'Too many attempts.'), actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(0, 'NETWORK_ERROR', 'offline'), actorId: 'verifyCode' },
  { type: 'xstate.done.actor.paymentSignIn', output: undefined, actorId: 'paymentSignIn' },
  { type: 'xstate.error.actor.paymentSignIn', error: new Error('payment service down'), actorId: 'paymentSignIn' },
] as const;

export const signInTestMachine = signInMachine.provide({
  actors: { signIn: stuck(), verifyCode: stuck(), paymentSignIn: stuck() },
});

describe('sign-in machine (model-based)', () => {
  const { paths, coverage } = exercise(
    signInTestMachine,
    {
      events: signInEvents as never,
      input: { returnUrl: '/account/cards' },
      serializeState: (s) => JSON.stringify({ v: s.value, f: Object.keys(s.context.fieldErrors).length > 0, e: !!s.context.formError, c: !!s.context.challenge, ce: !!s.context.codeError }),
    },
    (path, final) => {
      if (process.env.DEBUG_PATHS) console.log(describePath(path));
      if (final.matches('redirecting')) expect(final.context.destination).toBe(path.steps.some((s) => s.event.type === 'xstate.done.actor.signIn') ? '/store-locator?favorites=1' : '/account/cards');
      if (final.matches('enteringCode')) expect(final.context.challenge?.methods[0]?.phoneNumber).toBe('•••-•••-1234');
      if (final.matches('editing')) expect(final.context.challenge).toBeNull();
    },
  );
  printCoverage('signIn', coverage);

  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
