import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { checkCodeRequest, checkPasswordRequest, reauthMachine } from '../../../machines/reauth.machine.ts';
import { mfaSettingsMachine } from '../../../machines/mfa-settings.machine.ts';
import { mfaPhoneMachine, sendPhoneCodeRequest, verifyPhoneCodeRequest } from '../../../machines/mfa-phone.machine.ts';
import { mfaPhoneEvents, mfaSettingsEvents, reauthEvents } from '../../../machines/__tests__/account-events.ts';
import { fill, isDisabled, modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { MfaPhoneView } from './MfaPhoneView.tsx';
import { MfaSettingsView } from './MfaSettingsView.tsx';
import { ReauthView } from './ReauthView.tsx';
import { specText } from '../../test/spec-texts.ts';

const reauth: FlowViewModel<typeof reauthMachine> = {
  machine: reauthMachine,
  events: reauthEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.phoneNumber }),
  actors: ['checkPassword', 'checkCode'],
  requests: { checkPassword: checkPasswordRequest, checkCode: checkCodeRequest },
  spyActions: ['onVerified'],
  render: (actor) => <ReauthView actor={actor} />,
  perform: {
    'user.submitPassword': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/Password/), e.password);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
    },
    'user.submitCode': async (e, { user }) => {
      await fill(user, screen.getByLabelText('Code'), e.code);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
    },
    'user.startOver': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Start over' })),
  },
  // spec 2 section 6: Continue with a password sends it, Verify with a six-digit code sends it; an empty password,
  // a short code and Start over send nothing
  sends: (event) => {
    const e = event as { type: string; password?: string; code?: string };
    if (e.type === 'user.submitPassword') return e.password ? [{ src: 'checkPassword', request: { password: 'secret' } }] : [];
    if (e.type === 'user.submitCode') return e.code === '123456' ? [{ src: 'checkCode', request: { code: '123456' } }] : [];
    return [];
  },
  check: (s, { spies, calls }) => {
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    if (s.matches('checkingPassword')) expect(calls.at(-1)!.request).toEqual({ password: 'secret' });
    if (s.matches('checkingCode')) expect(calls.at(-1)!.request).toEqual({ code: '123456' });
    if (s.matches('enteringPassword') || s.matches('checkingPassword')) {
      expect(isDisabled(screen.getByRole('button', { name: /Continue/ }))).toBe(s.matches('checkingPassword'));
      if (s.context.fieldErrors.password) expect(screen.getByText(specText(s.context.fieldErrors.password))).toBeTruthy();
    }
    if (s.matches('enteringCode') || s.matches('checkingCode')) {
      expect(screen.getByText('•••-•••-0123')).toBeTruthy();
      expect(isDisabled(screen.getByRole('button', { name: /Verify/ }))).toBe(s.matches('checkingCode'));
      if (s.context.codeError) expect(screen.getByText(specText(s.context.codeError))).toBeTruthy();
    }
    if (s.context.genericError) expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    if (s.matches('verified')) expect(spies.onVerified).toHaveBeenCalledTimes(1);
  },
};

const settings: FlowViewModel<typeof mfaSettingsMachine> = {
  machine: mfaSettingsMachine,
  events: mfaSettingsEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.status?.phoneNumber ?? null, e: !!s.context.error }),
  actors: ['loadMfaStatus', 'removePhone'],
  spyActions: ['notify', 'requestReauth'],
  render: (actor) => <MfaSettingsView actor={actor} />,
  perform: {
    'user.removePhone': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Turn off' })),
    'user.confirmRemove': async (_e, { user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off' })),
    'user.cancelRemove': async (_e, { user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it on' })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the status is asked for on arrival and on Try again; only confirming Turn off in the dialog removes the phone
  sends: (event) =>
    event.type === 'xstate.init' || event.type === 'user.retry'
      ? [{ src: 'loadMfaStatus', request: undefined }]
      : event.type === 'user.confirmRemove'
        ? [{ src: 'removePhone', request: undefined }]
        : [],
  check: (s, { spies }, event) => {
    if (s.matches('loading') || s.matches('reauthRequired')) expect(screen.getByRole('progressbar')).toBeTruthy();
    if (s.matches('loadFailed')) expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    if (s.matches('showing')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      if (s.context.status?.phoneNumber) {
        expect(screen.getByText('•••-•••-0123')).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Change phone number' }).getAttribute('href')).toBe('/account/settings/mfa/edit-phone-number');
      } else expect(screen.getByRole('link', { name: 'Add a phone number' }).getAttribute('href')).toBe('/account/settings/mfa/add-phone-number');
      if (event.type === 'xstate.done.actor.removePhone') expect(spies.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'mfaPhoneRemoved' });
    }
    if (s.matches('confirmingRemoval') || s.matches('removing')) {
      const dialog = screen.getByRole('dialog', { name: 'Turn off 2-step verification?' });
      expect(isDisabled(within(dialog).getByRole('button', { name: 'Turn off' }))).toBe(s.matches('removing'));
    }
    if (s.matches('reauthRequired')) expect(spies.requestReauth).toHaveBeenCalledTimes(1);
  },
};

const phone: FlowViewModel<typeof mfaPhoneMachine> = {
  machine: mfaPhoneMachine,
  events: mfaPhoneEvents,
  input: { mode: 'edit' },
  serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.phoneNumber, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError }),
  actors: ['sendPhoneCode', 'verifyPhoneCode'],
  requests: { sendPhoneCode: sendPhoneCodeRequest, verifyPhoneCode: verifyPhoneCodeRequest },
  spyActions: ['notify', 'redirect', 'requestReauth'],
  render: (actor) => <MfaPhoneView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/Mobile phone number/), e.phoneNumber);
      await user.click(screen.getByRole('button', { name: 'Send code' }));
    },
    'user.submitCode': async (e, { user }) => {
      await fill(user, screen.getByLabelText('Code'), e.code);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
    },
    'user.resendCode': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Send a new code' })),
    'user.changeNumber': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Use a different number' })),
  },
  // spec 2 section 5: Send code with a 10-digit number sends its digits, Send a new code sends the same number again,
  // Verify with a six-digit code sends it; an invalid number, a short code and Use a different number send nothing
  sends: (event) => {
    const e = event as { type: string; phoneNumber?: string; code?: string };
    if (e.type === 'user.submit') return e.phoneNumber === '(206) 555-0123' ? [{ src: 'sendPhoneCode', request: { phoneNumber: '2065550123' } }] : [];
    if (e.type === 'user.resendCode') return [{ src: 'sendPhoneCode', request: { phoneNumber: '2065550123' } }];
    if (e.type === 'user.submitCode') return e.code === '123456' ? [{ src: 'verifyPhoneCode', request: { code: '123456' } }] : [];
    return [];
  },
  check: (s, { spies, calls }) => {
    expect(screen.getByRole('heading', { name: 'Change your phone number' })).toBeTruthy();
    if (s.matches('editing') || s.matches('sendingCode')) {
      expect(screen.getAllByText('Please enter a 10-digit phone number.').length).toBeGreaterThan(0);
      expect(isDisabled(screen.getByRole('button', { name: /Send code/ }))).toBe(s.matches('sendingCode'));
      // the hint (spec 2 section 5) once, and the error, when there is one, in other words (issue 8)
      expect(screen.getAllByText('Please enter a 10-digit phone number.').length).toBe(1);
      if (s.context.fieldErrors.phoneNumber) {
        expect(specText(s.context.fieldErrors.phoneNumber)).toBe("That phone number isn't valid. Enter 10 digits, for example 206 555 0123.");
        expect(screen.getByText("That phone number isn't valid. Enter 10 digits, for example 206 555 0123.")).toBeTruthy();
        expect(screen.getByLabelText('* Mobile phone number')).toHaveProperty('ariaInvalid', 'true');
      }
    }
    if (s.matches('sendingCode')) expect(calls.at(-1)!.request).toEqual({ phoneNumber: '2065550123' });
    if (s.matches('verifying')) expect(calls.at(-1)!.request).toEqual({ code: '123456' });
    if (s.matches('enteringCode') || s.matches('verifying')) {
      expect(screen.getByText('•••-•••-0123')).toBeTruthy();
      expect(isDisabled(screen.getByRole('button', { name: /Verify/ }))).toBe(s.matches('verifying'));
      if (s.context.codeError) expect(screen.getByText(specText(s.context.codeError))).toBeTruthy();
    }
    if (s.context.genericError) expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    if (s.matches('saved')) {
      expect(spies.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'mfaPhoneSaved' });
      expect(spies.redirect).toHaveBeenCalledTimes(1);
    }
    if (s.matches('reauthRequired')) expect(spies.requestReauth).toHaveBeenCalledTimes(1);
  },
};

describe('ReauthView along the re-authentication model paths', () => {
  for (const path of modelPaths(reauth)) it(pathName(path), () => walkPath(reauth, path));
});
describe('MfaSettingsView along the MFA settings model paths', () => {
  for (const path of modelPaths(settings)) it(pathName(path), () => walkPath(settings, path));
});
describe('MfaPhoneView along the MFA phone model paths', () => {
  for (const path of modelPaths(phone)) it(pathName(path), () => walkPath(phone, path));
});
