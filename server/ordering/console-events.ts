import type { Queryable } from '../db/db.ts';

/**
 * PLACEHOLDER until S1's events land (server/ordering/events.ts, migration 080 `store_events`,
 * `harbor_store_event`): the console's two touch points with the event log. Without S1's table these write nothing
 * and answer 0, so the console works by reloading its queue; with it, `appendStockEvent` calls
 * `harbor_store_event(short, null, 'stock', payload, actor)` and `storeLastEventId` reads the store's highest id.
 */
export async function appendStockEvent(tx: Queryable, e: { short: string; productNumber: number; availability: 'Available' | 'SoldOut'; actor: string }): Promise<number> {
  if (!(await hasEventLog(tx))) return 0;
  const r = await tx.query<{ id: string }>(`select harbor_store_event($1, null, 'stock', $2::jsonb, $3) as id`, [e.short, JSON.stringify({ productNumber: e.productNumber, availability: e.availability }), e.actor]);
  return Number(r.rows[0]!.id);
}

export async function storeLastEventId(db: Queryable, short: string): Promise<number> {
  if (!(await hasEventLog(db))) return 0;
  const r = await db.query<{ id: string | null }>('select max(id) as id from store_events where short_number = $1', [short]);
  return Number(r.rows[0]?.id ?? 0);
}

async function hasEventLog(db: Queryable): Promise<boolean> {
  return (await db.query<{ t: string | null }>(`select to_regclass('store_events')::text as t`)).rows[0]?.t != null;
}
