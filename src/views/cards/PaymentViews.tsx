import type { ReactNode } from 'react';
import { AccountMessages } from '../../../contracts/account-messages.ts';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CardMessages, formatCents, PaymentFormMessages, type Card, type PaymentMethod, type TokenizeResponse } from '../../../contracts/cards.ts';
import type { paymentMethodsMachine } from '../../../machines/payment-methods.machine.ts';
import type { AddressForm, billingAddressMachine } from '../../../machines/billing-address.machine.ts';
import type { creditCardMachine } from '../../../machines/credit-card.machine.ts';
import type { paypalConsentMachine } from '../../../machines/paypal-consent.machine.ts';
import type { transferMachine } from '../../../machines/transfer.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountPage, ErrorAlert, FormActions, LoadFailed } from '../account/blocks.tsx';
import { FieldError, FormAlert, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../account/form.tsx';
import { Modal } from './Modal.tsx';
import '../account/account.css';
import './cards.css';

/**
 * Payment-method, billing-address, credit-card, PayPal consent and transfer views (spec 2 §2 "Payment methods and
 * addresses", §4): snapshots in, events out, no fetch. Design choices where the spec shows nothing: docs/cards.md.
 */

export const BRAND_LABEL: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', paypal: 'PayPal' };
/** "Visa •••• 4242", "PayPal buyer@example.com" */
export const methodLabel = (m: Pick<PaymentMethod, 'paymentType' | 'accountNumberLastFour' | 'accountEmail'>) =>
  m.paymentType === 'paypal' ? `PayPal${m.accountEmail ? ` ${m.accountEmail}` : ''}` : `${BRAND_LABEL[m.paymentType] ?? m.paymentType} •••• ${m.accountNumberLastFour}`;
const expiry = (month: number | null, year: number | null) => (month && year ? `${String(month).padStart(2, '0')}/${year}` : null);

// ---- /account/payment-method ------------------------------------------------------------------------------------

export function PaymentMethodsView({ actor }: { actor: ActorRefFrom<typeof paymentMethodsMachine> }) {
  const s = useSelector(actor, (x) => x);
  const { methods, error, targetId } = s.context;
  if (s.matches('loading')) return <PageLoading />;
  const busy = s.hasTag('loading');
  const target = methods.find((m) => m.paymentMethodId === targetId);
  return (
    <AccountPage heading="Payment methods" wide>
      {s.matches('loadFailed') ? (
        <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} />
      ) : (
        <>
          <ErrorAlert message={error} />
          {methods.length === 0 ? <p>{CardMessages.noPaymentMethods}</p> : null}
          <ul className="cards-methods">
            {methods.map((m) => {
              const label = methodLabel(m);
              const exp = expiry(m.expMonth, m.expYear);
              return (
                <li key={m.paymentMethodId} className="account-card">
                  <h2 className="cards-tile__name">{label}</h2>
                  {m.default ? <p className="cards-badge">Default</p> : null}
                  {exp ? <p>Expires {exp}</p> : null}
                  <div className="cards-actions">
                    {!m.default ? (
                      <button type="button" className="btn btn--ghost" disabled={busy} aria-label={`Make default ${label}`} onClick={() => actor.send({ type: 'user.makeDefault', paymentMethodId: m.paymentMethodId })}>
                        Make default
                      </button>
                    ) : null}
                    {m.paymentType !== 'paypal' ? (
                      <Link className="btn btn--ghost" to="/account/payment-method/edit/credit-card" search={{ paymentMethodId: m.paymentMethodId }} aria-label={`Edit ${label}`}>
                        Edit
                      </Link>
                    ) : null}
                    <button type="button" className="btn btn--ghost" disabled={busy} aria-label={`Remove ${label}`} onClick={() => actor.send({ type: 'user.remove', paymentMethodId: m.paymentMethodId })}>
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <section className="account-card" aria-labelledby="add-method-heading">
            <h2 id="add-method-heading">Add a payment method</h2>
            <div className="cards-actions">
              <Link className="btn btn--primary" to="/account/payment-method/add/billing-address">
                Add a credit or debit card
              </Link>
              <Link className="btn btn--ghost" to="/account/payment-method/add/paypal">
                Add PayPal
              </Link>
            </div>
          </section>
          <p>
            <Link to="/account/cards">Back to cards</Link>
          </p>
        </>
      )}
      {(s.matches('confirmingRemove') || s.matches('removing')) && target ? (
        <Modal title={`Remove ${methodLabel(target)}?`} onClose={() => actor.send({ type: 'user.cancel' })}>
          <p>Auto reload that uses this payment method turns off.</p>
          <p>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => actor.send({ type: 'user.confirm' })}>
              Remove
            </button>{' '}
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
              Keep
            </button>
          </p>
        </Modal>
      ) : null}
    </AccountPage>
  );
}

// ---- billing address ---------------------------------------------------------------------------------------------

export const US_STATES = 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' ');

export function BillingAddressView({ actor, heading, back }: { actor: ActorRefFrom<typeof billingAddressMachine>; heading: string; back: ReactNode }) {
  const s = useSelector(actor, (x) => x);
  const { form: values, fieldErrors, error, guest } = s.context;
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  const busy = s.hasTag('loading') || s.hasTag('redirecting');
  const field = (name: keyof AddressForm) => ({ name, defaultValue: values[name] ?? '', error: fieldErrors[name] });
  return (
    <AccountPage heading={heading}>
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

// ---- credit card (add, edit, guest) ------------------------------------------------------------------------------

export interface CreditCardViewProps {
  actor: ActorRefFrom<typeof creditCardMachine>;
  heading: string;
  /** what sits under the form: the billing address and its edit link, back links */
  aside?: ReactNode;
  /** guest: where Continue goes once the card is ready */
  continueLink?: ReactNode;
}

export function CreditCardView({ actor, heading, aside, continueLink }: CreditCardViewProps) {
  const s = useSelector(actor, (x) => x);
  const { fieldErrors, error, guestCard, method, mode } = s.context;
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  const busy = s.hasTag('loading') || s.hasTag('redirecting');
  if (s.matches('ready') && guestCard) {
    return (
      <AccountPage heading={heading}>
        <section className="account-card">
          <FormAlert tone="info">
            <p>{PaymentFormMessages.guestCardReady}</p>
          </FormAlert>
          <p className="cards-tile__name">{cardSummary(guestCard)}</p>
          <p>For your security, card details are kept for 5 minutes only.</p>
          {aside}
          <FormActions>
            {continueLink}
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.change' })}>
              Use a different card
            </button>
          </FormActions>
        </section>
      </AccountPage>
    );
  }
  const editing = s.matches('editingExpiry') || s.matches('updating') || (s.matches('saved') && mode === 'edit');
  return (
    <AccountPage heading={heading}>
      <section className="account-card">
        {editing && method ? <p className="cards-tile__name">{methodLabel(method)}</p> : null}
        {mode === 'guest' ? <p>Visa, Mastercard, American Express or Discover. Used for this order only.</p> : null}
        <ErrorAlert message={error} />
        <form
          ref={form}
          noValidate
          aria-label={editing ? 'Card expiration' : 'Card details'}
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const get = (k: string) => String(f.get(k) ?? '');
            actor.send({ type: 'user.submit', form: editing ? { expMonth: get('expMonth'), expYear: get('expYear') } : { number: get('number'), expMonth: get('expMonth'), expYear: get('expYear'), cvc: get('cvc') } });
          }}
        >
          {!editing ? <TextField name="number" label="Card number" inputMode="numeric" autoComplete="cc-number" maxLength={23} error={fieldErrors.number} /> : null}
          <div className="cards-expiry">
            <TextField name="expMonth" label="Expiration month (MM)" inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} defaultValue={editing && method?.expMonth ? String(method.expMonth).padStart(2, '0') : ''} error={fieldErrors.expMonth} />
            <TextField name="expYear" label="Expiration year (YYYY)" inputMode="numeric" autoComplete="cc-exp-year" maxLength={4} defaultValue={editing && method?.expYear ? String(method.expYear) : ''} />
          </div>
          {!editing ? <TextField name="cvc" label="Security code" inputMode="numeric" autoComplete="cc-csc" maxLength={4} hint="3 digits on the back; 4 on the front for American Express." error={fieldErrors.cvc} /> : null}
          <SubmitButton loading={busy}>{editing ? 'Save' : mode === 'guest' ? 'Use this card' : 'Add card'}</SubmitButton>
        </form>
        {aside}
      </section>
    </AccountPage>
  );
}
export const cardSummary = (t: Pick<TokenizeResponse, 'brand' | 'lastFour' | 'expMonth' | 'expYear'>) => `${BRAND_LABEL[t.brand] ?? t.brand} •••• ${t.lastFour}${expiry(t.expMonth, t.expYear) ? `, expires ${expiry(t.expMonth, t.expYear)}` : ''}`;

// ---- PayPal sandbox consent page ---------------------------------------------------------------------------------

export function PaypalConsentView({ actor }: { actor: ActorRefFrom<typeof paypalConsentMachine> }) {
  const s = useSelector(actor, (x) => x);
  const { fieldError, error } = s.context;
  const busy = s.hasTag('loading') || s.hasTag('redirecting');
  return (
    <AccountPage heading="Add PayPal">
      <section className="account-card cards-paypal" aria-labelledby="paypal-heading">
        <h2 id="paypal-heading">PayPal sandbox</h2>
        <p>This test page stands in for PayPal’s consent page. No real PayPal account is used.</p>
        <p>Harbor Coffee asks to charge your PayPal account for reloads and orders you make.</p>
        <ErrorAlert message={error} />
        <form
          noValidate
          aria-label="PayPal consent"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.approve', email: String(new FormData(e.currentTarget).get('email') ?? '') });
          }}
        >
          <TextField name="email" label="PayPal email" type="email" autoComplete="email" defaultValue="buyer@example.com" error={fieldError ?? undefined} />
          <FormActions>
            <SubmitButton loading={busy} className="btn btn--primary">
              Approve
            </SubmitButton>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
              Cancel
            </button>
          </FormActions>
        </form>
      </section>
    </AccountPage>
  );
}

// ---- transfer balance --------------------------------------------------------------------------------------------

const cardName = (c: Card | undefined) => (c ? `${c.nickname} •••• ${c.lastFour}` : '');
const STEPS: Record<string, number> = { choosingSource: 1, choosingTarget: 2, choosingAmount: 3, confirming: 4, transferring: 4, failed: 4 };

export function TransferView({ actor }: { actor: ActorRefFrom<typeof transferMachine> }) {
  const s = useSelector(actor, (x) => x);
  const { cards, sourceCardId, targetCardId, amount, error, errorAction, result } = s.context;
  const source = cards.find((c) => c.cardId === sourceCardId);
  const target = cards.find((c) => c.cardId === targetCardId);
  const step = STEPS[String(s.value)];
  const busy = s.hasTag('loading');
  const back = (
    <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.back' })}>
      Back
    </button>
  );
  const choose = (legend: string, list: Card[], event: 'user.chooseSource' | 'user.chooseTarget', checked: string | null, withBack: boolean) => (
    <form
      noValidate
      aria-label={legend}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: event, cardId: String(new FormData(e.currentTarget).get('card') ?? '') });
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        {list.map((c) => (
          <label key={c.cardId} className="cards-option">
            <input type="radio" name="card" value={c.cardId} defaultChecked={c.cardId === checked} /> {cardName(c)}: {formatCents(c.balance.amount)}
          </label>
        ))}
      </fieldset>
      <FormActions>
        <button type="submit" className="btn btn--primary">
          Next
        </button>
        {withBack ? back : null}
      </FormActions>
    </form>
  );
  return (
    <AccountPage heading="Transfer balance">
      <section className="account-card">
        {step ? <p className="account-subheading">Step {step} of 4</p> : null}
        {s.matches('failed') ? null : <ErrorAlert message={error} />}
        {s.matches('unavailable') ? (
          <>
            <p>{PaymentFormMessages.noTransferSource}</p>
            <p>
              <Link to="/account/cards/add">Add a card</Link>
            </p>
          </>
        ) : null}
        {s.matches('choosingSource') ? choose('From which card?', cards.filter((c) => c.status === 'active' && c.balance.amount > 0), 'user.chooseSource', sourceCardId, false) : null}
        {s.matches('choosingTarget') ? choose('To which card?', cards.filter((c) => c.status === 'active' && c.cardId !== sourceCardId), 'user.chooseTarget', targetCardId, true) : null}
        {s.matches('choosingAmount') ? (
          <form
            noValidate
            aria-label="Amount"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.setAmount', amount: String(new FormData(e.currentTarget).get('amount') ?? '') });
            }}
          >
            <TextField name="amount" label="Amount ($)" inputMode="decimal" defaultValue={amount !== null ? (amount / 100).toFixed(2) : ''} hint={`Leave empty to move the whole balance (${formatCents(source?.balance.amount ?? 0)}).`} />
            <FormActions>
              <button type="submit" className="btn btn--primary">
                Next
              </button>
              {back}
            </FormActions>
          </form>
        ) : null}
        {s.matches('confirming') || s.matches('transferring') ? (
          <>
            <p>
              Transfer {amount !== null ? formatCents(amount) : `the whole balance (${formatCents(source?.balance.amount ?? 0)})`} from {cardName(source)} to {cardName(target)}?
            </p>
            <FormActions>
              {!busy ? (
                <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.chooseOther' })}>
                  {errorAction ?? 'Start over'}
                </button>
              ) : null}
              <button type="button" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'user.confirm' })}>
                Transfer
              </button>
              {busy ? null : back}
            </FormActions>
          </>
        ) : null}
        {s.matches('failed') ? (
          <div role="alert">
            <p>{error}</p>
            <FormActions>
              {source ? (
                <Link className="btn btn--ghost" to="/account/cards/$cardId" params={{ cardId: source.cardId }}>
                  {errorAction}
                </Link>
              ) : null}
              <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
                Try again
              </button>
            </FormActions>
          </div>
        ) : null}
        {s.matches('done') && result ? (
          <div role="status">
            <p>{s.context.notice}</p>
            <ul>
              <li>
                {cardName(source)}: {formatCents(result.source.balance)}
              </li>
              <li>
                {cardName(target)}: {formatCents(result.target.balance)}
              </li>
            </ul>
          </div>
        ) : null}
        <p>
          <Link to="/account/cards">Back to cards</Link>
        </p>
      </section>
    </AccountPage>
  );
}
