import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { changePasswordMachine } from '../../../machines/change-password.machine.ts';
import { FormAlert, formValues, PasswordField, SubmitButton, useFocusFirstError, useFormRef } from './form.tsx';
import { PASSWORD_HINT } from './ResetPasswordView.tsx';
import './account.css';

/** /account/settings/password (spec 2 section 4: loading and generic-error flags). */
export function ChangePasswordView({ actor }: { actor: ActorRefFrom<typeof changePasswordMachine> }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <div className="account-page">
      <h1 className="account-heading">Change password</h1>
      <section className="account-card">
        {genericError ? (
          <FormAlert>
            <p>{genericError}</p>
          </FormAlert>
        ) : null}
        <form
          ref={form}
          noValidate
          aria-label="Change password"
          onSubmit={(e) => {
            e.preventDefault();
            const f = formValues(e.currentTarget);
            actor.send({ type: 'user.submit', currentPassword: f.text('currentPassword'), newPassword: f.text('newPassword') });
          }}
        >
          <PasswordField name="currentPassword" label="* Current password" autoComplete="current-password" aria-required="true" error={fieldErrors.currentPassword} />
          <PasswordField name="newPassword" label="* New password" autoComplete="new-password" aria-required="true" hint={PASSWORD_HINT} error={fieldErrors.newPassword} />
          <p className="field-hint">Changing your password signs you out on your other devices.</p>
          <div className="account-actions">
            <SubmitButton loading={loading} className="btn btn--primary">
              Save password
            </SubmitButton>
          </div>
        </form>
      </section>
    </div>
  );
}
