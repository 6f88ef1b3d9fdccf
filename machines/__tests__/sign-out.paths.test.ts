import { describe, expect, it } from 'vitest';
import { signOutMachine } from '../sign-out.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { signOutEvents } from './account-events.ts';

describe('sign-out machine (model-based)', () => {
  const { paths, coverage } = exercise(signOutMachine.provide({ actors: { signOut: stuck() } }), { events: signOutEvents as never, input: { returnUrl: 'https://evil.example' } }, (path, final) => {
    // the server's sanitised returnUrl, else the (unsafe, so ignored) input, else /
    expect(final.context.destination).toBe(path.steps.some((s) => s.event.type === 'xstate.done.actor.signOut') ? '/menu' : '/');
  });
  printCoverage('signOut', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
