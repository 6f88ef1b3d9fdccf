import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { mfaPhoneMachine } from '../../../machines/mfa-phone.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { AccountCardPage, AccountForm, ErrorAlert, FormActions, LinkButton } from '../shared/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { PhoneCodeStep } from './PhoneCodeStep.tsx';
import '../shared/page.css';

/** /account/settings/mfa/add-phone-number and edit-phone-number: the number, then the code sent to it. */
export function MfaPhoneView({ actor }: { actor: ActorRefFrom<typeof mfaPhoneMachine> }) {
  const mode = useSelector(actor, (s) => s.context.mode);
  const codeStep = useSelector(actor, (s) => s.matches('enteringCode') || s.matches('verifying') || s.matches('saved'));
  const pending = useSelector(actor, (s) => s.context.pendingPhoneNumber);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const busy = useSelector(actor, (s) => s.hasTag('loading') || s.matches('saved') || s.matches('reauthRequired'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <AccountCardPage heading={mode === 'add' ? 'Add a phone number' : 'Change your phone number'}>
      <ErrorAlert message={genericError} />
      {codeStep ? (
        <PhoneCodeStep
          onSubmitCode={(code) => actor.send({ type: 'user.submitCode', code })}
          sentTo={pending}
          state={{ error: codeError, busy }}
          actions={
            <>
              <LinkButton onClick={() => actor.send({ type: 'user.resendCode' })} disabled={busy}>
                Send a new code
              </LinkButton>
              <LinkButton onClick={() => actor.send({ type: 'user.changeNumber' })} disabled={busy}>
                Use a different number
              </LinkButton>
            </>
          }
        />
      ) : (
        <AccountForm formRef={form} label={mode === 'add' ? 'Add a phone number' : 'Change your phone number'} onValues={(f) => actor.send({ type: 'user.submit', phoneNumber: f.text('phoneNumber') })}>
          <TextField name="phoneNumber" label="* Mobile phone number" type="tel" autoComplete="tel-national" aria-required="true" hint={accountMessages.phoneHint} error={fieldErrors.phoneNumber} />
          <FormActions>
            <SubmitButton loading={busy} className="btn btn--primary">
              Send code
            </SubmitButton>
            <Link to="/account/settings/mfa">Cancel</Link>
          </FormActions>
        </AccountForm>
      )}
    </AccountCardPage>
  );
}
