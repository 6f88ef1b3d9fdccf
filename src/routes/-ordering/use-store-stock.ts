import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ProductTile } from '../../../contracts/ordering-menu.ts';
import type { StockAvailability } from '../../../machines/stock-rules.ts';
import { similarItemsQuery } from '../../services/ordering/similar.graphql.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';
import { loadCartModule } from './lazy-cart.ts';

const NONE: Readonly<Record<string, StockAvailability>> = Object.freeze({});

/**
 * The selected store's live stock changes since its menu loaded (product number → 'Available' | 'SoldOut'), for the
 * menu, product and cart pages to lay over what they loaded (`stockOf`). The stock actor and its stream reader load
 * after the first paint (a dynamic import of src/services/ordering/stock.ts); until then: no changes.
 */
export function useStoreStock(): Readonly<Record<string, StockAvailability>> {
  const actors = useAppActors();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(configQuery);
  const [stock, setStock] = useState(NONE);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    // the cart's module too: the menu's list pages load it after the first paint (lazy-cart.ts), the others have it
    void Promise.all([import('../../services/ordering/stock.ts'), loadCartModule()]).then(([{ storeStockOf }, { cartOf }]) => {
      if (!live) return;
      const actor = storeStockOf(actors, queryClient, cartOf(actors, config.ordering.maximumItemAmount), config);
      setStock(actor.getSnapshot().context.stock);
      const sub = actor.subscribe((s) => setStock(s.context.stock));
      unsubscribe = () => sub.unsubscribe();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [actors, queryClient, config]);
  return stock;
}

/**
 * Up to three substitutes for a product while it is sold out at the selected store ('Try instead'); none otherwise
 * (no request is made for an available product).
 */
export function useSubstitutes(productNumber: number | null, soldOut: boolean): ProductTile[] {
  const { selectedStore } = useAppActors();
  const storeNumber = useSelector(selectedStore, (s) => s.context.location?.store.storeNumber ?? null);
  const { data } = useQuery({ ...similarItemsQuery(productNumber ?? 0, storeNumber), enabled: soldOut && productNumber !== null });
  return soldOut && data ? data : [];
}
