/** Password change (spec 2 sections 2 and 4: loading and generic-error flags; section 8: a wrong current password is a field error). */
import { expect } from 'vitest';
import { changePasswordMachine, changePasswordRequest } from '../change-password.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { changePasswordEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

export const changePasswordFlow: Flow<typeof changePasswordMachine> = {
  machine: changePasswordMachine,
  table: {
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null] },
    submitting: {
      'xstate.done.actor.changePassword': 'changed',
      'xstate.error.actor.changePassword': [{ guard: 'isFieldError', to: 'editing' }, 'editing'],
    },
  },
  // spec 2 "change password": a valid form is sent; a wrong current password marks the field
  journeys: [
    { name: 'changed', run: '', events: [changePasswordEvents[0], changePasswordEvents[2]], ends: 'changed' },
    { name: 'a wrong current password', run: '', events: [changePasswordEvents[0], changePasswordEvents[3]], ends: 'editing' },
    { name: 'the server fails', run: '', events: [changePasswordEvents[0], changePasswordEvents[4]], ends: 'editing' },
    { name: 'an invalid form is not sent', run: '', events: [changePasswordEvents[1]], ends: 'editing' },
  ],
  sees: { submitting: { tags: ['loading'] } },
  effects: { '* -> changed': ['notify:toast/success/passwordChanged', 'redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ changePassword: changePasswordRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: '', options: { events: changePasswordEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, g: s.context.genericError }) } },
        {
          name: 'right after re-authentication',
          options: { events: changePasswordEvents as never, input: { askCurrentPassword: false }, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, g: s.context.genericError }) },
        },
      ],
      onStep(s, event) {
        const c = s.context;
        const code = 'error' in event ? (event.error as { code: string }).code : undefined;
        if (s.matches('submitting')) {
          expect([c.fieldErrors, c.genericError]).toEqual([{}, null]);
          // right after the re-authentication the current password is not asked again, so not sent
          expect(fakes.last('changePassword')).toEqual(c.askCurrentPassword ? { currentPassword: 'old secret!', newPassword: 'a brand new secret' } : { newPassword: 'a brand new secret' });
        }
        if (event.type === 'user.submit' && s.matches('editing')) expect(Object.keys(c.fieldErrors).sort()).toEqual(c.askCurrentPassword ? ['currentPassword', 'newPassword'] : ['newPassword']);
        if (code === 'CURRENT_PASSWORD_INVALID') expect([c.fieldErrors.currentPassword, c.genericError]).toEqual(['The password you entered is not valid. Please try again.', null]);
        if (code === 'CURRENT_PASSWORD_INVALID') expect(c.askCurrentPassword).toBe(true);
        if (code === 'UNEXPECTED_ERROR') expect(c.genericError).toBe('Something went wrong. Please try again.');
        if (s.matches('changed')) {
          expect(c.destination).toBe('/account/settings');
          expect(accountMessages.passwordChanged).toBe('Your password has been updated');
        }
        // the passwords are held only while their request runs
        if (!s.matches('submitting')) expect(c.values).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('changePassword')).toEqual(expect.arrayContaining([{ currentPassword: 'old secret!', newPassword: 'a brand new secret' }, { newPassword: 'a brand new secret' }]));
      },
    };
  },
};
