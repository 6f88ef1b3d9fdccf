import { basketDraft } from '../../../machines/ordering-types.ts';
import type { ReorderAnswer } from '../../../machines/reorder.machine.ts';
import type { AppActors } from '../app-actors.tsx';
import { cartOf } from '../cart.ts';

/**
 * Reorder's step into the cart (`addToCart` of use-reorder.ts): the app's cart actor (started from storage on first
 * use) gets `cart.add` for each available item of the answer. Loaded with the reorder check, not with the page: the
 * receipt and the home page's last order show no cart, so their first load does not carry the cart machine
 * (docs/architecture.md#performance).
 */
export function addReorderToCart(actors: AppActors, maximumItemAmount: number, answer: ReorderAnswer | null) {
  const cart = cartOf(actors, maximumItemAmount);
  for (const i of answer?.items ?? []) {
    const item = basketDraft(i);
    if (item) cart.send({ type: 'cart.add', at: Date.now(), item });
  }
}
