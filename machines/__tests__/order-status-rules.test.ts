/** order-status-rules.ts against docs/order-status.md 2.2 (steps, headings, terminal, applyStoreEvent), by hand. */
import { describe, expect, it } from 'vitest';
import { order } from './order-status-fixtures.ts';
import { applyStoreEvent, clockTime, headingKey, isLate, isNewer, isTerminal, msUntil, showsCheckIn, statusChange, stepStates } from '../order-status-rules.ts';


describe('steps and headings', () => {
  it('four steps Placed → Preparing → Ready → Picked up; cancelled replaces the list', () => {
    expect(stepStates('placed')).toEqual([
      { step: 'placed', state: 'current' }, { step: 'preparing', state: 'todo' }, { step: 'ready', state: 'todo' }, { step: 'picked_up', state: 'todo' },
    ]);
    expect(stepStates('ready')!.map((s) => s.state)).toEqual(['done', 'done', 'current', 'todo']);
    expect(stepStates('picked_up')!.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current']);
    expect(stepStates('cancelled')).toBeNull();
  });
  it('a heading per status', () => {
    expect((['placed', 'preparing', 'ready', 'picked_up', 'cancelled'] as const).map(headingKey)).toEqual(['headingPlaced', 'headingPreparing', 'headingReady', 'headingPickedUp', 'headingCancelled']);
  });
  it('picked up and cancelled are terminal, nothing else', () => {
    expect((['placed', 'preparing', 'ready', 'picked_up', 'cancelled'] as const).map(isTerminal)).toEqual([false, false, false, true, true]);
  });
});

describe('applyStoreEvent', () => {
  it('status sets status, when and the estimate', () => {
    const o = applyStoreEvent(order(), { id: 11, kind: 'status', orderId: 'ord_abcdefghij12', status: 'preparing', at: '2026-11-28T16:02:00.000Z', readyEstimateAt: '2026-11-28T16:05:00.000Z' });
    expect(o).toMatchObject({ status: 'preparing', statusAt: '2026-11-28T16:02:00.000Z', readyEstimateAt: '2026-11-28T16:05:00.000Z', lastEventId: 11, refund: null });
    expect(statusChange(order(), o)).toBe('preparing');
  });
  it('a cancel carries the refund and the Stars', () => {
    const o = applyStoreEvent(order(), { id: 12, kind: 'status', orderId: 'ord_abcdefghij12', status: 'cancelled', at: 'x', readyEstimateAt: null, refund: { amount: 525, currency: 'USD' }, starsReversed: 12, cancelReason: 'out_of_stock' });
    expect(o).toMatchObject({ status: 'cancelled', refund: { amount: 525, currency: 'USD' }, starsReversed: 12, readyEstimateAt: null, cancelReason: 'out_of_stock' });
    // a cancel with no reason (the board before the list, an older event) shows none
    expect(applyStoreEvent(order({ cancelReason: 'other' }), { id: 12, kind: 'status', orderId: 'ord_abcdefghij12', status: 'cancelled', at: 'x', readyEstimateAt: null }).cancelReason).toBeNull();
  });
  it('eta sets only the estimate; arrival only the arrival (no status change)', () => {
    const e = applyStoreEvent(order(), { id: 11, kind: 'eta', orderId: 'ord_abcdefghij12', readyEstimateAt: '2026-11-28T16:09:00.000Z' });
    expect(e).toEqual({ ...order(), readyEstimateAt: '2026-11-28T16:09:00.000Z', lastEventId: 11 });
    expect(statusChange(order(), e)).toBeNull();
    const a = applyStoreEvent(order(), { id: 13, kind: 'arrival', orderId: 'ord_abcdefghij12', stallNumber: 2, displayName: 'Ana', arrivedAt: 'y' });
    expect(a).toEqual({ ...order(), arrival: { stallNumber: 2, displayName: 'Ana', arrivedAt: 'y' }, lastEventId: 13 });
  });
  it('an event already applied (id ≤ lastEventId) or of another order changes nothing', () => {
    const o = order();
    expect(applyStoreEvent(o, { id: 10, kind: 'eta', orderId: 'ord_abcdefghij12', readyEstimateAt: 'z' })).toBe(o);
    expect(applyStoreEvent(o, { id: 3, kind: 'status', orderId: 'ord_abcdefghij12', status: 'ready', at: 'z', readyEstimateAt: null })).toBe(o);
    expect(applyStoreEvent(o, { id: 99, kind: 'eta', orderId: 'ord_other00000', readyEstimateAt: 'z' })).toBe(o);
    expect(isNewer(o, { id: 11 })).toBe(true);
    expect(isNewer(o, { id: 10 })).toBe(false);
  });
});

describe('late, timers, time, check-in', () => {
  const now = Date.parse('2026-11-28T16:07:00.000Z');
  it('late only while placed or preparing and past the estimate', () => {
    expect(isLate(order(), now)).toBe(true);
    expect(isLate(order({ status: 'preparing' }), now)).toBe(true);
    expect(isLate(order({ status: 'ready' }), now)).toBe(false);
    expect(isLate(order({ readyEstimateAt: '2026-11-28T16:08:00.000Z' }), now)).toBe(false);
    expect(isLate(order({ readyEstimateAt: null }), now)).toBe(false);
  });
  it('msUntil is 0 when past or unknown', () => {
    expect(msUntil('2026-11-28T16:07:30.000Z', now)).toBe(30_000);
    expect(msUntil('2026-11-28T16:06:00.000Z', now)).toBe(0);
    expect(msUntil(null, now)).toBe(0);
    expect(msUntil('nonsense', now)).toBe(0);
  });
  it("the time in the store's zone", () => {
    expect(clockTime('2026-11-28T16:06:00.000Z', 'America/Los_Angeles')).toBe('8:06 AM');
    expect(clockTime('2026-11-28T16:06:00.000Z', 'America/New_York')).toBe('11:06 AM');
  });
  it("I'm here: curbside, ready, not arrived", () => {
    const cx = order({ pickupOption: 'CX', status: 'ready', curbside: { available: true, stallQuantity: 6 } });
    expect(showsCheckIn(cx)).toBe(true);
    expect(showsCheckIn({ ...cx, status: 'preparing' })).toBe(false);
    expect(showsCheckIn({ ...cx, pickupOption: '16' })).toBe(false);
    expect(showsCheckIn({ ...cx, arrival: { stallNumber: 2, displayName: 'A', arrivedAt: 'x' } })).toBe(false);
  });
});
