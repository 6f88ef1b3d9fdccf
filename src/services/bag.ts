/**
 * The bag (cart) as stored in this browser. The cart itself is a later issue; until then the delivery
 * landing page only needs to know whether the bag has items: `harbor.bag.v1` holds a JSON array of
 * items, each optionally with a `quantity`.
 */
export const BAG_STORAGE_KEY = 'harbor.bag.v1';

/** Number of items in the bag (quantities summed; an item without a quantity counts once). 0 when absent or unreadable. */
export function countBagItems(raw: string | null): number {
  if (!raw) return 0;
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    return 0;
  }
  if (!Array.isArray(items)) return 0;
  return items.reduce<number>((n, item) => {
    const q = item && typeof item === 'object' ? (item as { quantity?: unknown }).quantity : undefined;
    return n + (typeof q === 'number' && Number.isFinite(q) ? Math.max(0, Math.floor(q)) : 1);
  }, 0);
}

/** the stored bag's count; `storage` defaults to localStorage (absent outside a browser, or blocked by privacy settings: 0) */
export function readBagItemCount(storage?: Pick<Storage, 'getItem'> | null): number {
  try {
    return countBagItems((storage === undefined ? localStorage : storage)?.getItem(BAG_STORAGE_KEY) ?? null);
  } catch {
    return 0; // no localStorage here, or storage blocked (privacy settings)
  }
}

/**
 * The header's bag count (issue 30): the cart root actor's items once an ordering page has started it
 * (`registerCart`, called by `cartOf` in src/services/cart.ts), the stored bag before that. The header reads the
 * actor through this small registry so that the cart machine and its storage schema stay out of the entry every
 * page loads (docs/architecture.md#the-header).
 */
export interface CountableCart {
  getSnapshot(): { context: { items: readonly { quantity: number }[] } };
  subscribe(listener: () => void): { unsubscribe(): void };
}
const liveCarts = new WeakMap<object, CountableCart>();
const started = new EventTarget();

/** the cart actor of an app (its `AppActors`): the header counts its items from now on */
export function registerCart(owner: object, cart: CountableCart) {
  liveCarts.set(owner, cart);
  started.dispatchEvent(new Event('cart'));
}

/** items in the bag: the cart actor's quantities summed, or the stored bag's before any ordering page started it */
export const bagCountOf = (owner: object): number => liveCarts.get(owner)?.getSnapshot().context.items.reduce((n, i) => n + i.quantity, 0) ?? readBagItemCount();

/** calls `onChange` when the count may have changed: the cart's snapshots, and its start */
export function subscribeBagCount(owner: object, onChange: () => void): () => void {
  let sub: { unsubscribe(): void } | undefined;
  const follow = () => {
    sub?.unsubscribe();
    sub = liveCarts.get(owner)?.subscribe(onChange);
    onChange();
  };
  follow();
  started.addEventListener('cart', follow);
  return () => {
    sub?.unsubscribe();
    started.removeEventListener('cart', follow);
  };
}
