import * as v from 'valibot';

/**
 * An order id in a route's path (`^ord_[A-Za-z0-9]{10,40}$`): the receipt (/account/history/$orderId) and the tracker
 * (/menu/order/$orderId). Its own tiny module: route params load with the entry chunk (docs/architecture.md,
 * first-load budget), so a route must not import an area's whole contract for them.
 */
export const OrderIdParam = v.pipe(v.string(), v.regex(/^ord_[A-Za-z0-9]{10,40}$/, 'not an order id'));
