/**
 * Email change (spec 2 section 2 settings, section 3 proposedNewEmail, section 4 "the enter-code step stores the new
 * email or an error"): the form page requests a code and goes to the enter-code page; that page verifies the code.
 */
import { expect } from 'vitest';
import { changeEmailMachine, requestEmailChangeRequest, verifyEmailChangeRequest } from '../change-email.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { changeEmailEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

type Snap = { value: unknown; context: { fieldErrors: object; codeError: string | null; genericError: string | null; proposedNewEmail: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.proposedNewEmail });

const Ce = changeEmailEvents as ReadonlyArray<{ type: string }>;

export const changeEmailFlow: Flow<typeof changeEmailMachine> = {
  machine: changeEmailMachine,
  table: {
    loadingStatus: {
      'xstate.done.actor.loadEmailStatus': [{ guard: 'isFormStep', to: 'editing' }, { guard: 'hasPendingChange', to: 'enteringCode' }, 'noPendingChange'],
      'xstate.error.actor.loadEmailStatus': 'loadFailed',
    },
    loadFailed: { 'user.retry': 'loadingStatus' },
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'requesting' }, null] },
    requesting: {
      'xstate.done.actor.requestEmailChange': 'codeSent',
      'xstate.error.actor.requestEmailChange': [{ guard: 'isFieldError', to: 'editing' }, 'editing'],
    },
    enteringCode: { 'user.submitCode': [{ guard: 'isCodeWellFormed', to: 'verifying' }, null] },
    verifying: {
      'xstate.done.actor.verifyEmailChange': 'changed',
      'xstate.error.actor.verifyEmailChange': [{ guard: 'isCodeError', to: 'enteringCode' }, 'enteringCode'],
    },
  },
  // spec 2 "change email": the form sends a code to the new address; the code page verifies it
  journeys: [
    { name: 'request a change', run: 'form page', events: [Ce[6]!, Ce[0]!, Ce[8]!], ends: 'codeSent' },
    { name: 'the address is taken', run: 'form page', events: [Ce[6]!, Ce[0]!, Ce[9]!], ends: 'editing' },
    { name: 'requesting fails', run: 'form page', events: [Ce[6]!, Ce[0]!, Ce[10]!], ends: 'editing' },
    { name: 'an invalid form is not sent', run: 'form page', events: [Ce[6]!, Ce[1]!], ends: 'editing' },
    { name: 'the status fails, retried', run: 'form page', events: [Ce[7]!, Ce[4]!, Ce[6]!], ends: 'editing' },
    { name: 'the status fails', run: 'form page', events: [Ce[7]!], ends: 'loadFailed' },
    { name: 'a pending change: the code verifies it', run: 'code page', events: [Ce[5]!, Ce[2]!, Ce[11]!], ends: 'changed' },
    { name: 'a wrong code', run: 'code page', events: [Ce[5]!, Ce[2]!, Ce[12]!], ends: 'enteringCode' },
    { name: 'verifying fails', run: 'code page', events: [Ce[5]!, Ce[2]!, Ce[13]!], ends: 'enteringCode' },
    { name: 'a malformed code is not sent', run: 'code page', events: [Ce[5]!, Ce[3]!], ends: 'enteringCode' },
    { name: 'no pending change', run: 'code page', events: [Ce[6]!], ends: 'noPendingChange' },
  ],
  sees: { loadingStatus: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, requesting: { tags: ['loading'] }, verifying: { tags: ['loading'] } },
  effects: { '* -> noPendingChange': ['redirect'], '* -> codeSent': ['redirect'], '* -> changed': ['notify:toast/success/emailChanged', 'redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ requestEmailChange: requestEmailChangeRequest, verifyEmailChange: verifyEmailChangeRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadEmailStatus: stuck() }, actions: spy.actions }),
      spy,
      // the two pages together cover the machine
      runs: [
        { name: 'form page', options: { events: changeEmailEvents as never, input: { step: 'form' }, serializeState: serializeState as never } },
        { name: 'code page', options: { events: changeEmailEvents as never, input: { step: 'code' }, serializeState: serializeState as never } },
      ],
      onStep(s, event) {
        const c = s.context;
        const code = 'error' in event ? (event.error as { code: string }).code : undefined;
        if (s.matches('codeSent')) expect(c).toMatchObject({ proposedNewEmail: 'new@example.com', destination: '/account/settings/edit-email/enter-code' });
        // the password is held only while its request runs
        if (!s.matches('requesting')) expect(c.values).toBeNull();
        if (s.matches('requesting')) {
          expect([c.fieldErrors, c.genericError]).toEqual([{}, null]);
          expect(fakes.last('requestEmailChange')).toEqual({ newEmail: 'new@example.com', password: 'secret' });
        }
        if (s.matches('verifying')) {
          expect([c.codeError, c.genericError]).toEqual([null, null]);
          expect(fakes.last('verifyEmailChange')).toEqual({ code: '123456' });
        }
        if (s.matches('changed')) {
          expect(c).toMatchObject({ email: 'new@example.com', destination: '/account/settings' });
          expect(accountMessages.emailChanged).toBe('Your email address has been updated.');
        }
        if (s.matches('noPendingChange')) expect(c.destination).toBe('/account/settings/edit-email');
        if (s.matches('enteringCode')) expect(c.proposedNewEmail).toBe('new@example.com');
        if (s.matches('loadingStatus')) expect(c.genericError).toBeNull();
        if (event.type === 'xstate.done.actor.loadEmailStatus') {
          const out = (event as unknown as { output: { email: string; proposedNewEmail: string | null } }).output;
          expect([c.email, c.proposedNewEmail]).toEqual([out.email, out.proposedNewEmail]);
        }
        if (s.matches('loadFailed') || code === 'UNEXPECTED_ERROR') expect(c.genericError).toBe('Something went wrong. Please try again.');
        if (code === 'EMAIL_NOT_AVAILABLE') expect(c.fieldErrors).toEqual({ newEmail: 'Email address is not available.' });
        if (event.type === 'user.submit' && s.matches('editing')) expect(Object.keys(c.fieldErrors).sort()).toEqual(['newEmail', 'password']);
        if (code === 'INVALID_CODE' || (event.type === 'user.submitCode' && s.matches('enteringCode'))) expect(c.codeError).toBe('The code you entered is not valid. Please try again.');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('requestEmailChange')).toEqual([{ newEmail: 'new@example.com', password: 'secret' }]);
        expect(fakes.distinct('verifyEmailChange')).toEqual([{ code: '123456' }]);
      },
    };
  },
};
