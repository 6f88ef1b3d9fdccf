import type { Queryable } from '../db/db.ts';

/** The member's Stars balance (0 without a row). */
export const balanceOf = async (db: Queryable, u: string) => (await db.query<{ balance: number }>('select balance from stars_balances where user_id = $1', [u])).rows[0]?.balance ?? 0;

/** The ledger invariant (docs/rewards.md 3.1): balance = sum(delta); balance_after >= 0 and each row's balance_after = the previous + delta. */
export async function ledgerProblems(db: Queryable, userId: string): Promise<string[]> {
  const rows = (await db.query<{ id: string; delta: number; balance_after: number }>('select id, delta, balance_after from stars_ledger where user_id = $1 order by id', [userId])).rows;
  const problems: string[] = [];
  let run = 0;
  for (const r of rows) {
    run += r.delta;
    if (r.balance_after < 0) problems.push(`row ${r.id}: balance_after ${r.balance_after} < 0`);
    if (r.balance_after !== run) problems.push(`row ${r.id}: balance_after ${r.balance_after}, the ledger says ${run}`);
  }
  const bal = await balanceOf(db, userId);
  if (bal !== run) problems.push(`balance ${bal}, sum(delta) ${run}`);
  return problems;
}
