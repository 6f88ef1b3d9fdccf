import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { forgotPasswordMachine, sendResetLinkRequest } from '../../../machines/forgot-password.machine.ts';
import { resetPasswordMachine, resetPasswordRequest } from '../../../machines/reset-password.machine.ts';
import { forgotPasswordEvents, resetPasswordEvents, RESET_TOKEN } from '../../../machines/__tests__/account-events.ts';
import { fill, isDisabled, modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { ForgotPasswordView } from './ForgotPasswordView.tsx';
import { ForgotPasswordSuccessView, ResetLinkExpiredView, ResetPasswordSuccessView } from './OutcomeViews.tsx';
import { ResetPasswordView } from './ResetPasswordView.tsx';
import { specText } from '../../test/spec-texts.ts';

const forgot: FlowViewModel<typeof forgotPasswordMachine> = {
  machine: forgotPasswordMachine,
  events: forgotPasswordEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors) }),
  actors: ['sendResetLink'],
  requests: { sendResetLink: sendResetLinkRequest },
  spyActions: ['redirect'],
  render: (actor) => <ForgotPasswordView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/Email address/), e.emailAddress);
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    },
  },
  // spec 2 section 2: Send reset link with a valid address sends it; an invalid one sends nothing
  sends: (event) => (event.type === 'user.submit' && (event as { emailAddress?: string }).emailAddress === 'ana@example.com' ? [{ src: 'sendResetLink', request: { emailAddress: 'ana@example.com' } }] : []),
  check: (s, { spies, calls }) => {
    if (s.matches('editing') && s.context.fieldErrors.emailAddress) expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    if (s.matches('sending')) {
      expect(isDisabled(screen.getByRole('button', { name: /Send reset link/ }))).toBe(true);
      expect(calls.at(-1)!.request).toEqual({ emailAddress: 'ana@example.com' });
    }
    if (s.matches('redirecting')) expect(spies.redirect).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText(/Email address/) as HTMLInputElement).maxLength).toBe(50);
  },
};

const reset: FlowViewModel<typeof resetPasswordMachine> = {
  machine: resetPasswordMachine,
  events: resetPasswordEvents,
  input: { token: RESET_TOKEN },
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, f: s.context.formError }),
  actors: ['resetPassword'],
  requests: { resetPassword: resetPasswordRequest },
  spyActions: ['redirect'],
  render: (actor) => <ResetPasswordView actor={actor} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fill(user, screen.getByLabelText(/New password/), e.newPassword);
      await user.click(screen.getByRole('button', { name: 'Save password' }));
    },
  },
  // spec 2 section 2: Save password with an acceptable password sends it with the link's token; a too-short one sends nothing
  sends: (event) =>
    event.type === 'user.submit' && (event as { newPassword?: string }).newPassword === 'a much better secret' ? [{ src: 'resetPassword', request: { token: RESET_TOKEN, newPassword: 'a much better secret' } }] : [],
  check: (s, { spies, calls }) => {
    if (s.matches('editing')) {
      if (s.context.fieldErrors.newPassword) expect(screen.getByText(specText(s.context.fieldErrors.newPassword))).toBeTruthy();
      if (s.context.formError) expect(screen.getByRole('alert').textContent).toBe('Password reset failed');
    }
    if (s.matches('submitting')) {
      expect(isDisabled(screen.getByRole('button', { name: /Save password/ }))).toBe(true);
      expect(calls.at(-1)!.request).toEqual({ token: RESET_TOKEN, newPassword: 'a much better secret' });
    }
    if (s.matches('redirecting')) {
      expect(spies.redirect).toHaveBeenCalledTimes(1);
      expect(['/account/reset-password-success', `/account/forgot-password-reset/${RESET_TOKEN}`]).toContain(s.context.destination);
    }
  },
};

describe('ForgotPasswordView along the forgot-password model paths', () => {
  for (const path of modelPaths(forgot)) it(pathName(path), () => walkPath(forgot, path));
});

describe('ResetPasswordView along the reset-password model paths', () => {
  for (const path of modelPaths(reset)) it(pathName(path), () => walkPath(reset, path));
});

describe('recovery pages', () => {
  it('forgot-password success: the confirmation and a return-to-sign-in button', async () => {
    renderWithRouter(<ForgotPasswordSuccessView />);
    expect(await screen.findByText("Thanks - if you have an account, we've sent you an email.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to sign in' }).getAttribute('href')).toBe('/account/signin');
  });
  it('reset success: "Your password has been updated" and a sign-in button', async () => {
    renderWithRouter(<ResetPasswordSuccessView />);
    expect(await screen.findByRole('heading', { name: 'Your password has been updated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin');
  });
  it('expired link: the texts and a try-again link to forgot-password', async () => {
    renderWithRouter(<ResetLinkExpiredView />);
    expect(await screen.findByRole('heading', { name: 'Forgot password link expired' })).toBeTruthy();
    expect(screen.getByText("If you'd still like to reset your password, we can send you another link.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/account/forgot-password');
  });
});
