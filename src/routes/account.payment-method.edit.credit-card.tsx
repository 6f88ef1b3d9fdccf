import * as v from 'valibot';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { CardMessages, type PaymentMethod } from '../../contracts/cards.ts';
import { creditCardMachine } from '../../machines/credit-card.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { creditCardActors } from '../services/cards.actors.ts';
import { AccountCardPage } from '../views/account/blocks.tsx';
import { CreditCardView } from '../views/cards/PaymentViews.tsx';
import { paymentMethodsQuery, useToast } from './-cards/CardOverlays.tsx';
import { thisMonth } from './account.payment-method.add.credit-card.tsx';

/** /account/payment-method/edit/credit-card?paymentMethodId= (sign-in required): a saved card's expiry and billing address. */
const Search = v.object({ paymentMethodId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))) });
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
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    creditCardMachine.provide({
      actors: creditCardActors(),
      actions: {
        notify: ({ context }) => context.notice && toast('success', context.notice),
        goToList: () => {
          void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
          queueMicrotask(() => void router.navigate({ to: '/account/payment-method' }));
        },
      },
    }),
    { input: { mode: 'edit', method, today: thisMonth() } },
  );
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
