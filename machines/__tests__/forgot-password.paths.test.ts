import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forgotPasswordMachine, sendResetLinkRequest } from '../forgot-password.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { forgotPasswordEvents } from './account-events.ts';

describe('forgot-password machine (model-based)', () => {
  const fakes = requestFakes({ sendResetLink: sendResetLinkRequest });
  const { paths, coverage } = exercise(
    forgotPasswordMachine.provide({ actors: fakes.actors }),
    { events: forgotPasswordEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors) }) },
    (_path, final) => {
      if (final.matches('redirecting')) expect(final.context.destination).toBe('/account/forgot-password/success');
      if (final.matches('editing') && final.context.fieldErrors.emailAddress) expect(final.context.fieldErrors.emailAddress).toBe('Please enter a valid email address.');
    },
  );
  printCoverage('forgotPassword', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('sendResetLink')).toEqual([{ emailAddress: 'ana@example.com' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
  it('limits the email to 50 characters', () => {
    const actor = createActor(forgotPasswordMachine).start();
    actor.send({ type: 'user.submit', emailAddress: `${'a'.repeat(40)}@example.com` });
    expect(actor.getSnapshot().context.fieldErrors.emailAddress).toBe('Please enter a valid email address.');
    actor.send({ type: 'user.submit', emailAddress: '' });
    expect(actor.getSnapshot().context.fieldErrors.emailAddress).toBe('Please enter your email address.');
  });
});
