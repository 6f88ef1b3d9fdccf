/**
 * What a customer reads for an order's status (order history, the receipt, previous orders): one table, a module of
 * its own so that /menu/previous takes these five words without the history texts.
 */
export const ORDER_STATUS_LABELS = { placed: 'Placed', preparing: 'Preparing', ready: 'Ready', picked_up: 'Picked up', cancelled: 'Cancelled' } as const;
