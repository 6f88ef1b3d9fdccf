import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { productMachine, type AddToBagRequest, type AddToBagResult } from '../../../machines/product.machine.ts';
import { cartCount } from '../../../machines/ordering-types.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';
import { defaultLocale } from '../../services/format.ts';
import { productActors } from '../../services/ordering.actors.ts';
import { useCart } from './use-cart.ts';

/** The product machine of a product page, adding to the page's cart (which answers whether it took the item). */
export function useProduct(params: { productNumber: string; formCode: string }) {
  const actors = useAppActors();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(configQuery);
  const cart = useCart();
  const storeNumber = useSelector(actors.selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  return useActorRef(
    productMachine.provide({
      actors: {
        ...productActors(queryClient),
        // the cart machine handles cart.add synchronously: a full cart leaves its count as it was
        addToBag: fromPromise<AddToBagResult, AddToBagRequest>(async ({ input }) => {
          const before = cartCount(cart.getSnapshot().context.items);
          cart.send({ type: 'cart.add', item: input.item, at: Date.now() });
          return { added: cartCount(cart.getSnapshot().context.items) > before };
        }),
      },
      actions: {
        notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: 'error', message: OrderingTexts[params.message] }),
      },
    }),
    { input: { productNumber: Number(params.productNumber), formCode: params.formCode, storeNumber, locale: defaultLocale(), maximumModifierAmount: config.ordering.maximumModifierAmount } },
  );
}
