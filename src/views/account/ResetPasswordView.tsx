import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/reset-password.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { AccountCardPage, AccountForm, ErrorAlert, FormActions, NewPasswordField, OutcomePage } from './blocks.tsx';
import { SubmitButton, useFocusFirstError, useFormRef } from './form.tsx';
import './account.css';

/** /account/reset-password/:token: the create-new-password form (spec 2 sections 2, 5). */
export function ResetPasswordView({ actor }: { actor: ActorRefFrom<typeof resetPasswordMachine> }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <AccountCardPage heading="Create a new password">
      <ErrorAlert message={formError} />
      <AccountForm formRef={form} label="Create a new password" onValues={(f) => actor.send({ type: 'user.submit', newPassword: f.text('newPassword') })}>
        <NewPasswordField error={fieldErrors.newPassword} />
        <FormActions>
          <SubmitButton loading={loading}>Save password</SubmitButton>
        </FormActions>
      </AccountForm>
    </AccountCardPage>
  );
}

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
