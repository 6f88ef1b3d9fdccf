/**
 * STUB by R1 (ledger) so that the earn hook compiles before R2's bonus offers land: R2 owns this file and replaces
 * it (keep these two signatures; server/rewards/stars.ts calls them inside the order's transaction).
 */
import type { Queryable } from '../db/db.ts';

/**
 * The bonus an order earns on top of `base` Stars (docs/rewards.md 3.5), with its use taken (count offers);
 * null when none applies. stars.ts writes the 'bonus' ledger row (source_ref = offerCode) and the balance.
 */
export async function orderBonus(tx: Queryable, o: { userId: string; orderId: string; base: number; at: Date }): Promise<{ extra: number; offerCode: string } | null> {
  void tx;
  void o;
  return null;
}

/** a cancelled order gives its count-bonus use back (called by cancelOrder when the order had a bonus row) */
export async function returnOrderBonus(tx: Queryable, o: { userId: string; orderId: string; offerCode: string }): Promise<void> {
  void tx;
  void o;
}
