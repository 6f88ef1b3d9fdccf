/**
 * The cart as a root actor (docs/architecture.md#the-cart-actor): one per app, created on first use, its toasts in
 * that app's notifications, a new configured maximum passed on.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppActors } from './app-actors.tsx';
import { cartOf } from './cart.ts';
import { latteDraft } from '../../machines/__tests__/ordering-fixtures.ts';

describe('cartOf', () => {
  beforeEach(() => localStorage.clear());

  it('is one actor per app: the same for every page of an app, another for another app', () => {
    const app = createAppActors();
    const other = createAppActors();
    expect(cartOf(app, 15)).toBe(cartOf(app, 15));
    expect(cartOf(other, 15)).not.toBe(cartOf(app, 15));
  });

  it("toasts to its own app's notifications, and follows a new maximum", () => {
    const first = createAppActors();
    const second = createAppActors();
    cartOf(first, 15);
    const cart = cartOf(second, 2);
    cart.send({ type: 'cart.add', item: latteDraft('shot-first', 2), at: 1 });
    expect(cart.getSnapshot().value).toBe('full');
    cart.send({ type: 'cart.add', item: latteDraft('shot-first', 1), at: 2 });
    const toasts = (app: ReturnType<typeof createAppActors>) => JSON.stringify(app.notifications.getSnapshot().context);
    expect(toasts(second)).toContain("You've reached the item maximum for this order. Remove something to add more.");
    expect(toasts(first)).not.toContain('item maximum');
    // the configuration read again with a larger maximum: the same cart, no longer full
    expect(cartOf(second, 4)).toBe(cart);
    expect([cart.getSnapshot().context.maximumItemAmount, cart.getSnapshot().value]).toEqual([4, 'filled']);
  });
});
