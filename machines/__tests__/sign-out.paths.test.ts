import { describe, expect, it } from 'vitest';
import { signOutMachine, signOutRequest } from '../sign-out.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { signOutEvents } from './account-events.ts';

describe('sign-out machine (model-based)', () => {
  const fakes = requestFakes({ signOut: signOutRequest });
  const { paths, coverage } = exercise(signOutMachine.provide({ actors: fakes.actors }), { events: signOutEvents as never, input: { returnUrl: 'https://evil.example' } }, (path, final) => {
    // the request carries the input as is: the server sanitises it
    expect(fakes.last('signOut')).toEqual({ returnUrl: 'https://evil.example' });
    // the server's sanitised returnUrl, else the (unsafe, so ignored) input, else /
    expect(final.context.destination).toBe(path.steps.some((s) => s.event.type === 'xstate.done.actor.signOut') ? '/menu' : '/');
  });
  printCoverage('signOut', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
