import { describe, expect, it } from 'vitest';
import { resetPasswordMachine, resetPasswordRequest } from '../reset-password.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { resetPasswordEvents, RESET_TOKEN } from './account-events.ts';

describe('reset-password machine (model-based)', () => {
  const fakes = requestFakes({ resetPassword: resetPasswordRequest });
  const { paths, coverage } = exercise(
    resetPasswordMachine.provide({ actors: fakes.actors }),
    { events: resetPasswordEvents as never, input: { token: RESET_TOKEN }, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, f: s.context.formError }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; error?: { code: string } };
      if (final.matches('redirecting'))
        expect(final.context.destination).toBe(last.error?.code === 'RESET_TOKEN_EXPIRED' ? `/account/forgot-password-reset/${RESET_TOKEN}` : '/account/reset-password-success');
      if (last.error?.code === '111011') expect(final.context.fieldErrors.newPassword).toBe('Add password');
      if (last.error?.code === 'UNEXPECTED_ERROR') expect(final.context.formError).toBe('Password reset failed');
      // the password is held only while its request runs
      if (!final.matches('submitting')) expect(final.context.newPassword).toBeNull();
    },
  );
  printCoverage('resetPassword', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('resetPassword')).toEqual([{ token: RESET_TOKEN, newPassword: 'a much better secret' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
