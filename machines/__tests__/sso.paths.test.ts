import { describe, expect, it } from 'vitest';
import { ssoMachine, ssoSignInRequest } from '../sso.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { ssoEvents } from './account-events.ts';

describe('sso machine (model-based)', () => {
  const fakes = requestFakes({ ssoSignIn: ssoSignInRequest });
  const { paths, coverage } = exercise(ssoMachine.provide({ actors: fakes.actors }), { events: ssoEvents as never, input: { token: 't', returnUrl: '/menu' } }, (_path, final) => {
    // the request starts with the machine and reads the applied input
    expect(fakes.last('ssoSignIn')).toEqual({ token: 't', returnUrl: '/menu' });
    if (final.matches('redirecting')) expect(final.context.destination).toBe('/account/cards');
    if (final.matches('redirectingToSignIn')) expect(final.context.destination).toBe('/account/signin?returnUrl=%2Fmenu');
  });
  printCoverage('sso', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
