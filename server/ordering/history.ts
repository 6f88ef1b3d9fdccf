import type { Db, Queryable } from '../db/db.ts';
import { now } from '../clock.ts';
import { ApiError } from '../http/errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { EXCLUDED_PREVIOUS_PRODUCT_NUMBERS, OrderingCodes, OrderingMessages, PricingCodes, type BasketItem, type PricedItem } from '../../contracts/ordering.ts';
import type { HistoryItem, HistoryOrder, OrderHistoryPage, OrderReceipt, ReorderCheck } from '../../contracts/order-history.ts';
import { availability, catalog, imageUrl, storeCtx } from './catalog.ts';
import { orderingError } from './errors.ts';
import { orderLines, statusAt, type OrderRow } from './orders.ts';

/**
 * Order history, receipt and reorder check (docs/home.md 3.5): a member's own orders only. Another member's order
 * answers exactly as an unknown one (404 ORDER_NOT_FOUND), so an order id tells nothing about who placed it.
 *
 * History is keyset-paginated on (placed_at desc, order_id desc) (index orders_user_keyset, migration 071): a page
 * never repeats or skips an order when orders share a placed_at, and a new order placed while paging does not shift
 * the later pages.
 */

type HistoryRow = OrderRow & { time_zone_id: string; card_number: string | null; pm_type: string | null; pm_last_four: string | null };

const HISTORY_SELECT = `select o.*, s.store_number, s.name as store_name, s.time_zone_id,
    c.card_number, pm.payment_type as pm_type, pm.last_four as pm_last_four
  from orders o join stores s on s.short_number = o.short_number
  left join stored_value_cards c on c.card_id = o.card_id
  left join payment_methods pm on pm.payment_method_id = o.payment_method_id`;

const BRAND: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** the payment's label: 'Harbor Card •••• 0001', 'Visa •••• 4242', 'PayPal' (a guest's one-time card: 'Card') */
export function paymentLabel(r: Pick<HistoryRow, 'tender' | 'card_number' | 'pm_type' | 'pm_last_four'>): string {
  if (r.tender === 'SVC') return r.card_number ? `Harbor Card •••• ${r.card_number.slice(-4)}` : 'Harbor Card';
  if (r.tender === 'PAYPAL' || r.pm_type === 'paypal') return 'PayPal';
  if (r.tender === 'CREDIT_CARD' && r.pm_type) return `${BRAND[r.pm_type] ?? r.pm_type} •••• ${r.pm_last_four ?? ''}`.trim();
  return 'Card';
}

function historyItem(l: PricedItem): HistoryItem {
  return {
    name: l.name,
    sizeName: l.sizeName,
    quantity: l.quantity,
    options: l.childItems.map((c) => ({ name: c.name, quantity: c.quantity, price: c.price })),
    price: l.totalPrice,
    discount: l.discount,
  };
}

function historyOrder(o: HistoryRow, lines: PricedItem[], at: Date): HistoryOrder {
  return {
    orderId: o.order_id,
    placedAt: new Date(o.placed_at).toISOString(),
    store: { storeNumber: o.store_number, name: o.store_name, timeZone: o.time_zone_id },
    pickupOption: o.collection_type,
    items: lines.map(historyItem),
    total: o.total_cents,
    currency: o.currency,
    payment: paymentLabel(o),
    starsEarned: o.stars_earned,
    status: statusAt(o, at),
  };
}

const badCursor = () => new ApiError(400, GenericCodes.badRequest, 'cursor: not a cursor', { field: 'cursor' });

export function encodeCursor(placedAt: Date, orderId: string): string {
  return Buffer.from(`${placedAt.toISOString()}|${orderId}`, 'utf8').toString('base64url');
}
export function decodeCursor(cursor: string): { at: Date; orderId: string } {
  const [iso, orderId, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (rest.length || !orderId || !/^ord_[A-Za-z0-9]{10,40}$/.test(orderId) || Number.isNaN(at.getTime()) || at.toISOString() !== iso) throw badCursor();
  return { at, orderId };
}

/** one page of the member's orders, newest first; `nextCursor` null on the last page */
export async function orderHistory(db: Queryable, userId: string, q: { limit: number; cursor?: string | undefined }): Promise<OrderHistoryPage> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = (
    await db.query<HistoryRow>(
      after
        ? `${HISTORY_SELECT} where o.user_id = $1 and (o.placed_at, o.order_id) < ($3::timestamptz, $4::text) order by o.placed_at desc, o.order_id desc limit $2`
        : `${HISTORY_SELECT} where o.user_id = $1 order by o.placed_at desc, o.order_id desc limit $2`,
      after ? [userId, q.limit + 1, after.at, after.orderId] : [userId, q.limit + 1],
    )
  ).rows;
  const page = rows.slice(0, q.limit);
  const lines = await orderLines(db, page.map((r) => r.order_id));
  const at = now();
  const last = page[page.length - 1];
  return {
    orders: page.map((o) => historyOrder(o, lines.get(o.order_id) ?? [], at)),
    nextCursor: rows.length > q.limit && last ? encodeCursor(new Date(last.placed_at), last.order_id) : null,
  };
}

async function ownOrder(db: Queryable, userId: string, orderId: string): Promise<HistoryRow> {
  const o = (await db.query<HistoryRow>(`${HISTORY_SELECT} where o.order_id = $1 and o.user_id = $2`, [orderId, userId])).rows[0];
  if (!o) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
  return o;
}

type QuoteResult = { summary?: { taxIncluded?: boolean }; store?: { taxIncludedNote?: boolean }; cart?: { offers?: Array<{ description?: string; hasBeenApplied?: boolean }> } };

/** the receipt of one of the member's orders */
export async function orderReceipt(db: Queryable, userId: string, orderId: string): Promise<OrderReceipt> {
  const o = await ownOrder(db, userId, orderId);
  const lines = (await orderLines(db, [o.order_id])).get(o.order_id) ?? [];
  const q = (await db.query<{ result: QuoteResult }>('select result from order_quotes where order_id = $1', [o.order_id])).rows[0]?.result ?? {};
  const base = historyOrder(o, lines, now());
  return {
    ...base,
    subtotal: o.subtotal_cents,
    discount: o.discount_cents,
    offers: (q.cart?.offers ?? []).filter((x) => x.hasBeenApplied && x.description).map((x) => x.description!),
    tax: o.tax_cents,
    taxIncluded: q.summary?.taxIncluded ?? false,
    taxIncludedNote: q.store?.taxIncludedNote ? OrderingMessages.caTaxNote : null,
    tip: o.tip_cents,
    tenders: [{ label: base.payment, amount: o.total_cents }],
    starsSpent: o.stars_spent,
  };
}

/** the order's items as cart items, with what the store cannot make now named and left out */
export async function reorderCheck(db: Db, userId: string, q: { orderId: string; storeNumber: string }): Promise<ReorderCheck> {
  const o = await ownOrder(db, userId, q.orderId);
  const ctx = await storeCtx(db, q.storeNumber);
  if (!ctx) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  const cat = await catalog(db);
  const items: BasketItem[] = [];
  const unavailable: ReorderCheck['unavailable'] = [];
  for (const l of (await orderLines(db, [o.order_id])).get(o.order_id) ?? []) {
    const p = cat.products.get(l.productNumber);
    const why = !p || EXCLUDED_PREVIOUS_PRODUCT_NUMBERS.includes(l.productNumber) ? 'NotOrderable' : availability(cat, p, ctx);
    if (why !== 'Available' || !p) {
      unavailable.push({ name: l.name, reason: why });
      continue;
    }
    items.push({
      product: { productNumber: p.product_number, formCode: l.formCode, name: l.name, imageURL: imageUrl(p.image_key), availability: 'Available' },
      size: { sku: l.sku, sizeCode: l.sizeCode, name: l.sizeName },
      childItems: l.childItems.map((c) => ({ commerce: { sku: c.sku }, optionProductNumber: c.optionProductNumber, name: c.name, sizeCode: c.sizeCode ?? null, quantity: c.quantity })),
      quantity: l.quantity,
    });
  }
  return { storeNumber: ctx.row.store_number, items, unavailable };
}
