/**
 * The menu's live stock (issue 29; docs/order-status.md 2.6, 3.8): one `storeStock` actor per app (as the cart,
 * src/services/cart.ts), created by the first ordering page that shows availability and kept for the visit; it
 * follows the selected store and runs a liveFeed child on the store's stock stream
 * (`/ordering/stores/{n}/stock-events`, its poll as fallback). A change is laid over what the pages loaded (`stockOf`
 * in the views), written into the cached menu and product answers (so the next page shows it), and told to the cart
 * (its items' availability: a sold-out item is marked before paying and left out of pricing). A reset refetches
 * the store's menu. This module (the machine, the feed and the stream reader) is imported lazily by the pages'
 * hook (src/routes/-ordering/use-store-stock.ts): nothing of it is on a menu page's first paint.
 */
import type { QueryClient } from '@tanstack/react-query';
import { assertEvent, createActor, type ActorRefFrom } from 'xstate';
import type { MenuResponse, ProductTile } from '../../../contracts/ordering-menu.ts';
import type { AppConfig } from '../../../contracts/config.ts';
import { liveFeedMachine } from '../../../machines/live-feed.machine.ts';
import { stockChange, storeStockMachine, type StockAvailability } from '../../../machines/store-stock.machine.ts';
import type { AppActors } from '../app-actors.tsx';
import type { CartActor } from '../cart.ts';
import { liveFeedActors } from './order-events.ts';
import { feedConfigOf } from './tracker.ts';
import { forwardConnectivity } from './feed-browser.ts';

export type StoreStockActor = ActorRefFrom<typeof storeStockMachine>;

/** a tile with its availability changed when it is the product and the store sells it */
function retile<T extends Pick<ProductTile, 'productNumber' | 'availability'>>(t: T, productNumber: number, availability: StockAvailability): T {
  return t.productNumber === productNumber && (t.availability === 'Available' || t.availability === 'SoldOut') ? { ...t, availability } : t;
}

/** the cached menu with one product's availability changed (pure) */
export function menuWithStock(menu: MenuResponse, productNumber: number, availability: StockAvailability): MenuResponse {
  const tiles = (l: ProductTile[]) => l.map((t) => retile(t, productNumber, availability));
  return {
    ...menu,
    featured: tiles(menu.featured),
    menus: menu.menus.map((m) => ({
      ...m,
      categories: m.categories.map((c) => ({ ...c, products: tiles(c.products), subcategories: c.subcategories.map((s) => ({ ...s, products: tiles(s.products) })) })),
    })),
  };
}

/** what the cart is told: its items' availability with the change (items of other products unchanged) */
export function cartAvailability(items: ReadonlyArray<{ product: { productNumber: number }; availability: string }>, productNumber: number, availability: StockAvailability): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of items) {
    const current = out[String(i.product.productNumber)] ?? i.availability;
    out[String(i.product.productNumber)] = i.product.productNumber === productNumber && (current === 'Available' || current === 'SoldOut') ? availability : current;
  }
  return out;
}

export function storeStockLogic(queryClient: QueryClient, cart: CartActor) {
  return storeStockMachine.provide({
    actors: { liveFeed: liveFeedMachine.provide({ actors: liveFeedActors() }) },
    actions: {
      applyStock: ({ context, event }) => {
        assertEvent(event, 'feed.event');
        const change = stockChange(event.event);
        if (!change || !context.storeNumber) return;
        const { productNumber, availability } = change;
        queryClient.setQueriesData<MenuResponse>({ queryKey: ['ordering', 'menu', context.storeNumber] }, (m) => (m ? menuWithStock(m, productNumber, availability) : m));
        queryClient.setQueriesData<{ availability: string }>({ queryKey: ['ordering', 'product', productNumber] }, (p) => (p && (p.availability === 'Available' || p.availability === 'SoldOut') ? { ...p, availability } : p));
        void queryClient.invalidateQueries({ queryKey: ['ordering', 'similar'] });
        const items = cart.getSnapshot().context.items;
        if (items.some((i) => i.product.productNumber === productNumber)) cart.send({ type: 'cart.availability', availability: cartAvailability(items, productNumber, availability) as never });
      },
      refetchMenu: ({ context }) => {
        void queryClient.invalidateQueries({ queryKey: ['ordering', 'menu', context.storeNumber] });
      },
    },
  });
}

const stocks = new WeakMap<AppActors, StoreStockActor>();

/** the app's stock actor, following the selected store (started on first use; one per app) */
export function storeStockOf(actors: AppActors, queryClient: QueryClient, cart: CartActor, config: AppConfig | undefined): StoreStockActor {
  let actor = stocks.get(actors);
  if (actor) return actor;
  const storeOf = () => actors.selectedStore.getSnapshot().context.location?.store.storeNumber ?? null;
  let store = storeOf();
  actor = createActor(storeStockLogic(queryClient, cart), { input: { storeNumber: store, lastEventId: 0, feedConfig: feedConfigOf(config), jitter: 0.5 + Math.random() / 2 } });
  const a = actor;
  actors.selectedStore.subscribe(() => {
    const next = storeOf();
    if (next === store) return;
    store = next;
    a.send({ type: 'store.changed', storeNumber: next });
  });
  // for the app's life, like the actor itself
  if (typeof window !== 'undefined') forwardConnectivity(a);
  stocks.set(actors, actor);
  actor.start();
  return actor;
}
