import type { ReactNode } from 'react';
import { AccountMessages } from '../../../contracts/account-messages.ts';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AddressForm, billingAddressMachine } from '../../../machines/billing-address.machine.ts';
import { AccountPage, ErrorAlert } from '../shared/blocks.tsx';
import { FieldError, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * The billing-address form (add, edit, a guest's single-use address; spec 2 §2, §6). Snapshots in, events out, no
 * fetch; design choices where the spec shows nothing: docs/cards.md. One module per page's view, so each payment
 * page loads only its own (docs/architecture.md#performance).
 */

export const US_STATES = 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' ');

export function BillingAddressView({ actor, heading, back, step = null }: { actor: ActorRefFrom<typeof billingAddressMachine>; heading: string; back: ReactNode; step?: string | null }) {
  const s = useSelector(actor, (x) => x);
  const { form: values, fieldErrors, error, guest } = s.context;
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  const busy = s.hasTag('loading') || s.hasTag('redirecting');
  const field = (name: keyof AddressForm) => ({ name, defaultValue: values[name] ?? '', error: fieldErrors[name] });
  return (
    <AccountPage heading={heading} subheading={step ?? undefined}>
      <section className="account-card">
        {guest ? <p>Used for this order only. We don’t keep it in an account.</p> : <p>The billing address of the card you add next.</p>}
        <ErrorAlert message={error} />
        <form
          ref={form}
          noValidate
          aria-label="Billing address"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const get = (k: keyof AddressForm) => String(f.get(k) ?? '');
            actor.send({ type: 'user.submit', form: { firstName: get('firstName'), lastName: get('lastName'), phoneNumber: get('phoneNumber'), addressLine1: get('addressLine1'), addressLine2: get('addressLine2'), city: get('city'), countrySubdivision: get('countrySubdivision'), postalCode: get('postalCode') } });
          }}
        >
          <TextField label="First name" autoComplete="billing given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="billing family-name" {...field('lastName')} />
          <TextField label="Address" autoComplete="billing address-line1" {...field('addressLine1')} />
          <TextField label="Apartment, suite (optional)" autoComplete="billing address-line2" {...field('addressLine2')} />
          <TextField label="City" autoComplete="billing address-level2" {...field('city')} />
          <div className="field">
            <label htmlFor="billing-state">State</label>
            <select id="billing-state" name="countrySubdivision" defaultValue={values.countrySubdivision ?? ''} autoComplete="billing address-level1" aria-invalid={fieldErrors.countrySubdivision ? true : undefined} aria-describedby={fieldErrors.countrySubdivision ? 'billing-state-error' : undefined}>
              <option value="">Choose a state</option>
              {US_STATES.map((st) => (
                <option key={st} value={st}>
                  {st}
                </option>
              ))}
            </select>
            <FieldError id="billing-state-error" error={fieldErrors.countrySubdivision} />
          </div>
          <TextField label="ZIP code" inputMode="numeric" autoComplete="billing postal-code" {...field('postalCode')} />
          <TextField label="Phone (optional)" type="tel" autoComplete="billing tel" hint={AccountMessages.phoneHint} {...field('phoneNumber')} />
          <SubmitButton loading={busy}>Continue</SubmitButton>
        </form>
        <p>{back}</p>
      </section>
    </AccountPage>
  );
}
