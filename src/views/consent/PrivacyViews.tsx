import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account-constants.ts';
import { PrivacyMessages } from '../../../contracts/privacy.ts';
import type { privacyOptOutMachine } from '../../../machines/privacy-opt-out.machine.ts';
import { AccountCardPage, AccountForm, ErrorAlert, FormActions } from '../shared/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';
import './consent.css';

/**
 * /personal-information (spec 2 section 2): title 'Do Not Sell or Share My Personal Information', three paragraphs,
 * an email field, a submit button; 'Manage cookie preferences' only when no platform parameter is present.
 */
export function PrivacyRequestView({ actor, brandName, showCookieButton, onManageCookies }: { actor: ActorRefFrom<typeof privacyOptOutMachine>; brandName: string; showCookieButton: boolean; onManageCookies: () => void }) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <AccountCardPage heading={PrivacyMessages.title}>
      {PrivacyMessages.paragraphs(brandName).map((p) => (
        <p key={p.slice(0, 20)}>{p}</p>
      ))}
      <ErrorAlert message={error} />
      <AccountForm formRef={form} label="Privacy request" onValues={(f) => actor.send({ type: 'user.submit', email: f.text('email') })}>
        <TextField name="email" label={`* ${PrivacyMessages.emailLabel}`} type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} aria-required="true" error={fieldErrors.email} />
        <FormActions>
          <SubmitButton loading={loading}>{PrivacyMessages.submit}</SubmitButton>
          {showCookieButton ? (
            <button type="button" className="btn btn--ghost" onClick={onManageCookies}>
              {PrivacyMessages.manageCookies}
            </button>
          ) : null}
        </FormActions>
      </AccountForm>
    </AccountCardPage>
  );
}
