import { describe, expect, it } from 'vitest';
import { ssoMachine } from '../sso.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { ssoEvents } from './account-events.ts';

describe('sso machine (model-based)', () => {
  const { paths, coverage } = exercise(ssoMachine.provide({ actors: { ssoSignIn: stuck() } }), { events: ssoEvents as never, input: { token: 't', returnUrl: '/menu' } }, (_path, final) => {
    if (final.matches('redirecting')) expect(final.context.destination).toBe('/account/cards');
    if (final.matches('redirectingToSignIn')) expect(final.context.destination).toBe('/account/signin?returnUrl=%2Fmenu');
  });
  printCoverage('sso', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
