import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/reset-password.machine.ts';
import { AccountCardPage, AccountForm, ErrorAlert, FormActions, NewPasswordField } from '../shared/blocks.tsx';
import { SubmitButton, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';

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
