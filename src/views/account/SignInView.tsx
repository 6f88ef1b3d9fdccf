import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { signInMachine } from '../../../machines/sign-in.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { AccountForm, AccountPage, CodeEntryForm, CurrentPasswordField, ErrorAlert, FormActions, LinkButton } from '../shared/blocks.tsx';
import { CheckboxField, FormAlert, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { signInVariantText, type AccountVariant } from './variants.ts';
import '../shared/page.css';

export interface SignInViewProps {
  actor: ActorRefFrom<typeof signInMachine>;
  variant?: AccountVariant | undefined;
  returnUrl?: string | undefined;
  product: string;
  /** config account.showKeepMeSignedInCheckbox */
  showKeepMeSignedIn: boolean;
  /** config account.updatedTermsOfUseUrl */
  updatedTermsOfUseUrl: string | null;
}

/** /account/signin (spec 2 section 2): the form, its variants, the MFA code overlay and the join-now section. */
export function SignInView({ actor, variant, returnUrl, product, showKeepMeSignedIn, updatedTermsOfUseUrl }: SignInViewProps) {
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const loading = useSelector(actor, (s) => s.hasTag('loading') && !s.matches('verifyingCode'));
  const codeOpen = useSelector(actor, (s) => s.matches('enteringCode') || s.matches('verifyingCode') || s.matches('resendingCode'));
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  const text = signInVariantText(variant, product);
  const search = { ...(returnUrl ? { returnUrl } : {}), ...(variant ? { variant } : {}) };

  return (
    <AccountPage heading={text.heading} subheading={text.subheading}>
      <section className="account-card" aria-labelledby="signin-title">
        <h2 id="signin-title" className="visually-hidden">
          Sign in
        </h2>
        <p className="account-required-note">* indicates required field</p>
        {updatedTermsOfUseUrl ? (
          <FormAlert tone="info">
            <p className="terms-notice">
              We've updated our Terms of Use. <a href={updatedTermsOfUseUrl}>Read the updated Terms of Use</a>.
            </p>
          </FormAlert>
        ) : null}
        <ErrorAlert message={formError} />
        <AccountForm formRef={form} label="Sign in" onValues={(f) => actor.send({ type: 'user.submit', username: f.text('username'), password: f.text('password'), rememberMe: f.checked('rememberMe') })}>
          <TextField name="username" label="* Username or email address" type="email" autoComplete="username" aria-required="true" error={fieldErrors.username} />
          <CurrentPasswordField error={fieldErrors.password} />
          {showKeepMeSignedIn ? <CheckboxField name="rememberMe" label="Keep me signed in" /> : null}
          <div className="account-links">
            <details>
              <summary>Forgot your username?</summary>
              <p>{accountMessages.forgotUsername}</p>
            </details>
            <Link to="/account/forgot-password">Forgot your password?</Link>
          </div>
          <FormActions>
            <SubmitButton loading={loading}>Sign in</SubmitButton>
          </FormActions>
        </AccountForm>
      </section>
      <section className="account-card join-now" aria-labelledby="join-now-title">
        <h2 id="join-now-title">Join {product} Rewards</h2>
        <p>{variant === 'promo' ? 'Create an account to redeem the offer.' : 'Earn Stars on every order, get free drinks and order ahead.'}</p>
        <Link to="/account/create" search={search} className="btn btn--ghost">
          Join now
        </Link>
      </section>
      <MfaCodeDialog actor={actor} open={codeOpen} />
    </AccountPage>
  );
}

function MfaCodeDialog({ actor, open }: { actor: ActorRefFrom<typeof signInMachine>; open: boolean }) {
  const challenge = useSelector(actor, (s) => s.context.challenge);
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const verifying = useSelector(actor, (s) => s.matches('verifyingCode'));
  const resending = useSelector(actor, (s) => s.matches('resendingCode'));
  const resent = useSelector(actor, (s) => s.context.codeResent);
  const phone = challenge?.methods[0]?.phoneNumber;
  return (
    <Dialog open={open} title="Enter your code" onClose={() => actor.send({ type: 'user.cancelCode' })}>
      <p>
        {phone ? (
          <>
            We sent a 6-digit code to <span className="mfa-phone">{phone}</span>. It expires in 10 minutes.
          </>
        ) : (
          accountMessages.mfaChallenge
        )}
      </p>
      <CodeEntryForm
        dialog
        onSubmitCode={(code) => actor.send({ type: 'user.submitCode', code })}
        error={codeError}
        busy={verifying}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.cancelCode' })}>
              Cancel
            </button>
            <LinkButton onClick={() => actor.send({ type: 'user.resendCode' })} disabled={verifying || resending}>
              Send a new code
            </LinkButton>
          </>
        }
      />
      <p className="form-hint" role="status">
        {resent ? accountMessages.codeResent : ''}
      </p>
    </Dialog>
  );
}
