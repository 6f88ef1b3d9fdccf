/**
 * The ordering flows' shared state outside the machines: the last order placed in this browser. Each flow's
 * requests and actors are in src/services/ordering/ (menu, product, checkout, previous orders, favorites, curbside
 * arrival), one module each, so that a page loads only its own GraphQL documents (docs/architecture.md#graphql).
 */
/** The last order placed in this browser (for the success modal and curbside check-in: guests have only its token). */
export const LAST_ORDER_KEY = 'harbor.lastOrder.v1';
export interface LastOrder {
  orderId: string;
  orderToken: string;
  storeNumber: string;
  storeName: string;
  placedAt: string;
  total: number;
  pickupOption: string;
  /** issue 30 (the success modal): when the store expects it ready, the reload put on the card first, a guest's order */
  readyEstimateAt?: string;
  /** the store's time zone (the time slots' answer), for the ready time */
  timeZone?: string;
  reloaded?: number;
  guest?: boolean;
}
export function rememberLastOrder(o: LastOrder) {
  try {
    localStorage.setItem(LAST_ORDER_KEY, JSON.stringify(o));
  } catch {
    // blocked storage
  }
}
export function readLastOrder(): LastOrder | null {
  try {
    const raw = localStorage.getItem(LAST_ORDER_KEY);
    const o = raw ? (JSON.parse(raw) as LastOrder) : null;
    return o && typeof o.orderId === 'string' && typeof o.orderToken === 'string' ? o : null;
  } catch {
    return null;
  }
}
