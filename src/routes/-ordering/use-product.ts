import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { productMachine } from '../../../machines/product.machine.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';
import { defaultLocale } from '../../services/format.ts';
import { productActors } from '../../services/ordering/product.ts';
import { pricingRulesQuery } from '../../services/ordering/pricing-rules.graphql.ts';
import { sessionQuery } from '../../services/session.ts';
import { useCart } from './use-cart.ts';

/**
 * The product machine of a product page, adding to the app's cart actor (which answers whether it took the item). The
 * option limit is the store's pricing rule (pricing-rules), else the configured one.
 */
export function useProduct(params: { productNumber: string; formCode: string }) {
  const actors = useAppActors();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(configQuery);
  const cart = useCart();
  const storeNumber = useSelector(actors.selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  const { data: session } = useQuery(sessionQuery);
  // the store's rules for this caller (cached 5 minutes); the configured limit when they cannot be read
  const { data: rules } = useSuspenseQuery(pricingRulesQuery(storeNumber, !session?.signedIn));
  return useActorRef(
    productMachine.provide({
      actors: productActors(queryClient),
      actions: {
        notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: 'error', message: OrderingTexts[params.message] }),
      },
    }),
    { input: { productNumber: Number(params.productNumber), formCode: params.formCode, storeNumber, locale: defaultLocale(), maximumModifierAmount: rules?.maximumModifierAmount ?? config.ordering.maximumModifierAmount, cart } },
  );
}
