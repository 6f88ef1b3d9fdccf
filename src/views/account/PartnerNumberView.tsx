import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { partnerNumberMachine } from '../../../machines/partner-number.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { FormAlert, formValues, SubmitButton, TextField, useFocusFirstError, useFormRef } from './form.tsx';
import './account.css';

/** /account/personal/partner: the partner (employee) number; edit errors are stored and shown (spec 2 section 8). */
export function PartnerNumberView({ actor }: { actor: ActorRefFrom<typeof partnerNumberMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const partnerNumber = useSelector(actor, (s) => s.context.partnerNumber);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);

  if (loading) return <PageLoading />;
  return (
    <div className="account-page">
      <h1 className="account-heading">Partner number</h1>
      <p className="account-subheading">Partners (employees) add their partner number to get the partner benefits.</p>
      <section className="account-card">
        {error ? (
          <FormAlert>
            <p>{error}</p>
          </FormAlert>
        ) : null}
        {failed ? (
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        ) : (
          <form
            ref={form}
            noValidate
            aria-label="Edit partner number"
            key={partnerNumber ?? ''}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.submit', partnerNumber: formValues(e.currentTarget).text('partnerNumber') });
            }}
          >
            <TextField name="partnerNumber" label="Partner number" inputMode="numeric" maxLength={10} hint="5 to 10 digits." defaultValue={partnerNumber ?? ''} error={fieldErrors.partnerNumber} />
            <div className="account-actions">
              <SubmitButton loading={saving} className="btn btn--primary">
                Save
              </SubmitButton>
              {partnerNumber ? (
                <button type="button" className="btn btn--ghost" disabled={saving} onClick={() => actor.send({ type: 'user.remove' })}>
                  Remove
                </button>
              ) : null}
              <Link to="/account/personal">Back to personal info</Link>
            </div>
          </form>
        )}
        {failed && !error ? <p>{accountMessages.generic}</p> : null}
      </section>
    </div>
  );
}
