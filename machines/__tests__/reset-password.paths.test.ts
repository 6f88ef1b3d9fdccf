import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../reset-password.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { resetPasswordEvents, RESET_TOKEN } from './account-events.ts';

describe('reset-password machine (model-based)', () => {
  const { paths, coverage } = exercise(
    resetPasswordMachine.provide({ actors: { resetPassword: stuck() } }),
    { events: resetPasswordEvents as never, input: { token: RESET_TOKEN }, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, f: s.context.formError }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; error?: { code: string } };
      if (final.matches('redirecting'))
        expect(final.context.destination).toBe(last.error?.code === 'RESET_TOKEN_EXPIRED' ? `/account/forgot-password-reset/${RESET_TOKEN}` : '/account/reset-password-success');
      if (last.error?.code === '111011') expect(final.context.fieldErrors.newPassword).toBe('Add password');
      if (last.error?.code === 'UNEXPECTED_ERROR') expect(final.context.formError).toBe('Password reset failed');
    },
  );
  printCoverage('resetPassword', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
