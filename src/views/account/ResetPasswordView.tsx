import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contracts/account.ts';
import type { resetPasswordMachine } from '../../../machines/reset-password.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { FormAlert, formValues, PasswordField, SubmitButton, useFocusFirstError, useFormRef } from './form.tsx';
import './account.css';

export const PASSWORD_HINT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Avoid common passwords and your email address.`;

/** /account/reset-password/:token: the create-new-password form (spec 2 sections 2, 5). */
export function ResetPasswordView({ actor }: { actor: ActorRefFrom<typeof resetPasswordMachine> }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <div className="account-page">
      <h1 className="account-heading">Create a new password</h1>
      <section className="account-card">
        {formError ? (
          <FormAlert>
            <p>{formError}</p>
          </FormAlert>
        ) : null}
        <form
          ref={form}
          noValidate
          aria-label="Create a new password"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit', newPassword: formValues(e.currentTarget).text('newPassword') });
          }}
        >
          <PasswordField name="newPassword" label="* New password" autoComplete="new-password" aria-required="true" hint={PASSWORD_HINT} error={fieldErrors.newPassword} />
          <div className="account-actions">
            <SubmitButton loading={loading}>Save password</SubmitButton>
          </div>
        </form>
      </section>
    </div>
  );
}

/** /account/reset-password-success. */
export function ResetPasswordSuccessView() {
  return (
    <div className="account-page account-center">
      <section className="account-card">
        <div className="account-icon" aria-hidden="true">✓</div>
        <h1 className="account-heading">{accountMessages.resetSuccess}</h1>
        <p>Sign in with your new password. For your security, you were signed out everywhere else.</p>
        <div className="account-actions">
          <Link to="/account/signin" className="btn btn--primary">
            Sign in
          </Link>
        </div>
      </section>
    </div>
  );
}

/** /account/forgot-password-reset/:token: the expired-link page (the loader checked the token). */
export function ResetLinkExpiredView() {
  return (
    <div className="account-page account-center">
      <section className="account-card">
        <div className="account-icon account-icon--warn" aria-hidden="true">!</div>
        <h1 className="account-heading">{accountMessages.resetLinkExpiredTitle}</h1>
        <p>{accountMessages.resetLinkExpiredBody}</p>
        <div className="account-actions">
          <Link to="/account/forgot-password" className="btn btn--primary">
            Try again
          </Link>
        </div>
      </section>
    </div>
  );
}
