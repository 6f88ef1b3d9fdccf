import { describe, expect, it } from 'vitest';
import { signOutMachine } from '../sign-out.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { serverDown, stuck } from './account-fakes.ts';

const events = [
  { type: 'xstate.done.actor.signOut', output: { returnUrl: '/menu' }, actorId: 'signOut' },
  { type: 'xstate.error.actor.signOut', error: serverDown, actorId: 'signOut' },
] as const;

describe('sign-out machine (model-based)', () => {
  const { paths, coverage } = exercise(signOutMachine.provide({ actors: { signOut: stuck() } }), { events: events as never, input: { returnUrl: 'https://evil.example' } }, (path, final) => {
    // the server's sanitised returnUrl, else the (unsafe, so ignored) input, else /
    expect(final.context.destination).toBe(path.steps.some((s) => s.event.type === 'xstate.done.actor.signOut') ? '/menu' : '/');
  });
  printCoverage('signOut', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
