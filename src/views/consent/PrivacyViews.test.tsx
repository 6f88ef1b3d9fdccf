import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { privacyOptOutMachine, sendOptOutRequest } from '../../../machines/privacy-opt-out.machine.ts';
import { privacySettingsMachine, savePrivacyRequest } from '../../../machines/privacy-settings.machine.ts';
import { cookiePreferencesMachine } from '../../../machines/cookie-preferences.machine.ts';
import { privacyOptOutEvents, privacySettingsEvents } from '../../../machines/__tests__/privacy.events.ts';
import { fill, isDisabled, modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { PrivacyStatementView } from '../legal/PrivacyStatementView.tsx';
import { CookiePreferencesDialog } from './CookiePreferencesDialog.tsx';
import { PrivacyRequestView } from './PrivacyViews.tsx';
import { PrivacySettingsView } from './PrivacySettingsView.tsx';
import { PrivacyConfirmationView, UnsubscribeCompleteView } from './PrivacyOutcomeViews.tsx';

const request = (showCookieButton: boolean): FlowViewModel<typeof privacyOptOutMachine> => ({
  machine: privacyOptOutMachine,
  events: privacyOptOutEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, g: s.context.error }),
  actors: ['sendOptOut'],
  requests: { sendOptOut: sendOptOutRequest },
  spyActions: ['redirect'],
  render: (actor) => <PrivacyRequestView actor={actor} brandName="Harbor Coffee" showCookieButton={showCookieButton} onManageCookies={() => {}} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/Email address/), e.email);
      await user.click(screen.getByRole('button', { name: /Submit request/ }));
    },
  },
  // Submit request with a valid address sends it (not opted in to marketing); an empty or invalid one sends nothing
  sends: (event) => (event.type === 'user.submit' && (event as { email?: string }).email === 'ana@example.com' ? [{ src: 'sendOptOut', request: { email: 'ana@example.com', optIn: false } }] : []),
  check: (s, { spies, calls }) => {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Do Not Sell or Share My Personal Information');
    expect(document.querySelectorAll('.account-card > p')).toHaveLength(3);
    expect(!!screen.queryByRole('button', { name: 'Manage cookie preferences' })).toBe(showCookieButton);
    const email = s.context.fieldErrors.email;
    if (email) expect(screen.getByText(email === 'Please enter your email address.' ? 'Please enter your email address.' : 'Please enter a valid email address.')).toBeTruthy();
    if (s.context.error) expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    if (s.matches('submitting')) {
      expect(isDisabled(screen.getByRole('button', { name: /Submit request/ }))).toBe(true);
      expect(calls.at(-1)!.request).toEqual({ email: 'ana@example.com', optIn: false });
    }
    if (s.matches('redirecting')) expect(spies.redirect).toHaveBeenCalledTimes(1);
  },
});

describe('PrivacyRequestView along the opt-out model paths', () => {
  const m = request(true);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
  const withPlatform = request(false);
  it('with the platform parameter: no Manage cookie preferences button', () => walkPath(withPlatform, modelPaths(withPlatform)[0]!));
});

const settings: FlowViewModel<typeof privacySettingsMachine> = {
  machine: privacySettingsMachine,
  events: privacySettingsEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, o: s.context.optedOut, s: s.context.saving, e: s.context.error }),
  actors: ['loadPrivacy', 'savePrivacy'],
  requests: { savePrivacy: savePrivacyRequest },
  spyActions: ['notify'],
  render: (actor) => <PrivacySettingsView actor={actor} />,
  perform: {
    'user.toggle': async (_e, { user }) => user.click(screen.getByRole('checkbox', { name: 'Do not sell or share my personal information' })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the setting is asked for on arrival and on Try again; the checkbox saves the new value at once
  sends: (event) => {
    const e = event as { type: string; optedOut?: boolean };
    if (e.type === 'xstate.init' || e.type === 'user.retry') return [{ src: 'loadPrivacy', request: undefined }];
    if (e.type === 'user.toggle') return [{ src: 'savePrivacy', request: { optedOut: e.optedOut } }];
    return [];
  },
  check: (s, { calls }) => {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy');
    if (s.matches('loadFailed')) expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    if (s.context.optedOut !== null && !s.matches('loadFailed')) {
      const box = screen.getByRole('checkbox', { name: 'Do not sell or share my personal information' }) as HTMLInputElement;
      expect(box.checked).toBe(s.context.saving ?? s.context.optedOut);
      expect(box.disabled).toBe(s.matches('saving'));
      expect(screen.getByRole('status').textContent).toBe(s.context.optedOut ? 'You asked us not to sell or share your personal information.' : 'We may share your personal information with advertising partners.');
    }
    if (s.matches('saving')) expect(calls.at(-1)!.request).toEqual({ optedOut: s.context.saving });
    expect(screen.getByRole('link', { name: 'Communication preferences' }).getAttribute('href')).toBe('/account/settings/communication-preferences');
  },
};
describe('PrivacySettingsView along the privacy-settings model paths', () => {
  // a toggle to the value already shown is not a click the view can make (the guard's case)
  for (const path of modelPaths(settings).filter((p) => {
    let shown: boolean | null = null;
    for (const st of p.steps) {
      const e = st.event as { type: string; optedOut?: boolean; output?: { optedOut: boolean } };
      if (e.type === 'user.toggle' && e.optedOut === shown) return false;
      shown = (st.state as { context: { optedOut: boolean | null } }).context.optedOut;
    }
    return true;
  }))
    it(pathName(path), () => walkPath(settings, path));
});

describe('privacy and unsubscribe pages', () => {
  it('the confirmation never says whether the email is known', async () => {
    renderWithRouter(<PrivacyConfirmationView />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('We got your submission');
    expect(screen.getByText(/^If this email is in our system, we've noted your preferences/)).toBeTruthy();
  });
  it('unsubscribe complete: the heading per type, the parting message and the preferences link', async () => {
    const { unmount } = renderWithRouter(<UnsubscribeCompleteView success type="personalized" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("You're unsubscribed from emails based on your info");
    expect(screen.getByText("We're sorry to see you go. You can choose which emails you get at any time.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage communication preferences' }).getAttribute('href')).toBe('/account/settings/communication-preferences');
    unmount();
    const second = renderWithRouter(<UnsubscribeCompleteView success type="promotional" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("You're unsubscribed from promotional emails");
    second.unmount();
    renderWithRouter(<UnsubscribeCompleteView success={false} type="promotional" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("Can't unsubscribe");
    expect(screen.getByText('Something unexpected went wrong and we could not unsubscribe you. Change your preferences in your account instead.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change your preferences' }).getAttribute('href')).toBe('/account/settings/communication-preferences');
  });
  it('the privacy statement links to the request form', async () => {
    renderWithRouter(<PrivacyStatementView brandName="Harbor Coffee" />);
    expect((await screen.findByRole('link', { name: 'Do Not Sell or Share My Personal Information' })).getAttribute('href')).toBe('/personal-information');
  });
});

describe('CookiePreferencesDialog', () => {
  it('is a labelled dialog with three categories; saving sends the choice; Cancel closes without saving', async () => {
    const persist = vi.fn();
    const actor = createActor(cookiePreferencesMachine.provide({ actions: { persist } }), { input: { choices: null, optedOut: false } }).start();
    renderWithRouter(<CookiePreferencesDialog actor={actor} />);
    act(() => actor.send({ type: 'user.open', optedOut: false }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBe(dialog.querySelector('h2')!.id);
    expect(dialog.querySelector('h2')!.textContent).toBe('Cookie preferences');
    const necessary = screen.getByRole('checkbox', { name: /Necessary/ }) as HTMLInputElement;
    expect(necessary.checked && necessary.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Analytics/ }) as HTMLInputElement).checked).toBe(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(actor.getSnapshot().context.choices).toEqual({ analytics: true, advertising: false });
    expect(persist).toHaveBeenCalledTimes(1);
    act(() => actor.send({ type: 'user.open', optedOut: true }));
    // a recorded opt-out: advertising off and locked, said why
    const ad = (await screen.findByRole('checkbox', { name: /Advertising/ })) as HTMLInputElement;
    expect(ad.disabled).toBe(true);
    expect(screen.getByText('Off: you asked us not to sell or share your personal information.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
