import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { mfaSettingsMachine } from '../../../machines/mfa-settings.machine.ts';
import type { mfaPhoneMachine } from '../../../machines/mfa-phone.machine.ts';
import type { reauthMachine } from '../../../machines/reauth.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import { FormAlert, formValues, PasswordField, SubmitButton, TextField, useFocusFirstError, useFormRef } from './form.tsx';
import './account.css';

/** /account/settings/mfa: 2-step verification status, add, edit, remove. */
export function MfaSettingsView({ actor }: { actor: ActorRefFrom<typeof mfaSettingsMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('reauthRequired'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemoval') || s.matches('removing'));
  const removing = useSelector(actor, (s) => s.matches('removing'));
  if (loading) return <PageLoading />;
  return (
    <div className="account-page">
      <h1 className="account-heading">2-step verification</h1>
      <p className="account-subheading">When you sign in, we'll text a code to your phone, so a password alone isn't enough to get into your account.</p>
      <section className="account-card">
        {error ? (
          <FormAlert>
            <p>{error}</p>
          </FormAlert>
        ) : null}
        {failed || !status ? (
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        ) : status.phoneNumber ? (
          <>
            <p>
              2-step verification is <strong>on</strong>. Codes go to <span className="mfa-phone">{status.phoneNumber}</span>.
            </p>
            <div className="account-actions">
              <Link to="/account/settings/mfa/edit-phone-number" className="btn btn--ghost">
                Change phone number
              </Link>
              <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.removePhone' })}>
                Turn off
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              2-step verification is <strong>off</strong>.
            </p>
            <div className="account-actions">
              <Link to="/account/settings/mfa/add-phone-number" className="btn btn--primary">
                Add a phone number
              </Link>
            </div>
          </>
        )}
      </section>
      <Dialog
        open={confirming}
        title="Turn off 2-step verification?"
        onClose={() => actor.send({ type: 'user.cancelRemove' })}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.cancelRemove' })} disabled={removing}>
              Keep it on
            </button>
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.confirmRemove' })} disabled={removing} aria-busy={removing || undefined}>
              Turn off
            </button>
          </>
        }
      >
        <p>Sign-in codes will no longer be sent to {status?.phoneNumber}.</p>
      </Dialog>
    </div>
  );
}

/** /account/settings/mfa/add-phone-number and edit-phone-number: the number, then the code sent to it. */
export function MfaPhoneView({ actor }: { actor: ActorRefFrom<typeof mfaPhoneMachine> }) {
  const mode = useSelector(actor, (s) => s.context.mode);
  const codeStep = useSelector(actor, (s) => s.matches('enteringCode') || s.matches('verifying') || s.matches('saved'));
  const pending = useSelector(actor, (s) => s.context.pendingPhoneNumber);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const busy = useSelector(actor, (s) => s.hasTag('loading') || s.matches('saved') || s.matches('reauthRequired'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <div className="account-page">
      <h1 className="account-heading">{mode === 'add' ? 'Add a phone number' : 'Change your phone number'}</h1>
      <section className="account-card">
        {genericError ? (
          <FormAlert>
            <p>{genericError}</p>
          </FormAlert>
        ) : null}
        {codeStep ? (
          <form
            noValidate
            aria-label="Enter your code"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.submitCode', code: formValues(e.currentTarget).text('code') });
            }}
          >
            <p>
              We sent a 6-digit code to <span className="mfa-phone">{pending}</span>.
            </p>
            <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="code-input" error={codeError ?? undefined} autoFocus />
            <div className="account-actions">
              <SubmitButton loading={busy} className="btn btn--primary">
                Verify
              </SubmitButton>
              <button type="button" className="btn btn--link" onClick={() => actor.send({ type: 'user.resendCode' })} disabled={busy}>
                Send a new code
              </button>
              <button type="button" className="btn btn--link" onClick={() => actor.send({ type: 'user.changeNumber' })} disabled={busy}>
                Use a different number
              </button>
            </div>
          </form>
        ) : (
          <form
            ref={form}
            noValidate
            aria-label={mode === 'add' ? 'Add a phone number' : 'Change your phone number'}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.submit', phoneNumber: formValues(e.currentTarget).text('phoneNumber') });
            }}
          >
            <TextField name="phoneNumber" label="* Mobile phone number" type="tel" autoComplete="tel-national" aria-required="true" hint={accountMessages.phoneInvalid} error={fieldErrors.phoneNumber} />
            <div className="account-actions">
              <SubmitButton loading={busy} className="btn btn--primary">
                Send code
              </SubmitButton>
              <Link to="/account/settings/mfa">Cancel</Link>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}

/** The re-authentication step shown in place of a page that needs a recent second-factor check. */
export function ReauthView({ actor }: { actor: ActorRefFrom<typeof reauthMachine> }) {
  const codeStep = useSelector(actor, (s) => s.matches('enteringCode') || s.matches('checkingCode'));
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const phone = useSelector(actor, (s) => s.context.phoneNumber);
  const busy = useSelector(actor, (s) => s.hasTag('loading') || s.matches('verified'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <div className="account-page">
      <h1 className="account-heading">Confirm it's you</h1>
      <p className="account-subheading">{accountMessages.reauthRequired}</p>
      <section className="account-card">
        {genericError ? (
          <FormAlert>
            <p>{genericError}</p>
          </FormAlert>
        ) : null}
        {codeStep ? (
          <form
            noValidate
            aria-label="Enter your code"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.submitCode', code: formValues(e.currentTarget).text('code') });
            }}
          >
            <p>
              We sent a 6-digit code to <span className="mfa-phone">{phone}</span>.
            </p>
            <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="code-input" error={codeError ?? undefined} autoFocus />
            <div className="account-actions">
              <SubmitButton loading={busy} className="btn btn--primary">
                Verify
              </SubmitButton>
              <button type="button" className="btn btn--link" onClick={() => actor.send({ type: 'user.startOver' })} disabled={busy}>
                Start over
              </button>
            </div>
          </form>
        ) : (
          <form
            ref={form}
            noValidate
            aria-label="Confirm your password"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.submitPassword', password: formValues(e.currentTarget).text('password') });
            }}
          >
            <PasswordField name="password" label="* Password" autoComplete="current-password" aria-required="true" error={fieldErrors.password} />
            <div className="account-actions">
              <SubmitButton loading={busy} className="btn btn--primary">
                Continue
              </SubmitButton>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
