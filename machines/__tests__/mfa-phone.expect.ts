/**
 * MFA phone (spec 2 section 2 mfa/add-phone-number and edit-phone-number, section 5 phone hint, section 6): send a
 * code to the number, verify it, toast and back to the MFA settings; a stale re-authentication asks for it again.
 */
import { expect } from 'vitest';
import { mfaPhoneMachine, sendPhoneCodeRequest, verifyPhoneCodeRequest } from '../mfa-phone.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { mfaPhoneEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const M = mfaPhoneEvents as ReadonlyArray<{ type: string }>;

export const mfaPhoneFlow: Flow<typeof mfaPhoneMachine> = {
  machine: mfaPhoneMachine,
  table: {
    editing: { 'user.submit': [{ guard: 'isPhoneValid', to: 'sendingCode' }, null] },
    sendingCode: {
      'xstate.done.actor.sendPhoneCode': 'enteringCode',
      'xstate.error.actor.sendPhoneCode': [{ guard: 'isReauthRequired', to: 'reauthRequired' }, { guard: 'isPhoneFieldError', to: 'editing' }, 'editing'],
    },
    enteringCode: {
      'user.submitCode': [{ guard: 'isCodeWellFormed', to: 'verifying' }, null],
      'user.resendCode': 'sendingCode',
      'user.changeNumber': 'editing',
    },
    verifying: {
      'xstate.done.actor.verifyPhoneCode': 'saved',
      'xstate.error.actor.verifyPhoneCode': [{ guard: 'isReauthRequired', to: 'reauthRequired' }, { guard: 'isCodeError', to: 'enteringCode' }, 'enteringCode'],
    },
  },
  // spec 2 "2-step verification phone": send a code to the number, enter it; reauthentication when asked
  journeys: [
    { name: 'code sent, entered, saved', events: [M[0]!, M[6]!, M[2]!, M[10]!], ends: 'saved' },
    { name: 'sending needs reauthentication', events: [M[0]!, M[7]!], ends: 'reauthRequired' },
    { name: 'the server refuses the number', events: [M[0]!, M[8]!], ends: 'editing' },
    { name: 'sending fails', events: [M[0]!, M[9]!], ends: 'editing' },
    { name: 'an invalid number is not sent', events: [M[1]!], ends: 'editing' },
    { name: 'a malformed code is not sent', events: [M[0]!, M[6]!, M[3]!], ends: 'enteringCode' },
    { name: 'resend the code', events: [M[0]!, M[6]!, M[4]!], ends: 'sendingCode' },
    { name: 'change the number', events: [M[0]!, M[6]!, M[5]!], ends: 'editing' },
    { name: 'verifying needs reauthentication', events: [M[0]!, M[6]!, M[2]!, M[11]!], ends: 'reauthRequired' },
    { name: 'the code expired', events: [M[0]!, M[6]!, M[2]!, M[12]!], ends: 'enteringCode' },
    { name: 'verifying fails', events: [M[0]!, M[6]!, M[2]!, M[13]!], ends: 'enteringCode' },
  ],
  sees: { sendingCode: { tags: ['loading'] }, verifying: { tags: ['loading'] } },
  effects: { '* -> saved': ['notify:toast/success/mfaPhoneSaved', 'redirect'], '* -> reauthRequired': ['requestReauth'] },
  arrange(machine) {
    const fakes = requestFakes({ sendPhoneCode: sendPhoneCodeRequest, verifyPhoneCode: verifyPhoneCodeRequest });
    const spy = spyActions(['notify', 'redirect', 'requestReauth'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      // the add and the edit page (the views title them by mode)
      runs: (['add', 'edit'] as const).map((mode) => ({
        name: mode,
        options: {
          events: mfaPhoneEvents as never,
          input: { mode },
          serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.phoneNumber, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError }),
        },
      })),
      onStep(s, event, run) {
        const c = s.context;
        const code = 'error' in event ? (event.error as { code: string }).code : undefined;
        expect(c.mode).toBe(run);
        if (s.matches('sendingCode')) {
          expect(fakes.last('sendPhoneCode')).toEqual({ phoneNumber: '2065550123' });
          expect([c.fieldErrors, c.codeError, c.genericError]).toEqual([{}, null, null]);
        }
        if (s.matches('verifying')) {
          expect(fakes.last('verifyPhoneCode')).toEqual({ code: '123456' });
          expect([c.codeError, c.genericError]).toEqual([null, null]);
        }
        if (event.type === 'user.submit' && s.matches('editing')) expect(c.fieldErrors).toEqual({ phoneNumber: "That phone number isn't valid. Enter 10 digits, for example 206 555 0123." });
        if (code === 'BAD_REQUEST') expect(c.fieldErrors.phoneNumber).toBe("That phone number isn't valid. Enter 10 digits, for example 206 555 0123.");
        if (code === 'UNEXPECTED_ERROR') expect(c.genericError).toBe('Something went wrong. Please try again.');
        if (code === 'CODE_EXPIRED') expect(c.codeError).toBe('This code has expired. Request a new code and try again.');
        if (event.type === 'user.submitCode' && s.matches('enteringCode')) expect(c.codeError).toBe('The code you entered is not valid. Please try again.');
        if (event.type === 'user.changeNumber') expect([c.codeError, c.genericError]).toEqual([null, null]);
        if (event.type === 'xstate.done.actor.sendPhoneCode') expect(c.pendingPhoneNumber).toBe('•••-•••-0123');
        if (s.matches('saved')) {
          expect(c.destination).toBe('/account/settings/mfa');
          expect(accountMessages.mfaPhoneSaved).toBe('Your 2-step verification phone number has been saved.');
        }
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        // the number as validated (digits only), also when the code is sent again
        expect(fakes.distinct('sendPhoneCode')).toEqual([{ phoneNumber: '2065550123' }]);
        expect(fakes.distinct('verifyPhoneCode')).toEqual([{ code: '123456' }]);
      },
    };
  },
};
