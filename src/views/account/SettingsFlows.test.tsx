import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { changePasswordMachine, changePasswordRequest } from '../../../machines/change-password.machine.ts';
import { changeEmailMachine, requestEmailChangeRequest, verifyEmailChangeRequest } from '../../../machines/change-email.machine.ts';
import { communicationPreferencesMachine, PREFERENCE_KEYS, saveGeneralEmailRequest, saveHarborEmailRequest, savePersonalizedEmailRequest } from '../../../machines/communication-preferences.machine.ts';
import { personalDetailsMachine, saveProfileRequest } from '../../../machines/personal-details.machine.ts';
import { partnerNumberMachine, savePartnerNumberRequest } from '../../../machines/partner-number.machine.ts';
import { changeEmailEvents, changePasswordEvents, communicationPreferencesEvents, partnerNumberEvents, personalDetailsEvents } from '../../../machines/__tests__/account-events.ts';
import { fill, isDisabled, modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { ChangePasswordView } from './ChangePasswordView.tsx';
import { ChangeEmailView } from './ChangeEmailView.tsx';
import { CommunicationPreferencesView } from './CommunicationPreferencesView.tsx';
import { PersonalDetailsView } from './PersonalDetailsView.tsx';
import { PartnerNumberView } from './PartnerNumberView.tsx';
import { specText } from '../../test/spec-texts.ts';

const changePassword: FlowViewModel<typeof changePasswordMachine> = {
  machine: changePasswordMachine,
  events: changePasswordEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, g: s.context.genericError }),
  actors: ['changePassword'],
  requests: { changePassword: changePasswordRequest },
  spyActions: ['notify', 'redirect'],
  render: (actor) => <ChangePasswordView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/Current password/), e.currentPassword);
      await fill(user, screen.getByLabelText(/New password/), e.newPassword);
      await user.click(screen.getByRole('button', { name: 'Save password' }));
    },
  },
  // spec 2 section 4: Save with a current password and a valid new one sends both; an empty current password or a
  // too-short new one sends nothing
  sends: (event) =>
    event.type === 'user.submit' && (event as { currentPassword?: string }).currentPassword === 'old secret!'
      ? [{ src: 'changePassword', request: { currentPassword: 'old secret!', newPassword: 'a brand new secret' } }]
      : [],
  check: (s, { spies, calls }) => {
    const submit = screen.getByRole('button', { name: /Save password/ });
    expect(isDisabled(submit)).toBe(s.hasTag('loading'));
    if (s.matches('submitting')) expect(calls.at(-1)!.request).toEqual({ currentPassword: 'old secret!', newPassword: 'a brand new secret' });
    for (const m of Object.values(s.context.fieldErrors)) expect(screen.getByText(specText(m))).toBeTruthy();
    if (s.context.genericError) expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    if (s.matches('changed')) {
      expect(spies.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'passwordChanged' });
      expect(spies.redirect).toHaveBeenCalledTimes(1);
    }
  },
};

const changeEmail = (step: 'form' | 'code'): FlowViewModel<typeof changeEmailMachine> => ({
  machine: changeEmailMachine,
  events: changeEmailEvents,
  input: { step },
  serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.proposedNewEmail }),
  actors: ['loadEmailStatus', 'requestEmailChange', 'verifyEmailChange'],
  requests: { requestEmailChange: requestEmailChangeRequest, verifyEmailChange: verifyEmailChangeRequest },
  spyActions: ['notify', 'redirect'],
  render: (actor) => <ChangeEmailView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/New email address/), e.newEmail);
      await fill(user, screen.getByLabelText(/^\* Password$/), e.password);
      await user.click(screen.getByRole('button', { name: 'Send code' }));
    },
    'user.submitCode': async (e, { user }) => {
      await fill(user, screen.getByLabelText('Code'), e.code);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
    },
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the pending change is asked for on arrival at the code step and on Try again; Send code with a valid form sends the
  // new address and the password, Verify with a six-digit code sends it; invalid input sends nothing
  sends: (event, s) => {
    const e = event as { type: string; newEmail?: string; code?: string };
    if (e.type === 'xstate.init') return s.matches('loadingStatus') ? [{ src: 'loadEmailStatus', request: undefined }] : [];
    if (e.type === 'user.retry') return [{ src: 'loadEmailStatus', request: undefined }];
    if (e.type === 'user.submit') return e.newEmail === 'new@example.com' ? [{ src: 'requestEmailChange', request: { newEmail: 'new@example.com', password: 'secret' } }] : [];
    if (e.type === 'user.submitCode') return e.code === '123456' ? [{ src: 'verifyEmailChange', request: { code: '123456' } }] : [];
    return [];
  },
  check: (s, { spies, calls }) => {
    if (s.matches('loadingStatus')) expect(screen.getByRole('progressbar')).toBeTruthy();
    if (s.matches('requesting')) expect(calls.at(-1)!.request).toEqual({ newEmail: 'new@example.com', password: 'secret' });
    if (s.matches('verifying')) expect(calls.at(-1)!.request).toEqual({ code: '123456' });
    if (s.matches('loadFailed')) expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    if (s.matches('editing') || s.matches('requesting')) {
      expect(screen.getByRole('heading', { name: 'Change email address' })).toBeTruthy();
      expect(isDisabled(screen.getByRole('button', { name: /Send code/ }))).toBe(s.matches('requesting'));
      for (const m of Object.values(s.context.fieldErrors)) expect(screen.getByText(specText(m))).toBeTruthy();
    }
    if (s.matches('enteringCode') || s.matches('verifying')) {
      expect(screen.getByText('new@example.com')).toBeTruthy();
      expect(isDisabled(screen.getByRole('button', { name: /Verify/ }))).toBe(s.matches('verifying'));
      if (s.context.codeError) expect(screen.getByText(specText(s.context.codeError))).toBeTruthy();
    }
    if (s.context.genericError && !s.matches('loadingStatus')) expect(screen.getByRole('alert').textContent).toContain('Something went wrong. Please try again.');
    if (s.matches('codeSent') || s.matches('noPendingChange') || s.matches('changed')) expect(spies.redirect).toHaveBeenCalledTimes(1);
    if (s.matches('changed')) expect(spies.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'emailChanged' });
  },
});

const labels = { receiveHarborEmailCommunications: /Harbor Rewards and offers/, receiveGeneralEmailCommunications: /News and events/, receivePersonalizedEmailCommunications: /Personalized offers/ };
const preferences: FlowViewModel<typeof communicationPreferencesMachine> = {
  machine: communicationPreferencesMachine,
  events: communicationPreferencesEvents,
  // guards read only the pending flags: abstracting the values keeps the paths few and still takes every transition
  serializeState: (s) => JSON.stringify({ v: s.value, q: PREFERENCE_KEYS.filter((k) => s.context.pending[k]) }),
  actors: ['loadPreferences', 'savePreference'],
  requests: { savePreference: [saveHarborEmailRequest, saveGeneralEmailRequest, savePersonalizedEmailRequest] },
  spyActions: ['notify'],
  callFor: (event, calls) => {
    const id = (event as { actorId?: string }).actorId ?? '';
    if (!id.startsWith('save.')) return undefined;
    return calls.find((c) => c.src === 'savePreference' && !c.settled && (c.request as { key: string }).key === id.slice(5));
  },
  render: (actor) => <CommunicationPreferencesView actor={actor} brandName="Harbor Coffee" product="Harbor" />,
  perform: {
    'user.toggle': async (e, { user }) => user.click(screen.getByRole('switch', { name: labels[e.key as keyof typeof labels] })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the preferences are asked for on arrival and on Try again; each switch saves its own key at once
  sends: (event) => {
    const e = event as { type: string; key?: string; value?: boolean };
    if (e.type === 'xstate.init' || e.type === 'user.retry') return [{ src: 'loadPreferences', request: undefined }];
    if (e.type === 'user.toggle') return [{ src: 'savePreference', request: { key: e.key, value: e.value } }];
    return [];
  },
  check: (s, { calls }, event) => {
    if (s.matches('loading')) expect(screen.getByRole('progressbar')).toBeTruthy();
    if (s.matches('loadFailed')) expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    if (event.type === 'user.toggle') expect(calls.at(-1)!.request).toEqual({ key: event.key, value: event.value });
    if (s.matches('ready'))
      for (const key of PREFERENCE_KEYS) {
        const sw = screen.getByRole('switch', { name: labels[key] }) as HTMLInputElement;
        expect(sw.checked).toBe(s.context.preferences![key]);
        expect(sw.disabled).toBe(!!s.context.pending[key]);
      }
  },
};

const personal: FlowViewModel<typeof personalDetailsMachine> = {
  machine: personalDetailsMachine,
  events: personalDetailsEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.profile?.phoneNumber ?? null, e: s.context.fieldErrors, g: !!s.context.genericError }),
  actors: ['loadProfile', 'saveProfile'],
  requests: { saveProfile: saveProfileRequest },
  spyActions: ['notify'],
  render: (actor) => <PersonalDetailsView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/First name/), e.firstName);
      await fill(user, screen.getByLabelText(/Last name/), e.lastName);
      await fill(user, screen.getByLabelText(/Phone number/), e.phoneNumber);
      await user.selectOptions(screen.getByLabelText('Month'), e.birthMonth);
      await user.selectOptions(screen.getByLabelText('Day'), e.birthDay);
      await user.click(screen.getByRole('button', { name: 'Save' }));
    },
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the profile is asked for on arrival and on Try again; Save with a valid form sends it; an invalid one sends nothing
  sends: (event) => {
    const e = event as { type: string; firstName?: string };
    if (e.type === 'xstate.init' || e.type === 'user.retry') return [{ src: 'loadProfile', request: undefined }];
    if (e.type === 'user.submit') return e.firstName ? [{ src: 'saveProfile', request: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthday: { month: 2, day: 29 } } }] : [];
    return [];
  },
  check: (s, { calls }) => {
    if (s.matches('loading')) expect(screen.getByRole('progressbar')).toBeTruthy();
    if (s.matches('loadFailed')) expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    if (s.matches('editing') || s.matches('saving')) {
      expect(screen.getByRole('form', { name: 'Personal info' })).toBeTruthy();
      expect(isDisabled(screen.getByRole('button', { name: /Save/ }))).toBe(s.matches('saving'));
      for (const m of Object.values(s.context.fieldErrors)) expect(screen.getByText(specText(m))).toBeTruthy();
    }
    if (s.matches('saving')) expect(calls.at(-1)!.request).toEqual({ firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthday: { month: 2, day: 29 } });
  },
};

const partner: FlowViewModel<typeof partnerNumberMachine> = {
  machine: partnerNumberMachine,
  events: partnerNumberEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, n: s.context.partnerNumber, s: s.context.saving, e: s.context.fieldErrors, x: !!s.context.error }),
  actors: ['loadPartnerNumber', 'savePartnerNumber'],
  requests: { savePartnerNumber: savePartnerNumberRequest },
  spyActions: ['notify'],
  render: (actor) => <PartnerNumberView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText('Partner number'), e.partnerNumber);
      await user.click(screen.getByRole('button', { name: 'Save' }));
    },
    'user.remove': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Remove' })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the number is asked for on arrival and on Try again; Save with seven digits sends them, Remove sends null; an
  // invalid number sends nothing
  sends: (event) => {
    const e = event as { type: string; partnerNumber?: string };
    if (e.type === 'xstate.init' || e.type === 'user.retry') return [{ src: 'loadPartnerNumber', request: undefined }];
    if (e.type === 'user.submit') return e.partnerNumber === '1234567' ? [{ src: 'savePartnerNumber', request: { partnerNumber: '1234567' } }] : [];
    if (e.type === 'user.remove') return [{ src: 'savePartnerNumber', request: { partnerNumber: null } }];
    return [];
  },
  check: (s, { calls }, event) => {
    if (s.matches('loading')) expect(screen.getByRole('progressbar')).toBeTruthy();
    if (s.matches('saving')) expect(calls.at(-1)!.request).toEqual({ partnerNumber: event.type === 'user.remove' ? null : '1234567' });
    if (s.context.error && !s.matches('loading')) expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    if (s.matches('ready') || s.matches('saving')) {
      // once loaded the field shows the saved number
      if (event.type === 'xstate.done.actor.loadPartnerNumber') expect((screen.getByLabelText('Partner number') as HTMLInputElement).value).toBe(s.context.partnerNumber ?? '');
      expect(isDisabled(screen.getByRole('button', { name: /Save/ }))).toBe(s.matches('saving'));
      expect(!!screen.queryByRole('button', { name: 'Remove' })).toBe(!!s.context.partnerNumber);
      if (s.context.fieldErrors.partnerNumber) expect(screen.getByText('Enter a valid partner number (5 to 10 digits).')).toBeTruthy();
    }
  },
};

describe('ChangePasswordView along the change-password model paths', () => {
  for (const path of modelPaths(changePassword)) it(pathName(path), () => walkPath(changePassword, path));
});
describe('ChangePasswordView right after re-authentication (the current password is not asked again)', () => {
  const justReauthenticated: FlowViewModel<typeof changePasswordMachine> = {
    ...changePassword,
    input: { askCurrentPassword: false },
    // right after re-authentication Save sends the new password alone; once the server has asked for the current
    // password again (the field is back), both; a too-short new password sends nothing
    sends: (event, s) =>
      event.type === 'user.submit' && (event as { newPassword?: string }).newPassword === 'a brand new secret'
        ? [{ src: 'changePassword', request: s.context.askCurrentPassword ? { currentPassword: 'old secret!', newPassword: 'a brand new secret' } : { newPassword: 'a brand new secret' } }]
        : [],
    perform: {
      'user.submit': async (e, ctx) => {
        if (screen.queryByLabelText(/Current password/)) return changePassword.perform['user.submit']!(e, ctx);
        await fill(ctx.user, screen.getByLabelText(/New password/), e.newPassword);
        await ctx.user.click(screen.getByRole('button', { name: 'Save password' }));
      },
    },
    check: (s, helpers, event) => {
      // until the server says the window has ended (a current-password error brings the field back)
      const asked = s.context.askCurrentPassword;
      expect(!!screen.queryByLabelText(/Current password/)).toBe(asked);
      expect(!!screen.queryByText('You confirmed your password a moment ago, so you only need to choose a new one.')).toBe(!asked);
      if (s.matches('submitting')) expect(helpers.calls.at(-1)!.request).toEqual(asked ? { currentPassword: 'old secret!', newPassword: 'a brand new secret' } : { newPassword: 'a brand new secret' });
      else changePassword.check(s, helpers, event);
    },
  };
  for (const path of modelPaths(justReauthenticated)) it(pathName(path), () => walkPath(justReauthenticated, path));
});
describe('ChangeEmailView along the change-email model paths (form page)', () => {
  const m = changeEmail('form');
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('ChangeEmailView along the change-email model paths (enter-code page)', () => {
  const m = changeEmail('code');
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('CommunicationPreferencesView along the model paths', () => {
  for (const path of modelPaths(preferences)) it(pathName(path), () => walkPath(preferences, path));
});
describe('PersonalDetailsView along the model paths', () => {
  for (const path of modelPaths(personal)) it(pathName(path), () => walkPath(personal, path));
});
describe('PartnerNumberView along the model paths', () => {
  for (const path of modelPaths(partner)) it(pathName(path), () => walkPath(partner, path));
});
