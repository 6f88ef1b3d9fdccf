import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createActor, type AnyEventObject } from 'xstate';
import { resendCodeRequest, signInMachine, signInRequest, verifyCodeRequest } from '../../../machines/sign-in.machine.ts';
import { signInEvents } from '../../../machines/__tests__/account-events.ts';
import { notificationsMachine } from '../../../machines/notifications.machine.ts';
import { accountNotify } from '../../services/account-flow.tsx';
import { NotificationArea } from '../shell/NotificationArea.tsx';
import { fill, modelPaths, pathName, setChecked, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { SignInView } from './SignInView.tsx';
import { specText } from '../../test/spec-texts.ts';

const model: FlowViewModel<typeof signInMachine> = {
  machine: signInMachine,
  events: signInEvents,
  input: { returnUrl: '/account/cards' },
  serializeState: (s) => JSON.stringify({ v: s.value, f: Object.keys(s.context.fieldErrors).length > 0, e: !!s.context.formError, c: s.context.challenge?.challengeId[0] ?? null, ce: !!s.context.codeError, r: s.context.codeResent }),
  actors: ['signIn', 'verifyCode', 'resendCode', 'paymentSignIn'],
  requests: { signIn: signInRequest, verifyCode: verifyCodeRequest, resendCode: resendCodeRequest },
  spyActions: ['notify', 'redirect', 'trackLoginClick', 'trackSignInSuccess'],
  render: (actor) => <SignInView actor={actor} product="Harbor" showKeepMeSignedIn updatedTermsOfUseUrl="/terms-of-use" returnUrl="/account/cards" />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/Username or email address/), e.username);
      await fill(user, screen.getByLabelText(/^\* Password$/), e.password);
      await setChecked(user, screen.getByLabelText('Keep me signed in'), e.rememberMe);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
    },
    'user.submitCode': async (e, { user }) => {
      const dialog = screen.getByRole('dialog');
      await fill(user, within(dialog).getByLabelText('Code'), e.code);
      await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    },
    'user.cancelCode': async (_e, { user }) => {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    },
    'user.resendCode': async (_e, { user }) => {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send a new code' }));
    },
  },
  // spec 2 section 2: Sign in with a filled form sends the credentials and the return URL (an empty form sends
  // nothing); Verify with a six-digit code sends it with the challenge; Send a new code sends the challenge; a
  // successful sign-in or code signs in to the payment service; nothing else sends
  sends: (event, s) => {
    const e = event as AnyEventObject & { username?: string; code?: string };
    if (e.type === 'user.submit') return e.username ? [{ src: 'signIn', request: { username: 'ana@example.com', password: 'correct horse', rememberMe: false, returnUrl: '/account/cards' } }] : [];
    if (e.type === 'user.submitCode') return e.code === '123456' ? [{ src: 'verifyCode', request: { challengeId: s.context.challenge!.challengeId, code: '123456' } }] : [];
    if (e.type === 'user.resendCode') return [{ src: 'resendCode', request: { challengeId: s.context.challenge!.challengeId } }];
    if (e.type === 'xstate.done.actor.signIn' || e.type === 'xstate.done.actor.verifyCode') return [{ src: 'paymentSignIn', request: undefined }];
    return [];
  },
  check: (s, { spies, calls }, event) => {
    const signInButton = screen.getByRole('button', { name: /Sign in/ });
    if (s.matches('editing')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect((signInButton as HTMLButtonElement).disabled).toBe(false);
      if (s.context.fieldErrors.username) expect(screen.getByText('Enter an email/username.')).toBeTruthy();
      if (s.context.fieldErrors.password) expect(screen.getByText('Enter a password.')).toBeTruthy();
      if (s.context.formError) expect(screen.getByText(specText(s.context.formError))).toBeTruthy();
      if (event.type.startsWith('xstate.error.') && !s.context.formError)
        expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' });
    }
    if (s.matches('submitting')) {
      expect((signInButton as HTMLButtonElement).disabled).toBe(true);
      expect(spies.trackLoginClick).toHaveBeenCalled();
      expect(calls.at(-1)!.request).toMatchObject({ username: 'ana@example.com', password: 'correct horse', rememberMe: false, returnUrl: '/account/cards' });
    }
    if (s.matches('enteringCode') || s.matches('verifyingCode') || s.matches('resendingCode')) {
      const dialog = screen.getByRole('dialog', { name: 'Enter your code' });
      expect(within(dialog).getByText('•••-•••-1234')).toBeTruthy();
      if (s.context.codeError) expect(within(dialog).getByText(specText(s.context.codeError))).toBeTruthy();
      const status = within(dialog).getByRole('status');
      expect(status.textContent).toBe(event.type === 'xstate.done.actor.resendCode' ? 'We sent a new code. It expires in 10 minutes.' : '');
      expect((within(dialog).getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(!s.matches('enteringCode'));
      if (s.matches('verifyingCode')) {
        expect((within(dialog).getByRole('button', { name: /Verify/ }) as HTMLButtonElement).disabled).toBe(true);
        expect(calls.at(-1)!.request).toEqual({ challengeId: s.context.challenge!.challengeId, code: '123456' });
      }
      if (s.matches('resendingCode')) expect(calls.at(-1)!.request).toEqual({ challengeId: s.context.challenge!.challengeId });
    }
    if (s.matches('signingInToPaymentService')) expect((signInButton as HTMLButtonElement).disabled).toBe(true);
    if (s.matches('redirecting')) {
      expect(spies.trackSignInSuccess).toHaveBeenCalled();
      expect(spies.redirect).toHaveBeenCalledTimes(1);
      expect(s.context.destination).toMatch(/^\/(store-locator\?favorites=1|account\/cards)$/);
    }
  },
};

describe('SignInView along the sign-in model paths', () => {
  for (const path of modelPaths(model)) it(pathName(path), () => walkPath(model, path));
});

describe('SignInView details', () => {
  it('shows the join-now section, the forgot links, the updated-terms notice and the variant heading', async () => {
    const actor = createActor(signInMachine, { input: { returnUrl: null } }).start();
    const { renderWithRouter } = await import('../../test/account-harness.tsx');
    renderWithRouter(<SignInView actor={actor} variant="hotel-link" returnUrl="/account/cards" product="Harbor" showKeepMeSignedIn={false} updatedTermsOfUseUrl="/terms-of-use" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your hotel partner account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/account/forgot-password');
    expect(screen.getByText('Forgot your username?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the updated Terms of Use' }).getAttribute('href')).toBe('/terms-of-use');
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/account/create?returnUrl=%2Faccount%2Fcards&variant=hotel-link');
    expect(screen.queryByLabelText('Keep me signed in')).toBeNull();
    actor.stop();
  });

  it('the notify action shows the persistent "Sign in unsuccessful." notification', () => {
    const notifications = createActor(notificationsMachine).start();
    accountNotify({ notifications }, { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' });
    const { persistent } = notifications.getSnapshot().context;
    render(<NotificationArea toast={null} persistent={persistent} onDismiss={() => {}} />);
    const notice = screen.getByTestId('persistent-notification');
    expect(notice.textContent).toContain('Sign in unsuccessful.');
    expect(notice.textContent).toContain('Sorry, we were unable to log you in. Please try again.');
  });
});
