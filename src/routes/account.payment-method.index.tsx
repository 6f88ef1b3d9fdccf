import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { paymentMethodsMachine } from '../../machines/payment-methods.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { paymentMethodsActors } from '../services/cards.actors.ts';
import { PaymentMethodsView } from '../views/cards/PaymentMethodsView.tsx';
import { paymentMethodsQuery, useToast } from './-cards/card-page-hooks.ts';
import { ReturnUrlSearch } from './-account/search.ts';

/**
 * /account/payment-method (sign-in required): the member's payment methods (list, default, remove, add links).
 * ?returnUrl= (same-origin path; the gift form's add-payment sends `/gift/{n}#payment`) rides on "Add a credit or
 * debit card" through the billing address to the card page, whose save goes back there (docs/gifting.md 1).
 */
export const Route = createFileRoute('/account/payment-method/')({
  validateSearch: ReturnUrlSearch,
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: PaymentMethodsPage,
});

function PaymentMethodsPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    paymentMethodsMachine.provide({
      actors: paymentMethodsActors(),
      actions: {
        notify: ({ context }) => {
          if (context.notice) toast('success', context.notice);
          // add money and auto reload read the methods from this query
          void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
        },
      },
    }),
  );
  const { returnUrl } = Route.useSearch();
  return <PaymentMethodsView actor={actor} returnUrl={returnUrl} />;
}
