import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account.ts';
import type { forgotPasswordMachine } from '../../../machines/forgot-password.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { formValues, SubmitButton, TextField, useFocusFirstError, useFormRef } from './form.tsx';
import './account.css';

/** /account/forgot-password: the email form (spec 2 sections 2, 5). */
export function ForgotPasswordView({ actor }: { actor: ActorRefFrom<typeof forgotPasswordMachine> }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <div className="account-page">
      <h1 className="account-heading">Forgot your password?</h1>
      <p className="account-subheading">Enter the email address of your account and we'll send you a link to reset your password.</p>
      <section className="account-card">
        <form
          ref={form}
          noValidate
          aria-label="Forgot password"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit', emailAddress: formValues(e.currentTarget).text('emailAddress') });
          }}
        >
          <TextField name="emailAddress" label="* Email address" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} aria-required="true" error={fieldErrors.emailAddress} />
          <div className="account-actions">
            <SubmitButton loading={loading}>Send reset link</SubmitButton>
          </div>
        </form>
        <div className="account-links">
          <Link to="/account/signin">Back to sign in</Link>
        </div>
      </section>
    </div>
  );
}

/** /account/forgot-password/success. */
export function ForgotPasswordSuccessView() {
  return (
    <div className="account-page account-center">
      <section className="account-card">
        <div className="account-icon" aria-hidden="true">✓</div>
        <h1 className="account-heading">Check your email</h1>
        <p>{accountMessages.forgotPasswordSuccess}</p>
        <div className="account-actions">
          <Link to="/account/signin" className="btn btn--primary">
            Return to sign in
          </Link>
        </div>
      </section>
    </div>
  );
}
