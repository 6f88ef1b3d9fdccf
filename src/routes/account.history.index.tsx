import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { orderHistoryMachine } from '../../machines/order-history.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { orderHistoryActors } from '../services/history/history.ts';
import { loadOrderHistory } from '../services/history/history-page.ts';
import { OrderHistoryView } from '../views/history/OrderHistoryView.tsx';

/** /account/history (sign-in required, spec 3 section 6): the member's orders, newest first (docs/home.md 1, 2.4). */
export const Route = createFileRoute('/account/history/')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context }) => loadOrderHistory(context.queryClient),
  component: OrderHistoryPage,
});

function OrderHistoryPage() {
  const queryClient = useQueryClient();
  const firstPage = Route.useLoaderData();
  const actor = useActorRef(orderHistoryMachine.provide({ actors: orderHistoryActors(queryClient) }), { input: { firstPage } });
  return <OrderHistoryView actor={actor} />;
}
