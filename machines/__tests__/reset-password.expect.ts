/**
 * Password reset (spec 2 sections 2, 4, 5): success goes to /account/reset-password-success; codes 111084 / 111011 /
 * 111022 mark the password field; an expired token goes to the expired-link page; any other code gives
 * 'Password reset failed'.
 */
import { expect } from 'vitest';
import { resetPasswordMachine, resetPasswordRequest } from '../reset-password.machine.ts';
import { requestFakes } from './model.ts';
import { resetPasswordEvents, RESET_TOKEN } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const T = resetPasswordEvents as ReadonlyArray<{ type: string }>;

export const resetPasswordFlow: Flow<typeof resetPasswordMachine> = {
  machine: resetPasswordMachine,
  table: {
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null] },
    submitting: {
      'xstate.done.actor.resetPassword': 'redirecting',
      'xstate.error.actor.resetPassword': [
        { guard: 'isPasswordReused', to: 'editing' },
        { guard: 'isPasswordMissing', to: 'editing' },
        { guard: 'isPasswordInvalid', to: 'editing' },
        { guard: 'isTokenExpired', to: 'redirecting' },
        'editing',
      ],
    },
  },
  // spec 2 "reset password": a new password; refused ones mark the field; an expired link goes to its page
  journeys: [
    { name: 'reset', events: [T[0]!, T[2]!], ends: 'redirecting' },
    { name: 'a reused password', events: [T[0]!, T[3]!], ends: 'editing' },
    { name: 'a missing password', events: [T[0]!, T[4]!], ends: 'editing' },
    { name: 'a common password', events: [T[0]!, T[5]!], ends: 'editing' },
    { name: 'the link expired', events: [T[0]!, T[6]!], ends: 'redirecting' },
    { name: 'the server fails', events: [T[0]!, T[7]!], ends: 'editing' },
    { name: 'a short password is not sent', events: [T[1]!], ends: 'editing' },
  ],
  sees: { submitting: { tags: ['loading'] } },
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ resetPassword: resetPasswordRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: resetPasswordEvents as never, input: { token: RESET_TOKEN }, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, f: s.context.formError }) } }],
      onStep(s, event) {
        const c = s.context;
        const code = 'error' in event ? (event.error as { code: string }).code : undefined;
        if (s.matches('submitting')) {
          expect([c.fieldErrors, c.formError]).toEqual([{}, null]);
          expect(fakes.last('resetPassword')).toEqual({ token: RESET_TOKEN, newPassword: 'a much better secret' });
        }
        if (s.matches('redirecting')) expect(c.destination).toBe(code === 'RESET_TOKEN_EXPIRED' ? `/account/forgot-password-reset/${RESET_TOKEN}` : '/account/reset-password-success');
        if (event.type === 'user.submit' && s.matches('editing')) expect(c.fieldErrors.newPassword).toBe('Use at least 8 characters.');
        if (code === '111084') expect(c.fieldErrors.newPassword).toBe('Choose a password you have not used recently.');
        if (code === '111011') expect(c.fieldErrors.newPassword).toBe('Add password');
        if (code === '111022') expect(c.fieldErrors.newPassword).toBe('This password is too common. Choose a less common password.');
        if (code === 'UNEXPECTED_ERROR') expect([c.formError, c.fieldErrors]).toEqual(['Password reset failed', {}]);
        // the password is held only while its request runs
        if (!s.matches('submitting')) expect(c.newPassword).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('resetPassword')).toEqual([{ token: RESET_TOKEN, newPassword: 'a much better secret' }]);
      },
    };
  },
};
