import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { OrderingCodes, PricingCodes } from '../../contracts/ordering.ts';
import { OrderStatusCodes, type ConsoleStockItem, type StockResponse } from '../../contracts/order-status.ts';
import { availability, catalog, storeCtx, type Catalog } from './catalog.ts';
import { orderingError } from './errors.ts';
import { appendStockEvent } from './console-events.ts';

/**
 * The console's sold-out switch (issue 29, docs/order-status.md 3.8). A product is sold out at a store when its
 * `store_product_exclusions` row says 'SoldOut' (migration 010; who and when: 082). The switch inserts that row (on)
 * or deletes it (off), and writes a `stock` event in the same transaction. It never touches a product the store does
 * not sell (a 'NotAvailableHere' row, the store's menu variant, a hidden or retired product): 409
 * PRODUCT_NOT_SOLD_HERE. Idempotent: switching to the position it has already changes nothing and writes no event.
 */
export const PRODUCT_NOT_SOLD_HERE_MESSAGE = 'This product is not sold at this store.';

/** every product the store sells (orderable, on its menu), with its sold-out position: the console's Menu tab */
export async function storeStock(db: Db, short: string): Promise<ConsoleStockItem[]> {
  const [cat, ctx] = await Promise.all([catalog(db), storeCtx(db, short)]);
  if (!ctx) return [];
  const out: ConsoleStockItem[] = [];
  for (const c of cat.categories) {
    for (const p of cat.productsByCategory.get(c.category_id) ?? []) {
      const a = availability(cat, p, ctx);
      if (a !== 'Available' && a !== 'SoldOut') continue;
      out.push({ productNumber: p.product_number, name: p.name, categoryName: c.name, soldOut: a === 'SoldOut' });
    }
  }
  return out;
}

/** `cat`: the Db's menu, read before the transaction (`catalog`) */
export async function setSoldOut(tx: Queryable, cat: Catalog, opts: { short: string; productNumber: number; soldOut: boolean; userId: string }): Promise<StockResponse> {
  const p = cat.products.get(opts.productNumber);
  if (!p) throw orderingError(OrderingCodes.productNotFound, { field: 'productNumber' });
  // the row of this store and product, locked (two tablets switching one product wait on each other)
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`stock:${opts.short}:${opts.productNumber}`]);
  const ctx = await storeCtx(tx, opts.short, cat);
  if (!ctx) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  const now = availability(cat, p, ctx);
  if (now !== 'Available' && now !== 'SoldOut') throw new ApiError(409, OrderStatusCodes.productNotSoldHere, PRODUCT_NOT_SOLD_HERE_MESSAGE, { field: 'productNumber' });
  if ((now === 'SoldOut') === opts.soldOut) return { productNumber: p.product_number, soldOut: opts.soldOut, eventId: 0 };
  if (opts.soldOut) {
    await tx.query(`insert into store_product_exclusions (short_number, product_number, reason, changed_by, changed_at) values ($1, $2, 'SoldOut', $3, now())`, [opts.short, p.product_number, opts.userId]);
  } else {
    await tx.query(`delete from store_product_exclusions where short_number = $1 and product_number = $2 and reason = 'SoldOut'`, [opts.short, p.product_number]);
  }
  const eventId = await appendStockEvent(tx, { short: opts.short, productNumber: p.product_number, availability: opts.soldOut ? 'SoldOut' : 'Available', actor: opts.userId });
  return { productNumber: p.product_number, soldOut: opts.soldOut, eventId };
}
