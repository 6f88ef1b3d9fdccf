import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQuery } from '../services/session.ts';
import { CheckoutPage } from './-ordering/CheckoutPage.tsx';
import { loadCheckout } from '../services/ordering/checkout.actors.ts';

/** /menu/cart/guest/checkout (spec 1 section 2): guests only (members go to /menu/cart), footer hidden. */
export const Route = createFileRoute('/menu/cart_/guest/checkout')({
  staticData: { chrome: 'noFooter' },
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (session.signedIn) throw redirect({ to: '/menu/cart', replace: true });
  },
  loader: ({ context }) => loadCheckout(context),
  component: function GuestCheckout() {
    return <CheckoutPage guest />;
  },
});
