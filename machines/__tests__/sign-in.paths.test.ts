import { describe, expect, it } from 'vitest';
import { signInMachine } from '../sign-in.machine.ts';
import { exercise, printCoverage, describePath } from './model.ts';
import { stuck } from './account-fakes.ts';
import { signInEvents } from './account-events.ts';

const signInTestMachine = signInMachine.provide({
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
