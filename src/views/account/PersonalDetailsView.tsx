import { useSelector } from '@xstate/react';
import { AccountMessages } from '../../../contracts/account-messages.ts';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { NAME_MAX_LENGTH } from '../../../contracts/account-constants.ts';
import type { personalDetailsMachine } from '../../../machines/personal-details.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountCardPage, AccountForm, AccountPage, ErrorAlert, FormActions, LoadFailed } from '../shared/blocks.tsx';
import { FieldError, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** /account/personal: name, phone number and birthday (spec 2 section 2; phone hint spec 5). */
export function PersonalDetailsView({ actor }: { actor: ActorRefFrom<typeof personalDetailsMachine> }) {
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'ready'));
  const profile = useSelector(actor, (s) => s.context.profile);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);

  if (state === 'loading') return <PageLoading />;
  if (state === 'failed' || !profile)
    return (
      <AccountPage>
        <LoadFailed error={genericError} onRetry={() => actor.send({ type: 'user.retry' })} />
      </AccountPage>
    );
  return (
    <AccountCardPage heading="Personal info">
      <ErrorAlert message={genericError} />
      <AccountForm
        formRef={form}
        label="Personal info"
        // the saved profile is the form's starting point: a new key re-reads it after a save
        key={JSON.stringify(profile)}
        onValues={(f) => actor.send({ type: 'user.submit', firstName: f.text('firstName'), lastName: f.text('lastName'), phoneNumber: f.text('phoneNumber'), birthMonth: f.text('birthMonth'), birthDay: f.text('birthDay') })}
      >
        <div className="inline-fields">
          <TextField name="firstName" label="* First name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} defaultValue={profile.firstName} error={fieldErrors.firstName} />
          <TextField name="lastName" label="* Last name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} defaultValue={profile.lastName} error={fieldErrors.lastName} />
        </div>
        <TextField name="phoneNumber" label="Phone number" type="tel" autoComplete="tel-national" hint={AccountMessages.phoneHint} defaultValue={profile.phoneNumber ?? ''} error={fieldErrors.phoneNumber} />
        <fieldset className="choice-group">
          <legend>Birthday</legend>
          <div className="inline-fields">
            <div className="field">
              <label htmlFor="birthMonth">Month</label>
              <select id="birthMonth" name="birthMonth" defaultValue={profile.birthday ? String(profile.birthday.month) : ''} aria-invalid={fieldErrors.birthday ? true : undefined} aria-describedby={fieldErrors.birthday ? 'birthday-error' : undefined}>
                <option value="">Month</option>
                {MONTHS.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="birthDay">Day</label>
              <select id="birthDay" name="birthDay" defaultValue={profile.birthday ? String(profile.birthday.day) : ''} aria-invalid={fieldErrors.birthday ? true : undefined} aria-describedby={fieldErrors.birthday ? 'birthday-error' : undefined}>
                <option value="">Day</option>
                {Array.from({ length: 31 }, (_, i) => (
                  <option key={i} value={String(i + 1)}>
                    {i + 1}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <FieldError id="birthday-error" error={fieldErrors.birthday} />
        </fieldset>
        <FormActions>
          <SubmitButton loading={saving} className="btn btn--primary">
            Save
          </SubmitButton>
          <Link to="/account/personal/partner">Partner number</Link>
        </FormActions>
      </AccountForm>
    </AccountCardPage>
  );
}
