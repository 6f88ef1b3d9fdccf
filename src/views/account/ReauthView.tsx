import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { reauthMachine } from '../../../machines/reauth.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { AccountCardPage, AccountForm, CurrentPasswordField, ErrorAlert, FormActions, LinkButton } from '../shared/blocks.tsx';
import { SubmitButton, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { PhoneCodeStep } from './PhoneCodeStep.tsx';
import '../shared/page.css';

/** The re-authentication step shown in place of a page that needs a recent second-factor check. */
export function ReauthView({ actor }: { actor: ActorRefFrom<typeof reauthMachine> }) {
  const codeStep = useSelector(actor, (s) => s.matches('enteringCode') || s.matches('checkingCode'));
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const genericError = useSelector(actor, (s) => s.context.genericError);
  const phone = useSelector(actor, (s) => s.context.phoneNumber);
  const busy = useSelector(actor, (s) => s.hasTag('loading') || s.matches('verified'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  return (
    <AccountCardPage heading="Confirm it's you" subheading={accountMessages.reauthRequired}>
      <ErrorAlert message={genericError} />
      {codeStep ? (
        <PhoneCodeStep
          onSubmitCode={(code) => actor.send({ type: 'user.submitCode', code })}
          sentTo={phone}
          state={{ error: codeError, busy }}
          actions={
            <LinkButton onClick={() => actor.send({ type: 'user.startOver' })} disabled={busy}>
              Start over
            </LinkButton>
          }
        />
      ) : (
        <AccountForm formRef={form} label="Confirm your password" onValues={(f) => actor.send({ type: 'user.submitPassword', password: f.text('password') })}>
          <CurrentPasswordField error={fieldErrors.password} />
          <FormActions>
            <SubmitButton loading={busy} className="btn btn--primary">
              Continue
            </SubmitButton>
          </FormActions>
        </AccountForm>
      )}
    </AccountCardPage>
  );
}
