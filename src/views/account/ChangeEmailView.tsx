import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account-constants.ts';
import type { changeEmailMachine } from '../../../machines/change-email.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountCardPage, AccountForm, CodeEntryForm, CurrentPasswordField, ErrorAlert, FormActions, RetryButton } from '../shared/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';

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
    <AccountCardPage heading={step === 'code' ? 'Enter your code' : 'Change email address'}>
      <ErrorAlert message={genericError} />
      {step === 'failed' ? (
        <RetryButton onRetry={() => actor.send({ type: 'user.retry' })} />
      ) : step === 'code' ? (
        <CodeEntryForm
          onSubmitCode={(code) => actor.send({ type: 'user.submitCode', code })}
          error={codeError}
          busy={busy}
          intro={
            <p>
              We sent a 6-digit code to <strong>{proposedNewEmail}</strong>. Enter it within 10 minutes to use this address.
            </p>
          }
          actions={<Link to="/account/settings/edit-email">Use a different address</Link>}
        />
      ) : (
        <AccountForm formRef={form} label="Change email address" onValues={(f) => actor.send({ type: 'user.submit', newEmail: f.text('newEmail'), password: f.text('password') })}>
          {email ? <p>Your email address is {email}. We'll send a code to the new address to confirm it.</p> : null}
          <TextField name="newEmail" label="* New email address" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} aria-required="true" error={fieldErrors.newEmail} />
          <CurrentPasswordField error={fieldErrors.password} />
          <FormActions>
            <SubmitButton loading={busy} className="btn btn--primary">
              Send code
            </SubmitButton>
          </FormActions>
        </AccountForm>
      )}
      {step === 'failed' && !genericError ? <p>{accountMessages.generic}</p> : null}
    </AccountCardPage>
  );
}
