import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PaymentFormMessages, type TokenizeResponse } from '../../../contracts/cards.ts';
import type { creditCardMachine } from '../../../machines/credit-card.machine.ts';
import { AccountPage, ErrorAlert, FormActions } from '../shared/blocks.tsx';
import { FormAlert, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { BRAND_LABEL, methodLabel, expiry } from './payment-labels.ts';
import { focusPageHeadingIfLost } from '../shell/RouteAnnouncer.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * The credit-card form (add, edit, a guest's single-use card; spec 2 §2, §6). Snapshots in, events out, no fetch;
 * design choices where the spec shows nothing: docs/cards.md. One module per page's view, so each payment page
 * loads only its own (docs/architecture.md#performance).
 */

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
  // 'Use this card' is replaced by the ready view: focus (on <body> then) goes to the page's h1 (issue 30)
  const guestReady = s.matches('ready') && !!guestCard;
  const wasGuestReady = useRef(guestReady);
  useEffect(() => {
    if (guestReady && !wasGuestReady.current) focusPageHeadingIfLost();
    wasGuestReady.current = guestReady;
  }, [guestReady]);
  if (guestReady && guestCard) {
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
