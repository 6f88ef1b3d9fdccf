import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../services/session.ts';
import { CheckoutPage } from './-ordering/CheckoutPage.tsx';
import { loadCheckout } from '../services/ordering/checkout.actors.ts';

/**
 * /menu/cart (spec 1 section 2): no global navigation or footer; titled Review order for members and Guest
 * checkout for guests (the page title follows its <h1>); the bag, pricing and the #payment-summary modal.
 */
export const Route = createFileRoute('/menu/cart')({
  staticData: { chrome: 'logoOnly' },
  loader: ({ context }) => loadCheckout(context),
  component: function CartPage() {
    const { data: session } = useQuery(sessionQuery);
    return <CheckoutPage guest={!session?.signedIn} />;
  },
});
