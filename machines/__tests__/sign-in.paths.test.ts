import { describe, expect, it } from 'vitest';
import { signInMachine, signInRequest, verifyCodeRequest } from '../sign-in.machine.ts';
import { exercise, printCoverage, describePath, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { signInEvents } from './account-events.ts';

const fakes = requestFakes({ signIn: signInRequest, verifyCode: verifyCodeRequest });
const signInTestMachine = signInMachine.provide({
  actors: { ...fakes.actors, paymentSignIn: stuck() },
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
      // the password is held only while its request runs
      if (!final.matches('submitting')) expect(final.context.credentials).toBeNull();
    },
  );
  printCoverage('signIn', coverage);

  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    // every request sent, on every path: the valid submit's credentials (trimmed) and the challenge's code
    expect(fakes.distinct('signIn')).toEqual([{ username: 'ana@example.com', password: 'correct horse', rememberMe: false, returnUrl: '/account/cards' }]);
    expect(fakes.distinct('verifyCode')).toEqual([{ challengeId: 'c'.repeat(22), code: '123456' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
