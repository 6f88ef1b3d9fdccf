import * as v from 'valibot';
import { OpaqueId } from '../../contracts/opaque-id.ts';
import { createFileRoute, Link } from '@tanstack/react-router';
import { requireSignIn } from '../services/auth-guard.ts';
import { CreditCardView } from '../views/cards/CreditCardView.tsx';
import { useCreditCardActor } from './-cards/credit-card-actor.ts';

/** /account/payment-method/add/credit-card?billingAddressId= (sign-in required): tokenise with the processor, then save. */
const Search = v.object({ billingAddressId: v.optional(OpaqueId) });
export const Route = createFileRoute('/account/payment-method/add/credit-card')({
  validateSearch: (s: Record<string, unknown>) => {
    const r = v.safeParse(Search, s);
    return r.success ? r.output : {};
  },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: AddCreditCardPage,
});

function AddCreditCardPage() {
  const { billingAddressId } = Route.useSearch();
  const actor = useCreditCardActor({ mode: 'add', billingAddressId: billingAddressId ?? null });
  const aside = (
    <p>
      {billingAddressId ? 'Billing address saved. ' : null}
      <Link to="/account/payment-method/add/billing-address">{billingAddressId ? 'Use another billing address' : 'Add a billing address'}</Link> · <Link to="/account/payment-method">Back to payment methods</Link>
    </p>
  );
  return <CreditCardView actor={actor} heading="Add a credit or debit card" aside={aside} />;
}
