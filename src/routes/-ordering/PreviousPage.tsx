import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { basketDraft } from '../../../machines/ordering-types.ts';
import { previousOrdersMachine } from '../../../machines/previous-orders.machine.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { defaultLocale } from '../../services/format.ts';
import { previousOrdersActors } from '../../services/ordering/previous-orders.ts';
import { readLastOrder } from '../../services/ordering.actors.ts';
import { sessionQuery } from '../../services/session.ts';
import { PreviousView } from '../../views/ordering/PreviousView.tsx';
import { useCart } from './use-cart.ts';

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
      actors: previousOrdersActors(queryClient),
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
      placed={
        last && last.orderId === placed
          ? { orderId: last.orderId, storeName: last.storeName, storeNumber: last.storeNumber, total: last.total, orderToken: last.orderToken ?? null, pickupOption: last.pickupOption, readyEstimateAt: last.readyEstimateAt ?? null, timeZone: last.timeZone ?? null, reloaded: last.reloaded ?? 0, guest: last.guest ?? !session?.signedIn }
          : null
      }
      onCloseSuccess={() => void navigate({ to: '/menu/previous', search: {}, replace: true })}
    />
  );
}
