import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { paypalConsentMachine } from '../../../machines/paypal-consent.machine.ts';
import { AccountPage, ErrorAlert, FormActions } from '../shared/blocks.tsx';
import { SubmitButton, TextField } from '../shared/form.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * The PayPal sandbox consent page (spec 2 §2). Snapshots in, events out, no fetch; design choices where the spec
 * shows nothing: docs/cards.md. One module per page's view, so each payment page loads only its own
 * (docs/architecture.md#performance).
 */

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
