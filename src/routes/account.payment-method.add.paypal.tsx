import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { paypalConsentMachine } from '../../machines/paypal-consent.machine.ts';
import { useRedirect } from '../services/redirect.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { paypalActors } from '../services/cards.actors.ts';
import { PaypalConsentView } from '../views/cards/PaypalConsentView.tsx';
import { paymentMethodsQuery, useToast } from './-cards/card-page-hooks.ts';

/** /account/payment-method/add/paypal (sign-in required): the sandbox PayPal consent page, on this origin. */
export const Route = createFileRoute('/account/payment-method/add/paypal')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: AddPaypalPage,
});

function AddPaypalPage() {
  const redirect = useRedirect({ replace: false });
  const toast = useToast();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    paypalConsentMachine.provide({
      actors: paypalActors(),
      actions: {
        notify: ({ context }) => context.notice && toast(context.token || context.notice === 'Payment method added' ? 'success' : 'info', context.notice),
        redirect: (args) => {
          void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
          redirect(args);
        },
      },
    }),
  );
  return <PaypalConsentView actor={actor} />;
}
