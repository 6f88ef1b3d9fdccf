import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account.ts';
import type { changeEmailMachine } from '../../../machines/change-email.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { FormAlert, formValues, PasswordField, SubmitButton, TextField, useFocusFirstError, useFormRef } from './form.tsx';
import './account.css';

/** /account/settings/edit-email and /account/settings/edit-email/enter-code (spec 2 sections 2, 4 "Email change"). */
export function ChangeEmailView({ actor }: { actor: ActorRefFrom<typeof changeEmailMachine> }) {
  const step = useSelector(actor, (s) =>
    s.matches('loadingStatus') || s.matches('noPendingChange')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'failed'
        : s.matches('enteringCode') || s.matches('verifying') || s.matches('changed')
          ? 'code'
          : 'form',
  );
  const email = useSelector(actor, (s) => s.context.email);
  const proposedNewEmail = useSelector(actor, (s) => s.context.proposedNewEmail);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const busy = useSelector(actor, (s) => s.matches('requesting') || s.matches('verifying') || s.matches('codeSent') || s.matches('changed'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);

  if (step === 'loading') return <PageLoading />;
  return (
    <div className="account-page">
      <h1 className="account-heading">{step === 'code' ? 'Enter your code' : 'Change email address'}</h1>
      <section className="account-card">
        {genericError ? (
          <FormAlert>
            <p>{genericError}</p>
          </FormAlert>
        ) : null}
        {step === 'failed' ? (
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        ) : step === 'code' ? (
          <form
            noValidate
            aria-label="Enter your code"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.submitCode', code: formValues(e.currentTarget).text('code') });
            }}
          >
            <p>
              We sent a 6-digit code to <strong>{proposedNewEmail}</strong>. Enter it within 10 minutes to use this address.
            </p>
            <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="code-input" error={codeError ?? undefined} autoFocus />
            <div className="account-actions">
              <SubmitButton loading={busy} className="btn btn--primary">
                Verify
              </SubmitButton>
              <Link to="/account/settings/edit-email">Use a different address</Link>
            </div>
          </form>
        ) : (
          <form
            ref={form}
            noValidate
            aria-label="Change email address"
            onSubmit={(e) => {
              e.preventDefault();
              const f = formValues(e.currentTarget);
              actor.send({ type: 'user.submit', newEmail: f.text('newEmail'), password: f.text('password') });
            }}
          >
            {email ? <p>Your email address is {email}. We'll send a code to the new address to confirm it.</p> : null}
            <TextField name="newEmail" label="* New email address" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} aria-required="true" error={fieldErrors.newEmail} />
            <PasswordField name="password" label="* Password" autoComplete="current-password" aria-required="true" error={fieldErrors.password} />
            <div className="account-actions">
              <SubmitButton loading={busy} className="btn btn--primary">
                Send code
              </SubmitButton>
            </div>
          </form>
        )}
        {step === 'failed' && !genericError ? <p>{accountMessages.generic}</p> : null}
      </section>
    </div>
  );
}
