import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { changePasswordMachine } from '../../../machines/change-password.machine.ts';
import { AccountCardPage, AccountForm, CurrentPasswordField, ErrorAlert, FormActions, NewPasswordField } from '../shared/blocks.tsx';
import { SubmitButton, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { accountMessages } from '../../services/error-catalogue.ts';
import '../shared/page.css';

/** /account/settings/password (spec 2 section 4: loading and generic-error flags). */
export function ChangePasswordView({ actor }: { actor: ActorRefFrom<typeof changePasswordMachine> }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const askCurrentPassword = useSelector(actor, (s) => s.context.askCurrentPassword);
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <AccountCardPage heading="Change password">
      <ErrorAlert message={genericError} />
      <AccountForm formRef={form} label="Change password" onValues={(f) => actor.send({ type: 'user.submit', ...(askCurrentPassword ? { currentPassword: f.text('currentPassword') } : {}), newPassword: f.text('newPassword') })}>
        {askCurrentPassword ? (
          <CurrentPasswordField name="currentPassword" label="* Current password" error={fieldErrors.currentPassword} />
        ) : (
          <p className="field-hint">{accountMessages.passwordJustConfirmed}</p>
        )}
        <NewPasswordField error={fieldErrors.newPassword} />
        <p className="field-hint">Changing your password signs you out on your other devices.</p>
        <FormActions>
          <SubmitButton loading={loading} className="btn btn--primary">
            Save password
          </SubmitButton>
        </FormActions>
      </AccountForm>
    </AccountCardPage>
  );
}
