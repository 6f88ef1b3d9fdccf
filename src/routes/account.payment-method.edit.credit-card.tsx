import * as v from 'valibot';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CardMessages, type PaymentMethod } from '../../contracts/cards.ts';
import { OpaqueId } from '../../contracts/opaque-id.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { AccountCardPage } from '../views/shared/blocks.tsx';
import { CreditCardView } from '../views/cards/CreditCardView.tsx';
import { paymentMethodsQuery } from './-cards/card-page-hooks.ts';
import { useCreditCardActor } from './-cards/credit-card-actor.ts';

/** /account/payment-method/edit/credit-card?paymentMethodId= (sign-in required): a saved card's expiry and billing address. */
const Search = v.object({ paymentMethodId: v.optional(OpaqueId) });
export const Route = createFileRoute('/account/payment-method/edit/credit-card')({
  validateSearch: (s: Record<string, unknown>) => {
    const r = v.safeParse(Search, s);
    return r.success ? r.output : {};
  },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context }) => context.queryClient.ensureQueryData(paymentMethodsQuery),
  component: EditCreditCardPage,
});

function EditCreditCardPage() {
  const { paymentMethodId } = Route.useSearch();
  const { data } = useSuspenseQuery(paymentMethodsQuery);
  const method = data.paymentMethods.find((m) => m.paymentMethodId === paymentMethodId && m.paymentType !== 'paypal');
  if (!method)
    return (
      <AccountCardPage heading="Edit card">
        <p>{CardMessages.paymentMethodNotFound}</p>
        <p>
          <Link to="/account/payment-method">Back to payment methods</Link>
        </p>
      </AccountCardPage>
    );
  return <EditCard key={method.paymentMethodId} method={method} />;
}

function EditCard({ method }: { method: PaymentMethod }) {
  const actor = useCreditCardActor({ mode: 'edit', method });
  const aside = (
    <p>
      <Link to="/account/payment-method/edit/billing-address" search={{ addressId: method.billingAddressId ?? undefined, paymentMethodId: method.paymentMethodId }}>
        Edit billing address
      </Link>{' '}
      · <Link to="/account/payment-method">Back to payment methods</Link>
    </p>
  );
  return <CreditCardView actor={actor} heading="Edit card" aside={aside} />;
}
