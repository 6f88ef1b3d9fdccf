/**
 * The cart's persistence (machines/cart.machine.ts): the items are kept in localStorage under the bag key that the
 * delivery landing page reads (`BAG_STORAGE_KEY`, src/services/bag.ts: a JSON array of items, each with a
 * `quantity`), validated on read. The cart is a root actor of the app (one per `AppActors`, src/services/app-actors.tsx,
 * beside notifications and the selected store), created on first use by an ordering page (`cartOf`) so that its
 * machine and storage schema load with the ordering pages, not with the entry every page loads
 * (docs/architecture.md#the-cart-actor).
 */
import * as v from 'valibot';
import { createActor, type ActorRefFrom } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import type { CartItem } from '../../machines/ordering-types.ts';
import { BAG_STORAGE_KEY, registerCart } from './bag.ts';
import { Availability } from '../../contracts/ordering-fields.ts';
import { CartTexts } from '../../contracts/cart-texts.ts';
import { notifyWith, type AppActors } from './app-actors.tsx';

const Option = v.object({ optionProductNumber: v.number(), sku: v.string(), quantity: v.number(), sizeCode: v.optional(v.string()), name: v.optional(v.string()) });
const StoredItem = v.object({
  key: v.string(),
  product: v.object({ productNumber: v.number(), formCode: v.string(), name: v.string() }),
  size: v.object({ sku: v.string(), sizeCode: v.string(), name: v.optional(v.string()) }),
  selectedOptions: v.array(Option),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  timeAdded: v.number(),
  productImage: v.string(),
  availability: Availability,
  unitPrice: v.optional(v.number()),
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored items; an unreadable store or entry is dropped (never throws). */
export function readStoredCart(s: Pick<Storage, 'getItem'> | null = storage()): CartItem[] {
  try {
    const raw = s?.getItem(BAG_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((x) => {
      const r = v.safeParse(StoredItem, x);
      return r.success ? [r.output as CartItem] : [];
    });
  } catch {
    return [];
  }
}

export function writeStoredCart(items: readonly CartItem[], s: Pick<Storage, 'setItem' | 'removeItem'> | null = storage()) {
  try {
    if (items.length) s?.setItem(BAG_STORAGE_KEY, JSON.stringify(items));
    else s?.removeItem(BAG_STORAGE_KEY);
  } catch {
    // quota or blocked storage: the cart lives for this visit only
  }
}

export const cartLogic = cartMachine.provide({
  actions: { persist: ({ context }) => writeStoredCart(context.items) },
});

export type CartActor = ActorRefFrom<typeof cartMachine>;

/**
 * The app's cart actor, started from storage the first time an ordering page asks for it and kept for the root's
 * `AppActors` (one per app, not per module: each app instance, and each test's, has its own). Its toasts go to the
 * app's notifications; its maximum is the configured `ordering.maximumItemAmount`, and a configuration read later
 * with another maximum is passed on (`cart.setMaximum`).
 */
const carts = new WeakMap<AppActors, CartActor>();
export function cartOf(actors: AppActors, maximumItemAmount: number): CartActor {
  let cart = carts.get(actors);
  if (!cart) {
    cart = createActor(
      cartLogic.provide({ actions: { notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: 'error', message: CartTexts[params.message] }) } }),
      { input: { items: readStoredCart(), maximumItemAmount } },
    ).start();
    carts.set(actors, cart);
    registerCart(actors, cart); // the header's bag count reads it from now on
  } else if (cart.getSnapshot().context.maximumItemAmount !== maximumItemAmount) cart.send({ type: 'cart.setMaximum', maximumItemAmount });
  return cart;
}
