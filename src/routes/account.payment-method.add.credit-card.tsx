import * as v from 'valibot';
import { OpaqueId } from '../../contracts/opaque-id.ts';
import { createFileRoute, Link } from '@tanstack/react-router';
import { requireSignIn } from '../services/auth-guard.ts';
import { CreditCardView } from '../views/cards/CreditCardView.tsx';
import { useCreditCardActor } from './-cards/credit-card-actor.ts';
import { ReturnUrlParam } from './-account/search.ts';

/**
 * /account/payment-method/add/credit-card?billingAddressId=&returnUrl= (sign-in required): tokenise with the
 * processor, then save, then the list or `returnUrl` (a same-origin path: the gift form's #payment, docs/gifting.md
 * 1). Both keys always named (undefined when refused): the router merges the raw query under them (issue 25).
 */
const Search = v.object({ billingAddressId: v.fallback(v.optional(OpaqueId), undefined), returnUrl: ReturnUrlParam });
export const Route = createFileRoute('/account/payment-method/add/credit-card')({
  validateSearch: Search,
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: AddCreditCardPage,
});

function AddCreditCardPage() {
  const { billingAddressId, returnUrl } = Route.useSearch();
  const actor = useCreditCardActor({ mode: 'add', billingAddressId: billingAddressId ?? null, returnUrl: returnUrl ?? null });
  const back = returnUrl ? { returnUrl } : {};
  const aside = (
    <p>
      {billingAddressId ? 'Billing address saved. ' : null}
      <Link to="/account/payment-method/add/billing-address" search={back}>
        {billingAddressId ? 'Use another billing address' : 'Add a billing address'}
      </Link>{' '}
      · <Link to="/account/payment-method" search={back}>Back to payment methods</Link>
    </p>
  );
  return <CreditCardView actor={actor} heading="Add a credit or debit card" aside={aside} />;
}
