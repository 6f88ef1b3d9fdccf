import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { basketDraft } from '../../../machines/ordering-types.ts';
import { previousOrdersMachine, type PreviousOrdersRequest } from '../../../machines/previous-orders.machine.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { defaultLocale } from '../../services/format.ts';
import { getPreviousOrders } from '../../services/ordering/previous-orders.graphql.ts';
import { readLastOrder } from '../../services/ordering.actors.ts';
import { sessionQuery } from '../../services/session.ts';
import { PreviousView } from '../../views/ordering/PreviousView.tsx';
import { useCart } from './use-cart.ts';

/** previous orders per store and locale, fresh for 2 hours (spec 9); placing an order invalidates them */
const previousQuery = (input: PreviousOrdersRequest) => ({
  queryKey: ['ordering', 'previous', input.storeNumber ?? null, input.locale],
  queryFn: ({ signal }: { signal: AbortSignal }) => getPreviousOrders(input, signal),
  staleTime: 2 * 3600_000,
  retry: false,
});

export function PreviousPage({ placed }: { placed: string | null }) {
  const { data: session } = useQuery(sessionQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cart = useCart();
  const { selectedStore } = useAppActors();
  const storeNumber = useSelector(selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  if (placed) void queryClient.invalidateQueries({ queryKey: ['ordering', 'previous'], refetchType: 'none' });
  const actor = useActorRef(
    previousOrdersMachine.provide({
      actors: { loadPreviousOrders: fromPromise(({ input }: { input: PreviousOrdersRequest }) => queryClient.fetchQuery(previousQuery(input))) },
      actions: {
        reorder: ({ context }) => {
          const o = context.orders.find((x) => x.orderId === context.reordered);
          for (const i of o?.basket.items ?? []) {
            const item = basketDraft(i);
            if (item) cart.send({ type: 'cart.add', at: Date.now(), item });
          }
        },
      },
    }),
    { input: { signedIn: !!session?.signedIn, storeNumber, locale: defaultLocale() } },
  );
  const last = placed ? readLastOrder() : null;
  return (
    <PreviousView
      actor={actor}
      placed={last && last.orderId === placed ? { orderId: last.orderId, storeName: last.storeName, total: last.total } : null}
      onCloseSuccess={() => void navigate({ to: '/menu/previous', search: {}, replace: true })}
    />
  );
}
