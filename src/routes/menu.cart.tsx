import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../services/session.ts';
import { CheckoutPage } from './-ordering/CheckoutPage.tsx';
import { loadCheckout } from '../services/ordering/checkout.actors.ts';
import { cartSearchSchema } from './-ordering/cart-search.ts';

/**
 * /menu/cart (spec 1 section 2): no global navigation or footer; titled Review order for members and Guest
 * checkout for guests (the page title follows its <h1>); the bag, pricing and the #payment-summary modal.
 * `?offer=CODE` (the home stream's coupon 'Redeem', docs/home.md 2.1) starts the checkout with that offer ticked when
 * it is one of the member's offers at the store; otherwise the cart opens without it (no error page).
 */
export const Route = createFileRoute('/menu/cart')({
  staticData: { chrome: 'logoOnly' },
  validateSearch: cartSearchSchema,
  loader: ({ context }) => loadCheckout(context),
  component: function CartPage() {
    const { data: session } = useQuery(sessionQuery);
    const { offer } = Route.useSearch();
    return <CheckoutPage guest={!session?.signedIn} offer={offer} />;
  },
});
