import type { ReactNode, RefObject } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contracts/account-constants.ts';
import { GENERIC_ERROR_MESSAGE } from '../../../contracts/errors.ts';
import { FormAlert, formValues, PasswordField, SubmitButton, TextField, type TextFieldProps } from './form.tsx';

/**
 * The repeated blocks of the account pages, built on ./form.tsx: the page frame (heading, subheading, card), the
 * form-level error alert, the load-failed retry, the form shell and the 6-digit code step. Presentational only:
 * the views pass what the machine's snapshot says and what to send.
 */

export const PASSWORD_HINT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Avoid common passwords and your email address.`;

export interface AccountPageProps {
  /** the page's `<h1>`; none on the bare load-failed page */
  heading?: ReactNode;
  subheading?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

/** The page frame: `<h1>` heading, an optional subheading, then the page's cards. */
export function AccountPage({ heading, subheading, wide = false, children }: AccountPageProps) {
  return (
    <div className={wide ? 'account-page account-page--wide' : 'account-page'}>
      {heading !== undefined ? <h1 className="account-heading">{heading}</h1> : null}
      {subheading !== undefined ? <p className="account-subheading">{subheading}</p> : null}
      {children}
    </div>
  );
}

/** The common page: the frame around a single card. */
export function AccountCardPage({ children, ...page }: AccountPageProps & { heading: ReactNode }) {
  return (
    <AccountPage {...page}>
      <section className="account-card">{children}</section>
    </AccountPage>
  );
}

/** The form-level error message, when there is one. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <FormAlert>
      <p>{message}</p>
    </FormAlert>
  ) : null;
}

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" className="btn btn--primary" onClick={onRetry}>
      Try again
    </button>
  );
}

/** A failed load: the error (or the generic message), then Try again. */
export function LoadFailed({ error, onRetry }: { error: string | null | undefined; onRetry: () => void }) {
  return (
    <>
      <FormAlert>
        <p>{error ?? GENERIC_ERROR_MESSAGE}</p>
      </FormAlert>
      <RetryButton onRetry={onRetry} />
    </>
  );
}

export interface AccountFormProps {
  /** the form focused by useFocusFirstError */
  formRef?: RefObject<HTMLFormElement | null>;
  /** the form's accessible name */
  label: string;
  /** called on submit with the form's fields (the view sends the machine's event) */
  onValues: (fields: ReturnType<typeof formValues>) => void;
  children: ReactNode;
}

/** An account form: no browser validation (the machines validate with the contract's schemas). */
export function AccountForm({ formRef, label, onValues, children }: AccountFormProps) {
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onValues(formValues(e.currentTarget));
      }}
    >
      {children}
    </form>
  );
}

/** The row of a form's buttons and links. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="account-actions">{children}</div>;
}

type PasswordProps = Omit<TextFieldProps, 'type' | 'addon' | 'name' | 'label' | 'hint'> & { name?: string; label?: string };

/** The account's current password (to sign in or confirm a change). */
export function CurrentPasswordField({ name = 'password', label = '* Password', ...rest }: PasswordProps) {
  return <PasswordField name={name} label={label} autoComplete="current-password" aria-required="true" {...rest} />;
}

/** A new password, with the password rules as hint. */
export function NewPasswordField({ name = 'newPassword', label = '* New password', ...rest }: PasswordProps) {
  return <PasswordField name={name} label={label} autoComplete="new-password" aria-required="true" hint={PASSWORD_HINT} {...rest} />;
}

/** "We sent a 6-digit code to <phone>." */
export function CodeSentTo({ phone }: { phone: ReactNode }) {
  return (
    <p>
      We sent a 6-digit code to <span className="mfa-phone">{phone}</span>.
    </p>
  );
}

export interface CodeEntryFormProps {
  onSubmitCode: (code: string) => void;
  error: string | null | undefined;
  busy: boolean;
  /** above the code field: where the code went */
  intro?: ReactNode;
  /** secondary actions: after Verify on a page, before it in a dialog */
  actions?: ReactNode;
  dialog?: boolean;
}

/** The 6-digit code step: email change, MFA phone, re-authentication and the sign-in MFA overlay. */
export function CodeEntryForm({ onSubmitCode, error, busy, intro, actions, dialog = false }: CodeEntryFormProps) {
  const verify = (
    <SubmitButton loading={busy} className="btn btn--primary">
      Verify
    </SubmitButton>
  );
  return (
    <AccountForm label="Enter your code" onValues={(f) => onSubmitCode(f.text('code'))}>
      {intro}
      <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="code-input" error={error ?? undefined} autoFocus />
      {dialog ? (
        <div className="dialog-actions">
          {actions}
          {verify}
        </div>
      ) : (
        <FormActions>
          {verify}
          {actions}
        </FormActions>
      )}
    </AccountForm>
  );
}

/** A secondary action styled as a link (resend, start over, ...), disabled while the form is busy. */
export function LinkButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className="btn btn--link" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
