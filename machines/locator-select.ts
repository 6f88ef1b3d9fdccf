/** Pure reads of the store locator's context (used by the machine, the route, the views and the tests). */
import type { LocationResult, StoreSummary } from '../contracts/locations.ts';
import { shortStoreNumber } from '../contracts/locations.ts';
import type { LocatorContext, SearchArea } from './locator-types.ts';
import { PATHS } from './app-page-paths.ts';
import { safeReturnUrl } from '../contracts/return-url.ts';

/** Ordering needs the store open and mobile ordering READY (spec 1 section 5). */
export const canOrderFrom = (store: StoreSummary) => store.open && store.mobileOrdering.availability === 'READY';

/** The store takes mobile orders at all (NOT_READY and UNAVAILABLE stores never do): 'Order here' is offered only then. */
export const takesMobileOrders = (store: StoreSummary) => store.mobileOrdering.availability === 'READY';

/** A guest may order only where the store has guest ordering (spec 1 section 6). */
export const guestCanOrderFrom = (store: StoreSummary) => canOrderFrom(store) && store.mobileOrdering.guestOrdering;

/**
 * What a store card and the details say about ordering there, and whether 'Order here' is offered:
 * never on a store that takes no mobile orders (NOT_READY, UNAVAILABLE); in the menu a closed store says
 * so (choosing it shows a toast, spec 1 section 4); a guest is told when the store needs an account.
 */
export type OrderingStatus = 'notReady' | 'unavailable' | 'closedNow' | 'accountRequired' | null;
export function orderingStatus(store: StoreSummary, opts: { inMenu: boolean; signedIn: boolean }): { offerOrder: boolean; status: OrderingStatus } {
  const availability = store.mobileOrdering.availability;
  if (availability === 'NOT_READY') return { offerOrder: false, status: 'notReady' };
  if (availability !== 'READY') return { offerOrder: false, status: 'unavailable' };
  if (!opts.signedIn && !store.mobileOrdering.guestOrdering) return { offerOrder: true, status: 'accountRequired' };
  if (opts.inMenu && !store.open) return { offerOrder: true, status: 'closedNow' };
  return { offerOrder: true, status: null };
}

export const sameStore = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && shortStoreNumber(a) === shortStoreNumber(b);

/**
 * The store selected after a search (spec 1 section 4): the queried store number if given; in the
 * in-menu locator the first open store whose mobile ordering is READY (for a guest: that also has guest
 * ordering), else the first result; otherwise the first result.
 */
export function chooseSelectedStore(locations: LocationResult[], opts: { inMenu: boolean; storeNumber: string | null; signedIn?: boolean }): string | null {
  if (opts.storeNumber) {
    const queried = locations.find((l) => sameStore(l.store.storeNumber, opts.storeNumber));
    if (queried) return queried.store.storeNumber;
  }
  if (opts.inMenu) {
    // a guest is never preselected a store without guest ordering (spec 1 section 6)
    const orderable = locations.find((l) => (opts.signedIn === false ? guestCanOrderFrom(l.store) : canOrderFrom(l.store)));
    if (orderable) return orderable.store.storeNumber;
  }
  return locations[0]?.store.storeNumber ?? null;
}

/** Where confirming a store goes (spec 1 section 2): the stored return path (same-origin paths only), else /menu/cart with toCart, else /menu. */
export function confirmTarget(opts: { returnPath: string | null; toCart: boolean }): string {
  const back = safeReturnUrl(opts.returnPath);
  if (back) return back;
  if (opts.toCart) return PATHS.cart;
  return PATHS.menu;
}

export function findLocation(ctx: Pick<LocatorContext, 'locations' | 'nearest'>, storeNumber: string): LocationResult | undefined {
  return (
    ctx.locations.find((l) => sameStore(l.store.storeNumber, storeNumber)) ??
    (ctx.nearest.location && sameStore(ctx.nearest.location.store.storeNumber, storeNumber) ? ctx.nearest.location : undefined)
  );
}

export function markerState(ctx: Pick<LocatorContext, 'selectedStoreNumber' | 'highlightedStoreNumber'>, storeNumber: string): 'default' | 'highlighted' | 'selected' {
  if (sameStore(ctx.selectedStoreNumber, storeNumber)) return 'selected';
  if (sameStore(ctx.highlightedStoreNumber, storeNumber)) return 'highlighted';
  return 'default';
}

export const hasSearchArea = (q: SearchArea) => !!q.place || (q.lat !== null && q.lng !== null) || !!q.storeNumber;

/** The URL search params that reproduce the current query (the route keeps the address bar in step). */
export function locatorSearchParams(ctx: Pick<LocatorContext, 'query' | 'features'>): Record<string, string | undefined> {
  const q = ctx.query;
  return {
    place: q.place ?? undefined,
    lat: q.lat !== null && q.lng !== null ? q.lat.toFixed(5) : undefined,
    lng: q.lat !== null && q.lng !== null ? q.lng.toFixed(5) : undefined,
    storeNumber: q.storeNumber ?? undefined,
    features: ctx.features.length ? ctx.features.join(',') : undefined,
  };
}
