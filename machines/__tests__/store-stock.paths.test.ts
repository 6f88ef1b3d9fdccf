import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stockChange, stockFeedRequest, stockOf, storeStockMachine } from '../store-stock.machine.ts';
import { describeFlow } from './flow.ts';
import { storeStockFlow } from './store-stock.expect.ts';

describeFlow(storeStockFlow);

describe('store-stock helpers', () => {
  it('a live change wins over the loaded availability; a product the store does not sell stays so', () => {
    expect(stockOf({ '2001': 'SoldOut' }, 2001, 'Available')).toBe('SoldOut');
    expect(stockOf({ '2001': 'Available' }, 2001, 'SoldOut')).toBe('Available');
    expect(stockOf({ '2001': 'SoldOut' }, 2002, 'Available')).toBe('Available');
    expect(stockOf({ '2001': 'Available' }, 2001, 'NotAvailableHere')).toBe('NotAvailableHere');
    expect(stockOf({}, 2001, 'SoldOut')).toBe('SoldOut');
  });
  it('reads stock events only, well formed', () => {
    expect(stockChange({ id: 1, kind: 'stock', productNumber: 5, availability: 'SoldOut' })).toEqual({ productNumber: 5, availability: 'SoldOut' });
    expect(stockChange({ id: 1, kind: 'stock', productNumber: '5', availability: 'SoldOut' })).toBeNull();
    expect(stockChange({ id: 1, kind: 'stock', productNumber: 1.5, availability: 'SoldOut' })).toBeNull();
    expect(stockChange({ id: 1, kind: 'stock', productNumber: 5, availability: 'Gone' })).toBeNull();
    expect(stockChange({ id: 1, kind: 'status', productNumber: 5, availability: 'SoldOut' })).toBeNull();
  });
  it('the feed request needs a store', () => {
    expect(() => stockFeedRequest({ context: { storeNumber: null, lastEventId: 0, feedConfig: {} as never, jitter: 1 } })).toThrow('no store');
  });
  it('starts without input: no store, idle', () => {
    const a = createActor(storeStockMachine, { input: undefined as never }).start();
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.stock).toEqual({});
    a.stop();
  });
});
