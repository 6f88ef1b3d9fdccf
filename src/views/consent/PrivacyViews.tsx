import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account-constants.ts';
import { PrivacyMessages } from '../../../contracts/privacy.ts';
import type { privacyOptOutMachine } from '../../../machines/privacy-opt-out.machine.ts';
import type { privacySettingsMachine } from '../../../machines/privacy-settings.machine.ts';
import { AccountCardPage, AccountForm, ErrorAlert, FormActions, LoadFailed } from '../account/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from '../account/form.tsx';
import { Spinner } from '../shell/Loading.tsx';
import '../account/account.css';
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

/** /account/settings/privacy: the member's opt-out, shown and changed; and the way to the marketing emails. */
export function PrivacySettingsView({ actor }: { actor: ActorRefFrom<typeof privacySettingsMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const optedOut = useSelector(actor, (s) => s.context.optedOut);
  const pending = useSelector(actor, (s) => s.context.saving);
  const error = useSelector(actor, (s) => s.context.error);
  const shown = pending ?? optedOut;
  return (
    <div className="account-page account-page--wide">
      <h1 className="account-heading">Privacy</h1>
      <section className="account-card" aria-labelledby="privacy-optout-heading">
        <h2 id="privacy-optout-heading">{PrivacyMessages.settingsHeading}</h2>
        {loading ? <Spinner label="Loading your privacy choice" /> : null}
        {failed ? <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} /> : null}
        {optedOut !== null && !failed ? (
          <>
            <p role="status">{optedOut ? PrivacyMessages.settingsOptedOut : PrivacyMessages.settingsNotOptedOut}</p>
            <label className="cookie-choice">
              <input type="checkbox" checked={!!shown} disabled={saving} onChange={(e) => actor.send({ type: 'user.toggle', optedOut: e.currentTarget.checked })} />
              <span>{PrivacyMessages.settingsToggle}</span>
            </label>
          </>
        ) : null}
      </section>
      <section className="account-card">
        <h2>Marketing emails</h2>
        <p>Choose which emails you get from us.</p>
        <div className="account-actions">
          <Link to="/account/settings/communication-preferences" className="btn btn--ghost">
            Communication preferences
          </Link>
        </div>
      </section>
    </div>
  );
}
