import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ssoMachine, ssoSignInRequest } from '../../../machines/sso.machine.ts';
import { signOutMachine, signOutRequest } from '../../../machines/sign-out.machine.ts';
import { signOutEvents, ssoEvents } from '../../../machines/__tests__/account-events.ts';
import { modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { RedirectingView } from './RedirectingView.tsx';
import { ProfileView } from './ProfileView.tsx';
import { SettingsLayoutView, SettingsView } from './SettingsViews.tsx';

const sso: FlowViewModel<typeof ssoMachine> = {
  machine: ssoMachine,
  events: ssoEvents,
  input: { token: 'tok', returnUrl: '/menu' },
  actors: ['ssoSignIn'],
  requests: { ssoSignIn: ssoSignInRequest },
  spyActions: ['notify', 'redirect'],
  render: () => <RedirectingView title="Signing you in…" />,
  perform: {},
  // the page signs in at once with the link's token and return URL; nothing else sends
  sends: (event) => (event.type === 'xstate.init' ? [{ src: 'ssoSignIn', request: { token: 'tok', returnUrl: '/menu' } }] : []),
  check: (s, { spies, calls }) => {
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeTruthy();
    if (s.matches('signingIn')) expect(calls[0]!.request).toEqual({ token: 'tok', returnUrl: '/menu' });
    if (s.matches('redirecting')) expect(spies.redirect).toHaveBeenCalledTimes(1);
    if (s.matches('redirectingToSignIn')) {
      expect(s.context.destination).toBe('/account/signin?returnUrl=%2Fmenu');
      expect(spies.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'ssoFailed' });
    }
  },
};

const signOut: FlowViewModel<typeof signOutMachine> = {
  machine: signOutMachine,
  events: signOutEvents,
  input: { returnUrl: '/store-locator' },
  actors: ['signOut'],
  requests: { signOut: signOutRequest },
  spyActions: ['redirect'],
  render: () => <RedirectingView title="Signing you out…" />,
  perform: {},
  // the page signs out at once with the return URL; nothing else sends
  sends: (event) => (event.type === 'xstate.init' ? [{ src: 'signOut', request: { returnUrl: '/store-locator' } }] : []),
  check: (s, { spies, calls }) => {
    expect(screen.getByRole('heading', { name: 'Signing you out…' })).toBeTruthy();
    if (s.matches('signingOut')) expect(calls[0]!.request).toEqual({ returnUrl: '/store-locator' });
    if (s.matches('redirecting')) {
      expect(spies.redirect).toHaveBeenCalledTimes(1);
      expect(['/menu', '/store-locator']).toContain(s.context.destination);
    }
  },
};

describe('single sign-on page along the SSO model paths', () => {
  for (const path of modelPaths(sso)) it(pathName(path), () => walkPath(sso, path));
});
describe('sign-out page along the sign-out model paths', () => {
  for (const path of modelPaths(signOut)) it(pathName(path), () => walkPath(signOut, path));
});

describe('simple account pages', () => {
  it('profile shows the details, formatted', async () => {
    renderWithRouter(<ProfileView profile={{ userExId: 'u', firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', phoneNumber: '2065550123', birthday: { month: 2, day: 29 } }} partnerNumber={null} />);
    expect(await screen.findByText('Ana Lima')).toBeTruthy();
    expect(screen.getByText('(206) 555-0123')).toBeTruthy();
    expect(screen.getByText('February 29')).toBeTruthy();
    expect(screen.getByText('Not added')).toBeTruthy();
  });
  it('settings lists 2-step verification only when the feature is on', async () => {
    const { unmount } = renderWithRouter(<SettingsLayoutView mfaEnabled={false}><SettingsView email="ana@example.com" mfaEnabled={false} /></SettingsLayoutView>);
    expect(await screen.findByText('ana@example.com')).toBeTruthy();
    expect(screen.queryByText('2-step verification')).toBeNull();
    unmount();
    renderWithRouter(<SettingsView email="ana@example.com" mfaEnabled />);
    expect((await screen.findByRole('link', { name: /2-step verification/ })).getAttribute('href')).toBe('/account/settings/mfa');
  });
});
