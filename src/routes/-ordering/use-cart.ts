import { useSuspenseQuery } from '@tanstack/react-query';
import { useAppActors } from '../../services/app-actors.tsx';
import { cartOf, type CartActor } from '../../services/cart.ts';
import { configQuery } from '../../services/config.ts';

/** The app's cart actor (a root actor, created by the first ordering page with the configured maximum). */
export function useCart(): CartActor {
  const actors = useAppActors();
  const { data: config } = useSuspenseQuery(configQuery);
  return cartOf(actors, config.ordering.maximumItemAmount);
}
