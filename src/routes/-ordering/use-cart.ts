import { useSuspenseQuery } from '@tanstack/react-query';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { notifyWith, useAppActors } from '../../services/app-actors.tsx';
import { getCartActor, type CartActor } from '../../services/cart.ts';
import { configQuery } from '../../services/config.ts';

/** The page's cart actor (created on first use with the configured maximum; its toasts go to the notifications). */
export function useCart(): CartActor {
  const actors = useAppActors();
  const { data: config } = useSuspenseQuery(configQuery);
  return getCartActor(config.ordering.maximumItemAmount, (message) => notifyWith(actors)({ kind: 'toast', tone: 'error', message: OrderingTexts[message] }));
}
