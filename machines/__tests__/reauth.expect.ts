/** Re-authentication (spec 2 section 6: a recent second-factor check; section 3 MFA challenge): password, then the code when one was sent. */
import { expect } from 'vitest';
import { checkCodeRequest, checkPasswordRequest, reauthMachine } from '../reauth.machine.ts';
import { requestFakes } from './model.ts';
import { reauthEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const Q = reauthEvents as ReadonlyArray<{ type: string }>;

export const reauthFlow: Flow<typeof reauthMachine> = {
  machine: reauthMachine,
  table: {
    enteringPassword: { 'user.submitPassword': [{ guard: 'isPasswordGiven', to: 'checkingPassword' }, null] },
    checkingPassword: {
      'xstate.done.actor.checkPassword': [{ guard: 'isVerifiedNow', to: 'verified' }, 'enteringCode'],
      'xstate.error.actor.checkPassword': [{ guard: 'isPasswordError', to: 'enteringPassword' }, 'enteringPassword'],
    },
    enteringCode: {
      'user.submitCode': [{ guard: 'isCodeWellFormed', to: 'checkingCode' }, null],
      'user.startOver': 'enteringPassword',
    },
    checkingCode: { 'xstate.done.actor.checkCode': 'verified', 'xstate.error.actor.checkCode': 'enteringCode' },
  },
  // spec 2 "reauthentication": the password, then a code when one was sent
  journeys: [
    { name: 'the password suffices', events: [Q[0]!, Q[5]!], ends: 'verified' },
    { name: 'the password, then the code', events: [Q[0]!, Q[6]!, Q[2]!, Q[9]!], ends: 'verified' },
    { name: 'a wrong code', events: [Q[0]!, Q[6]!, Q[2]!, Q[10]!], ends: 'enteringCode' },
    { name: 'a malformed code is not sent', events: [Q[0]!, Q[6]!, Q[3]!], ends: 'enteringCode' },
    { name: 'start over', events: [Q[0]!, Q[6]!, Q[4]!], ends: 'enteringPassword' },
    { name: 'a wrong password', events: [Q[0]!, Q[7]!], ends: 'enteringPassword' },
    { name: 'the server fails', events: [Q[0]!, Q[8]!], ends: 'enteringPassword' },
    { name: 'no password is not sent', events: [Q[1]!], ends: 'enteringPassword' },
  ],
  sees: { checkingPassword: { tags: ['loading'] }, checkingCode: { tags: ['loading'] } },
  effects: { '* -> verified': ['onVerified'] },
  arrange(machine) {
    const fakes = requestFakes({ checkPassword: checkPasswordRequest, checkCode: checkCodeRequest });
    const spy = spyActions(['onVerified'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: reauthEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.phoneNumber }) } }],
      onStep(s, event) {
        const c = s.context;
        const code = 'error' in event ? (event.error as { code: string }).code : undefined;
        if (s.matches('enteringCode')) expect(c.phoneNumber).toBe('•••-•••-0123');
        // the password is held only while its request runs
        if (!s.matches('checkingPassword')) expect(c.password).toBeNull();
        if (s.matches('checkingPassword') || s.matches('checkingCode')) expect([c.fieldErrors, c.codeError, c.genericError]).toEqual([{}, null, null]);
        if (s.matches('checkingPassword')) expect(fakes.last('checkPassword')).toEqual({ password: 'secret' });
        if (s.matches('checkingCode')) expect(fakes.last('checkCode')).toEqual({ code: '123456' });
        if (event.type === 'user.submitPassword' && s.matches('enteringPassword')) expect(c.fieldErrors).toEqual({ password: 'Enter a password.' });
        if (code === 'CURRENT_PASSWORD_INVALID') expect(c.fieldErrors.password).toBe('The password you entered is not valid. Please try again.');
        if (code === 'UNEXPECTED_ERROR') expect(c.genericError).toBe('Something went wrong. Please try again.');
        if ((event.type === 'user.submitCode' && s.matches('enteringCode')) || code === 'INVALID_CODE') expect(c.codeError).toBe('The code you entered is not valid. Please try again.');
        if (event.type === 'user.startOver') expect([c.fieldErrors, c.codeError, c.genericError]).toEqual([{}, null, null]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('checkPassword')).toEqual([{ password: 'secret' }]);
        expect(fakes.distinct('checkCode')).toEqual([{ code: '123456' }]);
      },
    };
  },
};
