import { accountMessages } from '../../services/error-catalogue.ts';
import { OutcomePage } from '../shared/outcome.tsx';
import '../shared/page.css';

/*
 * The account's outcome pages (done, expired, partly done). Apart from the forms' views and blocks (blocks.tsx,
 * form.tsx) so these pages load no form code (docs/architecture.md, Performance).
 */

/** /account/reset-password-success. */
export function ResetPasswordSuccessView() {
  return (
    <OutcomePage
      tone="success"
      heading={accountMessages.resetSuccess}
      primary={{ to: '/account/signin', label: 'Sign in' }}
    >
      <p>Sign in with your new password. For your security, you were signed out everywhere else.</p>
    </OutcomePage>
  );
}

/** /account/forgot-password-reset/:token: the expired-link page (the loader checked the token). */
export function ResetLinkExpiredView() {
  return (
    <OutcomePage
      tone="warn"
      heading={accountMessages.resetLinkExpiredTitle}
      primary={{ to: '/account/forgot-password', label: 'Try again' }}
    >
      <p>{accountMessages.resetLinkExpiredBody}</p>
    </OutcomePage>
  );
}

/** /account/forgot-password/success. */
export function ForgotPasswordSuccessView() {
  return (
    <OutcomePage
      tone="success"
      heading="Check your email"
      primary={{ to: '/account/signin', label: 'Return to sign in' }}
    >
      <p>{accountMessages.forgotPasswordSuccess}</p>
    </OutcomePage>
  );
}

/** /account/create/partial-success/:message: account created, card registration failed (spec 2 sections 2, 8). */
export function PartialSuccessView({ message }: { message: 'card-information-error' | 'card-state-error' }) {
  return (
    <OutcomePage
      tone="warn"
      heading={accountMessages.partialSuccessHeading}
      primary={{ to: '/account/cards', label: 'Register a card' }}
      secondary={{ to: '/account/for-you', label: 'Go to your account' }}
    >
      <p>{accountMessages[message]}</p>
    </OutcomePage>
  );
}
