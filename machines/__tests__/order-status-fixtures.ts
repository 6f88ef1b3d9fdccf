/** A tracked order for the tracker's rules, machine and view tests (docs/order-status.md 3.3). */
import type { TrackerOrder } from '../order-status-rules.ts';

export const order = (extra: Partial<TrackerOrder> = {}): TrackerOrder => ({
  orderId: 'ord_abcdefghij12',
  status: 'placed',
  storeNumber: '10003',
  storeName: 'Pike Place',
  storeAddress: '1912 Pike Place, Seattle, WA 98101',
  timeZone: 'America/Los_Angeles',
  pickupOption: '16',
  placedAt: '2026-11-28T16:00:00.000Z',
  scheduledFor: null,
  readyEstimateAt: '2026-11-28T16:06:00.000Z',
  statusAt: null,
  drivenBy: 'console',
  nextChangeAt: null,
  items: [{ name: 'Caffè Latte', sizeName: 'Grande', quantity: 1, customisations: [] }],
  total: 525,
  currency: 'USD',
  arrival: null,
  curbside: null,
  refund: null,
  starsReversed: 0,
  cancelReason: null,
  guest: true,
  lastEventId: 10,
  ...extra,
});
