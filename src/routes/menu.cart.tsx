import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useAppActors } from '../services/app-actors.tsx';
import { sessionQuery } from '../services/session.ts';
import { CartView } from '../views/ordering/CartView.tsx';
import { useCart } from './-ordering/use-cart.ts';

/**
 * /menu/cart (spec 1 section 2): no global navigation or footer; titled Review order for members and Guest
 * checkout for guests (the page title follows its <h1>). The bag is the cart actor kept in this browser.
 */
export const Route = createFileRoute('/menu/cart')({
  staticData: { chrome: 'logoOnly' },
  component: CartPage,
});

function CartPage() {
  const cart = useCart();
  const { data: session } = useQuery(sessionQuery);
  const { selectedStore } = useAppActors();
  const storeName = useSelector(selectedStore, (s) => s.context.location?.store.name ?? null);
  return <CartView cart={cart} guest={!session?.signedIn} storeName={storeName} />;
}
