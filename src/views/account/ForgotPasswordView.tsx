import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account-constants.ts';
import type { forgotPasswordMachine } from '../../../machines/forgot-password.machine.ts';
import { AccountCardPage, AccountForm, FormActions } from '../shared/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';

/** /account/forgot-password: the email form (spec 2 sections 2, 5). */
export function ForgotPasswordView({ actor }: { actor: ActorRefFrom<typeof forgotPasswordMachine> }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <AccountCardPage heading="Forgot your password?" subheading="Enter the email address of your account and we'll send you a link to reset your password.">
      <AccountForm formRef={form} label="Forgot password" onValues={(f) => actor.send({ type: 'user.submit', emailAddress: f.text('emailAddress') })}>
        <TextField name="emailAddress" label="* Email address" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} aria-required="true" error={fieldErrors.emailAddress} />
        <FormActions>
          <SubmitButton loading={loading}>Send reset link</SubmitButton>
        </FormActions>
      </AccountForm>
      <div className="account-links">
        <Link to="/account/signin">Back to sign in</Link>
      </div>
    </AccountCardPage>
  );
}
