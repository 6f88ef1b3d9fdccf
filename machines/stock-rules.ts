/**
 * The stock-aware menu's pure rules (issue 29; docs/order-status.md 2.6, 3.8), kept apart from the storeStock machine
 * so that the menu views import them without the machine, its live feed and the stream reader (those load lazily).
 */
import type { FeedEvent } from './live-feed.machine.ts';

export type StockAvailability = 'Available' | 'SoldOut';

/** a stock event's change, or null when it is not one (another kind, a bad payload) */
export function stockChange(event: FeedEvent): { productNumber: number; availability: StockAvailability } | null {
  if (event.kind !== 'stock') return null;
  const productNumber = event.productNumber;
  const availability = event.availability;
  if (typeof productNumber !== 'number' || !Number.isSafeInteger(productNumber)) return null;
  if (availability !== 'Available' && availability !== 'SoldOut') return null;
  return { productNumber, availability };
}

/**
 * What a view shows for a product: the live position when the store changed it since the menu loaded, else the
 * menu's own availability. A product the store does not sell ('NotAvailableHere', 'Unavailable') stays so: the
 * switch never touches those (docs/order-status.md 3.8).
 */
export function stockOf<A extends string>(stock: Readonly<Record<string, StockAvailability>>, productNumber: number, loaded: A): A | StockAvailability {
  if (loaded !== 'Available' && loaded !== 'SoldOut') return loaded;
  return stock[String(productNumber)] ?? loaded;
}

