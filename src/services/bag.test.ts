import { describe, expect, it, vi } from 'vitest';
import { BAG_STORAGE_KEY, countBagItems, readBagItemCount } from './bag.ts';
import { deliveryLandingImplementations, openInNewTab } from './delivery-landing.actors.ts';
import { createActor } from 'xstate';

describe('bag (local storage)', () => {
  it('counts the items of harbor.bag.v1, summing quantities', () => {
    expect(BAG_STORAGE_KEY).toBe('harbor.bag.v1');
    expect(countBagItems(null)).toBe(0);
    expect(countBagItems('[]')).toBe(0);
    expect(countBagItems(JSON.stringify([{ sku: 'a', quantity: 2 }, { sku: 'b' }]))).toBe(3);
    expect(countBagItems(JSON.stringify([{ quantity: 0 }]))).toBe(0);
  });

  it('treats unreadable contents as an empty bag', () => {
    expect(countBagItems('{oops')).toBe(0);
    expect(countBagItems('{"items":[1]}')).toBe(0);
    expect(readBagItemCount({ getItem: () => { throw new Error('SecurityError'); } })).toBe(0);
    expect(readBagItemCount(null)).toBe(0);
  });

  it('reads localStorage by default', () => {
    localStorage.setItem(BAG_STORAGE_KEY, JSON.stringify([{ quantity: 1 }]));
    expect(readBagItemCount()).toBe(1);
    localStorage.removeItem(BAG_STORAGE_KEY);
    expect(readBagItemCount()).toBe(0);
  });
});

describe('delivery landing implementations', () => {
  it('opens the partner in a new tab without an opener', () => {
    const open = vi.fn();
    openInNewTab('https://partner.example/', open);
    expect(open).toHaveBeenCalledWith('https://partner.example/', '_blank', 'noopener');
    const spy = vi.spyOn(window, 'open').mockReturnValue(null);
    openInNewTab('https://partner.example/x');
    expect(spy).toHaveBeenCalledWith('https://partner.example/x', '_blank', 'noopener');
    spy.mockRestore();
  });

  it('readBag answers the item count', async () => {
    const { actors } = deliveryLandingImplementations({ readItemCount: () => 4 });
    const a = createActor(actors.readBag).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().output).toEqual({ itemCount: 4 });
  });
});
