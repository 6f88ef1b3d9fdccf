import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { ReactNode } from 'react';
import type { mfaSettingsMachine } from '../../../machines/mfa-settings.machine.ts';
import type { mfaPhoneMachine } from '../../../machines/mfa-phone.machine.ts';
import type { reauthMachine } from '../../../machines/reauth.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountCardPage, AccountForm, AccountPage, CodeEntryForm, CodeSentTo, CurrentPasswordField, ErrorAlert, FormActions, LinkButton, RetryButton } from './blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from './form.tsx';
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
    <AccountPage heading="2-step verification" subheading="When you sign in, we'll text a code to your phone, so a password alone isn't enough to get into your account.">
      <section className="account-card">
        <ErrorAlert message={error} />
        {failed || !status ? (
          <RetryButton onRetry={() => actor.send({ type: 'user.retry' })} />
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
    </AccountPage>
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
    <AccountCardPage heading={mode === 'add' ? 'Add a phone number' : 'Change your phone number'}>
      <ErrorAlert message={genericError} />
      {codeStep ? (
        <PhoneCodeStep
          onSubmitCode={(code) => actor.send({ type: 'user.submitCode', code })}
          sentTo={pending}
          state={{ error: codeError, busy }}
          actions={
            <>
              <LinkButton onClick={() => actor.send({ type: 'user.resendCode' })} disabled={busy}>
                Send a new code
              </LinkButton>
              <LinkButton onClick={() => actor.send({ type: 'user.changeNumber' })} disabled={busy}>
                Use a different number
              </LinkButton>
            </>
          }
        />
      ) : (
        <AccountForm formRef={form} label={mode === 'add' ? 'Add a phone number' : 'Change your phone number'} onValues={(f) => actor.send({ type: 'user.submit', phoneNumber: f.text('phoneNumber') })}>
          <TextField name="phoneNumber" label="* Mobile phone number" type="tel" autoComplete="tel-national" aria-required="true" hint={accountMessages.phoneHint} error={fieldErrors.phoneNumber} />
          <FormActions>
            <SubmitButton loading={busy} className="btn btn--primary">
              Send code
            </SubmitButton>
            <Link to="/account/settings/mfa">Cancel</Link>
          </FormActions>
        </AccountForm>
      )}
    </AccountCardPage>
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
    <AccountCardPage heading="Confirm it's you" subheading={accountMessages.reauthRequired}>
      <ErrorAlert message={genericError} />
      {codeStep ? (
        <PhoneCodeStep
          onSubmitCode={(code) => actor.send({ type: 'user.submitCode', code })}
          sentTo={phone}
          state={{ error: codeError, busy }}
          actions={
            <LinkButton onClick={() => actor.send({ type: 'user.startOver' })} disabled={busy}>
              Start over
            </LinkButton>
          }
        />
      ) : (
        <AccountForm formRef={form} label="Confirm your password" onValues={(f) => actor.send({ type: 'user.submitPassword', password: f.text('password') })}>
          <CurrentPasswordField error={fieldErrors.password} />
          <FormActions>
            <SubmitButton loading={busy} className="btn btn--primary">
              Continue
            </SubmitButton>
          </FormActions>
        </AccountForm>
      )}
    </AccountCardPage>
  );
}

/** The code step of the phone flows: the code went to `sentTo` by SMS. */
function PhoneCodeStep({ onSubmitCode, sentTo, state, actions }: { onSubmitCode: (code: string) => void; sentTo: string | null; state: { error: string | null | undefined; busy: boolean }; actions: ReactNode }) {
  return <CodeEntryForm onSubmitCode={onSubmitCode} error={state.error} busy={state.busy} intro={<CodeSentTo phone={sentTo} />} actions={actions} />;
}
