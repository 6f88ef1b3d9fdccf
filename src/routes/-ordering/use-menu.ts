import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { menuMachine } from '../../../machines/menu.machine.ts';
import { menuAvailability } from '../../../machines/menu-pages.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { defaultLocale } from '../../services/format.ts';
import { menuActors } from '../../services/ordering/menu.graphql.ts';
import { useLazyCart } from './lazy-cart.ts';

/**
 * The menu of the chosen store for a menu page: reloads when the store changes; tells the cart what the store sells
 * (when the menu loads, or when the cart's module has loaded after it: lazy-cart.ts).
 */
export function useMenu() {
  const { selectedStore } = useAppActors();
  const queryClient = useQueryClient();
  const cart = useLazyCart();
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const storeNumber = useSelector(selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  const actor = useActorRef(
    menuMachine.provide({
      actors: menuActors(queryClient),
      actions: {
        clearStore: () => selectedStore.send({ type: 'store.clear' }),
        publishAvailability: ({ context }) => {
          if (context.menu && !context.menu.national) cartRef.current?.send({ type: 'cart.availability', availability: menuAvailability(context.menu) });
        },
      },
    }),
    { input: { storeNumber, locale: defaultLocale() } },
  );
  useEffect(() => {
    if (actor.getSnapshot().context.storeNumber !== storeNumber && storeNumber !== null) actor.send({ type: 'store.changed', storeNumber });
  }, [actor, storeNumber]);
  useEffect(() => {
    // the cart came after the menu: what the store sells, as publishAvailability would have said it
    const s = actor.getSnapshot();
    const menu = s.context.menu;
    if (cart && (s.matches('ready') || s.matches('unavailable')) && menu && !menu.national) cart.send({ type: 'cart.availability', availability: menuAvailability(menu) });
  }, [actor, cart]);
  return actor;
}
