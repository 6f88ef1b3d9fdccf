import { useEffect, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type * as Cart from '../../services/cart.ts';
import type { CartActor } from '../../services/cart.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';

/**
 * The cart actor for the menu's list pages (/menu, categories), which show no cart: only the bag button's count,
 * read as the header reads it (the stored bag until the cart starts, the actor's items after: `useBagCount`,
 * src/services/app-actors.tsx). The
 * cart's module (its machine and storage schema) loads after the first paint; the menu then tells it what the
 * store sells (use-menu.ts) and the store's stock changes reach it (use-store-stock.ts), as before. The pages that
 * show or change the cart (product, cart, checkout, favorites, previous) take it at once (`useCart`, use-cart.ts).
 * Once loaded the module stays, so later menu pages have the cart synchronously (docs/architecture.md#performance).
 */
type CartModule = typeof Cart;
let loaded: CartModule | null = null;
let loading: Promise<CartModule> | null = null;

export function loadCartModule(): Promise<CartModule> {
  loading ??= import('../../services/cart.ts').then((m) => (loaded = m));
  return loading;
}

/** the app's cart actor once its module has loaded (null before) */
export function useLazyCart(): CartActor | null {
  const actors = useAppActors();
  const { data: config } = useSuspenseQuery(configQuery);
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadCartModule().then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, [module]);
  return module ? module.cartOf(actors, config.ordering.maximumItemAmount) : null;
}
