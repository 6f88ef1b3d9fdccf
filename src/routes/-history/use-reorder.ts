import { useActorRef, useSelector } from '@xstate/react';
import { HistoryTexts } from '../../../contracts/history-messages.ts';
import { useRef } from 'react';
import { reorderMachine } from '../../../machines/reorder.machine.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { reorderActors, type ReorderCart } from '../../services/history/history.ts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { configQuery } from '../../services/config.ts';
import { useRedirect } from '../../services/redirect.ts';

/**
 * The reorder machine of one order (receipt, home's last order), wired to the app's root actors: the selected store
 * (set to the order's store when none is selected), the cart (`cart.add` per available item), the notifications
 * (the toast naming what was left out) and the router (to the cart). The cart's part loads with the reorder check
 * (`reorderActors`, src/services/history/reorder-cart.ts): the page itself shows no cart.
 */
export function useReorder(orderId: string, orderStoreNumber: string) {
  const actors = useAppActors();
  const { data: config } = useSuspenseQuery(configQuery);
  const reorderCart = useRef<ReorderCart | null>(null);
  // a push, as before: Back from the cart returns to the receipt
  const redirect = useRedirect({ replace: false });
  const storeNumber = useSelector(actors.selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  return useActorRef(
    reorderMachine.provide({
      actors: reorderActors((cart) => {
        reorderCart.current = cart;
      }),
      actions: {
        selectStoreIfNone: ({ context }) => {
          if (context.answer?.location) actors.selectedStore.send({ type: 'store.select', location: context.answer.location, at: Date.now() });
        },
        addToCart: ({ context }) => reorderCart.current?.addReorderToCart(actors, config.ordering.maximumItemAmount, context.answer),
        notify: ({ context }) =>
          actors.notifications.send({ type: 'notify.show', kind: 'toast', tone: 'info', message: HistoryTexts.reorderPartly((context.answer?.unavailable ?? []).map((u) => u.name)) }),
        redirect,
      },
    }),
    { input: { orderId, storeNumber, orderStoreNumber } },
  );
}
