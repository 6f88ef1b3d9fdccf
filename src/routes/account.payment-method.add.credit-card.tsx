import * as v from 'valibot';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { creditCardMachine } from '../../machines/credit-card.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { creditCardActors } from '../services/cards.actors.ts';
import { CreditCardView } from '../views/cards/PaymentViews.tsx';
import { paymentMethodsQuery, useToast } from './-cards/CardOverlays.tsx';

/** /account/payment-method/add/credit-card?billingAddressId= (sign-in required): tokenise with the processor, then save. */
const Search = v.object({ billingAddressId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))) });
export const Route = createFileRoute('/account/payment-method/add/credit-card')({
  validateSearch: (s: Record<string, unknown>) => {
    const r = v.safeParse(Search, s);
    return r.success ? r.output : {};
  },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: AddCreditCardPage,
});

export const thisMonth = () => ({ year: new Date().getFullYear(), month: new Date().getMonth() + 1 });

function AddCreditCardPage() {
  const { billingAddressId } = Route.useSearch();
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
    { input: { mode: 'add', billingAddressId: billingAddressId ?? null, today: thisMonth() } },
  );
  const aside = (
    <p>
      {billingAddressId ? 'Billing address saved. ' : null}
      <Link to="/account/payment-method/add/billing-address">{billingAddressId ? 'Use another billing address' : 'Add a billing address'}</Link> · <Link to="/account/payment-method">Back to payment methods</Link>
    </p>
  );
  return <CreditCardView actor={actor} heading="Add a credit or debit card" aside={aside} />;
}
