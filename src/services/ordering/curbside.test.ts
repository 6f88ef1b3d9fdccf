import { describe, expect, it } from 'vitest';
import { curbsideOrder } from './curbside.ts';

/** /pickup/curbside: which order a check-in names (docs/order-status.md 1; issue 29, issue 30) */
const LAST = { orderId: 'ord_lastlastla01', orderToken: 'ot_lastlastlastlastlastlast', storeNumber: '10001' };
const TRACKED = 'ord_trackedtrac02';
describe('curbsideOrder', () => {
  it("the tracker's orderId wins over the last order on this device (a member: the session, no token)", () => {
    expect(curbsideOrder({ orderId: TRACKED, storeNumber: '10006' }, LAST, true)).toEqual({ storeNumber: '10006', orderToken: null, orderId: TRACKED });
  });
  it("orderId alone signed out: nothing to check in with (never the last order's token)", () => {
    expect(curbsideOrder({ orderId: TRACKED, storeNumber: '10006' }, LAST, false)).toBeNull();
  });
  it('a guest from the tracker: its token; or the last order token when it is the same order', () => {
    expect(curbsideOrder({ orderId: TRACKED, orderToken: 'ot_guestguestguestguestguest', storeNumber: '10006' }, LAST, false)).toEqual({ storeNumber: '10006', orderToken: 'ot_guestguestguestguestguest', orderId: TRACKED });
    expect(curbsideOrder({ orderId: LAST.orderId }, LAST, false)).toEqual({ storeNumber: '10001', orderToken: LAST.orderToken, orderId: LAST.orderId });
  });
  it("the email's token link; and no search: the last order (spec 1); nothing known: none", () => {
    expect(curbsideOrder({ orderToken: 'ot_emailemailemailemailemai', storeNumber: '10003' }, null, false)).toEqual({ storeNumber: '10003', orderToken: 'ot_emailemailemailemailemai', orderId: null });
    expect(curbsideOrder({}, LAST, false)).toEqual({ storeNumber: '10001', orderToken: LAST.orderToken, orderId: LAST.orderId });
    expect(curbsideOrder({}, null, true)).toBeNull();
    expect(curbsideOrder({ orderId: TRACKED }, null, true)).toBeNull(); // no store
  });
});
