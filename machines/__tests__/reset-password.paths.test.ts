import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../reset-password.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { apiError, serverDown, stuck } from './account-fakes.ts';

export const resetPasswordEvents = [
  { type: 'user.submit', newPassword: 'a much better secret' },
  { type: 'user.submit', newPassword: 'short' },
  { type: 'xstate.done.actor.resetPassword', output: { ok: true }, actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(400, '111084', 'Choose a password you have not used recently.', { field: 'newPassword' }), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(400, '111011', 'Add password', { field: 'newPassword' }), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(400, '111022', 'This password is too common. Choose a less common password.', { field: 'newPassword' }), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(410, 'RESET_TOKEN_EXPIRED', 'Forgot password link expired'), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: serverDown, actorId: 'resetPassword' },
] as const;

const TOKEN = 'A'.repeat(43);

describe('reset-password machine (model-based)', () => {
  const { paths, coverage } = exercise(
    resetPasswordMachine.provide({ actors: { resetPassword: stuck() } }),
    { events: resetPasswordEvents as never, input: { token: TOKEN }, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, f: s.context.formError }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; error?: { code: string } };
      if (final.matches('redirecting'))
        expect(final.context.destination).toBe(last.error?.code === 'RESET_TOKEN_EXPIRED' ? `/account/forgot-password-reset/${TOKEN}` : '/account/reset-password-success');
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
