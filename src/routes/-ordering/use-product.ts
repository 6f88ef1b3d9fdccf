import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { productMachine } from '../../../machines/product.machine.ts';
import { draftOf } from '../../../machines/product-options.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';
import { defaultLocale } from '../../services/format.ts';
import { productActors } from '../../services/ordering.actors.ts';
import { useCart } from './use-cart.ts';

/** The product machine of a product page, adding to the page's cart. */
export function useProduct(params: { productNumber: string; formCode: string }) {
  const actors = useAppActors();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(configQuery);
  const cart = useCart();
  const storeNumber = useSelector(actors.selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  return useActorRef(
    productMachine.provide({
      actors: productActors(queryClient),
      actions: {
        addToCart: ({ context }, _params, ) => cart.send({ type: 'cart.add', item: draftOf(context.product, context.sizeCode, context.options, context.quantity), at: Date.now() }),
        notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: 'error', message: OrderingTexts[params.message] }),
      },
    }),
    { input: { productNumber: Number(params.productNumber), formCode: params.formCode, storeNumber, locale: defaultLocale(), maximumModifierAmount: config.ordering.maximumModifierAmount } },
  );
}
