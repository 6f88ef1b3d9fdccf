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

export function readBagItemCount(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): number {
  try {
    return countBagItems(storage?.getItem(BAG_STORAGE_KEY) ?? null);
  } catch {
    return 0; // storage blocked (privacy settings)
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
