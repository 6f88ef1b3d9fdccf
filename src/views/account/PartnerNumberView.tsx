import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { partnerNumberMachine } from '../../../machines/partner-number.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountCardPage, AccountForm, ErrorAlert, FormActions, RetryButton } from '../shared/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';

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
    <AccountCardPage heading="Partner number" subheading="Partners (employees) add their partner number to get the partner benefits.">
      <ErrorAlert message={error} />
      {failed ? (
        <RetryButton onRetry={() => actor.send({ type: 'user.retry' })} />
      ) : (
        <AccountForm formRef={form} label="Edit partner number" key={partnerNumber ?? ''} onValues={(f) => actor.send({ type: 'user.submit', partnerNumber: f.text('partnerNumber') })}>
          <TextField name="partnerNumber" label="Partner number" inputMode="numeric" maxLength={10} hint="5 to 10 digits." defaultValue={partnerNumber ?? ''} error={fieldErrors.partnerNumber} />
          <FormActions>
            <SubmitButton loading={saving} className="btn btn--primary">
              Save
            </SubmitButton>
            {partnerNumber ? (
              <button type="button" className="btn btn--ghost" disabled={saving} onClick={() => actor.send({ type: 'user.remove' })}>
                Remove
              </button>
            ) : null}
            <Link to="/account/personal">Back to personal info</Link>
          </FormActions>
        </AccountForm>
      )}
      {failed && !error ? <p>{accountMessages.generic}</p> : null}
    </AccountCardPage>
  );
}
