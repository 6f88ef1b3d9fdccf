import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { Spinner } from '../shell/Loading.tsx';

/**
 * Accessible form pieces of the account pages: a visible label, an optional hint, the inline error tied to the
 * input with aria-describedby and aria-invalid. Forms use `noValidate`: the machines validate with the
 * contract's schemas and the spec's messages.
 */
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

export interface TextFieldProps extends InputProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** shown after the input (e.g. a show-password button) */
  addon?: ReactNode;
}

export function TextField({ name, label, error, hint, addon, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className={addon ? 'field-control field-control--addon' : 'field-control'}>
        <input id={id} name={name} type={type} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
        {addon}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's inline error; the input points at it with aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/** A password input with a show/hide toggle (purely presentational state). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      addon={
        <button type="button" className="field-addon" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${props.label.replace(/^\*\s*/, '').toLowerCase()}`} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

export interface CheckboxFieldProps extends Omit<InputProps, 'type'> {
  name: string;
  label: ReactNode;
  error?: string | undefined;
}

export function CheckboxField({ name, label, error, ...rest }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input id={id} name={name} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest} />
      <label htmlFor={id}>{label}</label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A form-level message (server error, generic error); announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function SubmitButton({ loading, children, className = 'btn btn--primary btn--block' }: { loading: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={className} disabled={loading} aria-busy={loading || undefined}>
      {loading ? <Spinner label="Please wait" /> : null}
      <span>{children}</span>
    </button>
  );
}

/** After a failed submit, focus moves to the first invalid field. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (!Object.keys(errors).length) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}

export function useFormRef() {
  return useRef<HTMLFormElement>(null);
}

/** Reads a form's fields: text values trimmed only where the machine says so (it trims). */
export function formValues(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    text: (name: string) => String(data.get(name) ?? ''),
    checked: (name: string) => data.get(name) === 'on',
  };
}
