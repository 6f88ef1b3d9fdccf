import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contracts/account-constants.ts';
import type { createAccountMachine, CreateAccountForm } from '../../../machines/create-account.machine.ts';
import { NewPasswordField } from '../shared/blocks.tsx';
import { CheckboxField, formValues, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { createVariantText, type AccountVariant } from './variants.ts';
import '../shared/page.css';

export interface CreateAccountViewProps {
  actor: ActorRefFrom<typeof createAccountMachine>;
  variant?: AccountVariant | undefined;
  returnUrl?: string | undefined;
  brandName: string;
  product: string;
  /** config account.includeStorageConsent */
  includeStorageConsent: boolean;
  /** config account.includePrivacyStatement */
  includePrivacyStatement: boolean;
  /** config account.checkGeneralEmailByDefault */
  checkGeneralEmailByDefault: boolean;
}

function readForm(form: HTMLFormElement): CreateAccountForm {
  const f = formValues(form);
  return {
    firstName: f.text('firstName'),
    lastName: f.text('lastName'),
    emailAddress: f.text('emailAddress'),
    password: f.text('password'),
    termsAndConditions: f.checked('termsAndConditions'),
    storageConsent: f.checked('storageConsent'),
    registerCardNumber: f.text('registerCardNumber'),
    registerCardPin: f.text('registerCardPin'),
    receiveHarborEmailCommunications: f.checked('receiveHarborEmailCommunications'),
    receiveGeneralEmailCommunications: f.checked('receiveGeneralEmailCommunications'),
    receivePersonalizedEmailCommunications: f.checked('receivePersonalizedEmailCommunications'),
  };
}

/** /account/create (spec 2 sections 2, 3, 4, 5): the create-account form with the card-rewards section. */
export function CreateAccountView(p: CreateAccountViewProps) {
  const { actor } = p;
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const cardRewards = useSelector(actor, (s) => s.context.cardRewards);
  const cardSectionOpen = useSelector(actor, (s) => s.context.cardSectionOpen);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const form = useFormRef();
  const sectionId = useId();
  useFocusFirstError(form, fieldErrors);
  const text = createVariantText(p.variant, p.product);
  const search = { ...(p.returnUrl ? { returnUrl: p.returnUrl } : {}), ...(p.variant ? { variant: p.variant } : {}) };

  // card fields restored or autofilled by the browser open the section by themselves
  useEffect(() => {
    const f = form.current;
    if (!f) return;
    const filled = ['registerCardNumber', 'registerCardPin'].some((n) => (f.elements.namedItem(n) as HTMLInputElement | null)?.value);
    if (filled) actor.send({ type: 'user.cardFieldsFilled' });
  }, [actor, form]);
  const onCardInput = (e: React.FormEvent<HTMLInputElement>) => {
    if (e.currentTarget.value) actor.send({ type: 'user.cardFieldsFilled' });
  };

  return (
    <div className="account-page">
      <h1 className="account-heading">{text.heading}</h1>
      <p className="account-subheading">{text.subheading}</p>
      <section className="account-card">
        <p className="account-required-note">* indicates required field</p>
        <form
          ref={form}
          noValidate
          aria-label="Create an account"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit', values: readForm(e.currentTarget) });
          }}
        >
          <h2 className="form-section-title">Personal information</h2>
          <div className="inline-fields">
            <TextField name="firstName" label="* First name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} aria-required="true" error={fieldErrors.firstName} />
            <TextField name="lastName" label="* Last name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} aria-required="true" error={fieldErrors.lastName} />
          </div>
          <h2 className="form-section-title">Account security</h2>
          <TextField name="emailAddress" label="* Email address" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} aria-required="true" hint="This will be your username." error={fieldErrors.emailAddress} />
          <NewPasswordField name="password" label="* Password" error={fieldErrors.password} />

          <h2 className="form-section-title">Collect more Stars</h2>
          <button type="button" className="section-toggle" aria-expanded={cardSectionOpen} aria-controls={sectionId} onClick={() => actor.send({ type: 'user.toggleCardSection' })}>
            Register a card or get a digital card
          </button>
          <div id={sectionId} className="section-body" hidden={!cardSectionOpen}>
            <fieldset className="choice-group">
              <legend>Card rewards</legend>
              <label className="choice">
                <input type="radio" name="cardRewards" value="digitalCard" checked={cardRewards === 'digitalCard'} onChange={() => actor.send({ type: 'user.chooseCardRewards', cardRewards: 'digitalCard' })} />
                <span>
                  Get a digital card
                  <small>A {p.brandName} card in your account, ready to load and pay with.</small>
                </span>
              </label>
              <label className="choice">
                <input type="radio" name="cardRewards" value="registerCard" checked={cardRewards === 'registerCard'} onChange={() => actor.send({ type: 'user.chooseCardRewards', cardRewards: 'registerCard' })} />
                <span>
                  Register a physical card
                  <small>Use the 16-digit number and 8-digit security code on the back of your card.</small>
                </span>
              </label>
            </fieldset>
            <div hidden={cardRewards !== 'registerCard'}>
              <TextField name="registerCardNumber" label="* Card number" inputMode="numeric" autoComplete="off" maxLength={16} onInput={onCardInput} error={fieldErrors.registerCardNumber} />
              <TextField name="registerCardPin" label="* Security code" inputMode="numeric" autoComplete="off" maxLength={8} onInput={onCardInput} error={fieldErrors.registerCardPin} />
            </div>
          </div>

          <h2 className="form-section-title">Email preferences</h2>
          <CheckboxField name="receiveHarborEmailCommunications" label={`Yes, I'd like email from ${p.brandName} about ${p.product} Rewards, offers and products.`} />
          <CheckboxField name="receiveGeneralEmailCommunications" label="Yes, I'd like general emails about news and events." defaultChecked={p.checkGeneralEmailByDefault} />
          <CheckboxField name="receivePersonalizedEmailCommunications" label="Yes, I'd like personalized offers based on my orders." />

          <h2 className="form-section-title">Terms</h2>
          <p className="field-hint terms-links">
            Read the <LegalLink href="/terms-of-use">Terms of Use</LegalLink>, the <LegalLink href="/card-terms">Card Terms</LegalLink> and the{' '}
            <LegalLink href="/privacy-statement">Privacy Statement</LegalLink>.
          </p>
          <CheckboxField name="termsAndConditions" label={`* I agree to the ${p.product} Rewards Terms of Use and the ${p.brandName} Card Terms.`} aria-required="true" error={fieldErrors.termsAndConditions} />
          {p.includeStorageConsent ? (
            <CheckboxField name="storageConsent" label="* I agree to the storage of my personal information as described in the Privacy Statement." aria-required="true" error={fieldErrors.storageConsent} />
          ) : null}
          {p.includePrivacyStatement ? (
            <p className="field-hint">
              We use your information as described in our <LegalLink href="/privacy-statement">Privacy Statement</LegalLink>. You can change your email preferences at any time.
            </p>
          ) : null}
          <div className="account-actions">
            <SubmitButton loading={loading}>Create account</SubmitButton>
          </div>
        </form>
        <div className="account-links">
          <span>
            Already have an account?{' '}
            <Link to="/account/signin" search={search}>
              Sign in
            </Link>
          </span>
        </div>
      </section>
    </div>
  );
}

/** A terms page in a new tab, so the half-filled form stays (the link says so to screen readers). */
function LegalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
