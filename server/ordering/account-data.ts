import type { Db } from '../db/db.ts';
import { now } from '../clock.ts';
import {
  EXPRESS_ORDER_TYPE,
  ORDERING_LIMITS,
  OrderingCodes,
  PricingCodes,
  REGULAR_ORDER_TYPE,
  itemKey,
  visiblePreviousOrders,
  type AnsweredChildItem,
  type BasketItem,
  type FavoriteItemInput,
  type FavoriteProduct,
  type PreviousOrder,
} from '../../contracts/ordering.ts';
import { availability, catalog, imageUrl, offeredOn, sizePrice, storeCtx, type Catalog, type StoreCtx } from './catalog.ts';
import { orderingError } from './errors.ts';
import { orderLines, orderOfToken, statusAt, visibleOrder, type OrderRow } from './orders.ts';
import { randomId } from './pricing.ts';
import { appendStoreEvent, lockStore } from './events.ts';

/** Previous orders, favorite products and curbside arrivals (each keyed by the caller: no one sees another's). */

async function ctxOrNull(db: Db, storeNumber: string | undefined): Promise<StoreCtx | null> {
  if (!storeNumber) return null;
  const ctx = await storeCtx(db, storeNumber);
  if (!ctx) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  return ctx;
}

export async function previousOrders(db: Db, userId: string, q: { storeNumber?: string; limit: number; locale: string }): Promise<{ previousOrders: PreviousOrder[]; locale: string; storeNumber: string | null }> {
  const cat = await catalog(db);
  const ctx = await ctxOrNull(db, q.storeNumber);
  // with the store's time zone: the list shows times as the store's, like the slots (issue 30)
  const rows = (await db.query<OrderRow & { time_zone_id: string }>(`select o.*, s.store_number, s.name as store_name, s.time_zone_id from orders o join stores s on s.short_number = o.short_number where o.user_id = $1 order by o.placed_at desc, o.order_id limit $2`, [userId, q.limit])).rows;
  const at = now();
  const lines = await orderLines(db, rows.map((r) => r.order_id));
  const ctxCache = new Map<string, StoreCtx | null>();
  const out: PreviousOrder[] = [];
  for (const o of rows) {
    let here = ctx;
    if (!here) {
      if (!ctxCache.has(o.short_number)) ctxCache.set(o.short_number, await storeCtx(db, o.short_number));
      here = ctxCache.get(o.short_number) ?? null;
    }
    const items: BasketItem[] = (lines.get(o.order_id) ?? []).map((l) => {
      const p = cat.products.get(l.productNumber);
      return {
        product: { productNumber: p ? p.product_number : null, formCode: l.formCode, name: l.name, imageURL: imageUrl(p?.image_key ?? 'p-0'), availability: p ? availability(cat, p, here) : 'NotOrderable' },
        size: { sku: l.sku, sizeCode: l.sizeCode, name: l.sizeName },
        childItems: l.childItems.map((c) => ({ commerce: { sku: c.sku }, optionProductNumber: c.optionProductNumber, name: c.name, sizeCode: c.sizeCode ?? null, quantity: c.quantity })),
        quantity: l.quantity,
      };
    });
    const express = items.length > 0 && items.every((i) => i.product.availability === 'Available');
    out.push({
      orderId: o.order_id,
      orderType: express ? EXPRESS_ORDER_TYPE : REGULAR_ORDER_TYPE,
      basket: { items },
      expressOrder: express ? { orderToken: null } : null, // the order token is not kept (only its hash)
      locale: o.locale,
      storeNumber: o.store_number,
      storeName: o.store_name,
      timeZone: o.time_zone_id,
      status: statusAt(o, at),
      placedAt: new Date(o.placed_at).toISOString(),
      total: o.total_cents,
      currency: o.currency,
    });
  }
  return { previousOrders: visiblePreviousOrders(out), locale: q.locale, storeNumber: ctx?.row.store_number ?? null };
}

// ---- favorites --------------------------------------------------------------------------------------------------

type FavRow = { id: string; item_key: string; product_number: number; form_code: string; item: FavoriteItemInput & { sizeCode: string } };

/**
 * A saved option as the client needs it to rebuild the cart item (option number, name, level): read from the menu
 * by its sku, so favorites saved before these fields existed answer them too. An option the menu no longer has is
 * dropped (the bag would refuse it at pricing).
 */
function answeredChildren(cat: Catalog, children: ReadonlyArray<{ commerce: { sku: string }; quantity: number }>): AnsweredChildItem[] {
  return children.flatMap((c) => {
    const o = cat.optionSkus.get(c.commerce.sku);
    return o ? [{ commerce: { sku: c.commerce.sku }, optionProductNumber: o.option.option_product_number, name: o.option.name, sizeCode: o.sizeCode, quantity: c.quantity }] : [];
  });
}

function favoriteOut(cat: Catalog, r: FavRow, ctx: StoreCtx | null): FavoriteProduct {
  const p = cat.products.get(Number(r.product_number))!;
  const forms = cat.forms.get(p.product_number) ?? [];
  const sizes = cat.sizesByForm.get(`${p.product_number}:${r.form_code}`) ?? [];
  return {
    id: r.id,
    product: {
      productNumber: p.product_number,
      formCode: r.form_code,
      name: p.name,
      imageURL: imageUrl(p.image_key),
      availability: availability(cat, p, ctx),
      forms: forms.map((f) => ({ formCode: f.form_code, name: f.name })),
      sizes: sizes.map((s) => ({ sku: s.sku, sizeCode: s.size_code, name: s.name, price: ctx ? sizePrice(s, ctx) : null })),
    },
    item: { commerce: r.item.commerce, sizeCode: r.item.sizeCode, quantity: r.item.quantity, childItems: answeredChildren(cat, r.item.childItems) },
    itemKey: r.item_key,
  };
}

export async function favoriteProducts(db: Db, userId: string, q: { storeNumber?: string; locale: string }) {
  const cat = await catalog(db);
  const ctx = await ctxOrNull(db, q.storeNumber);
  const rows = (await db.query<FavRow>('select id, item_key, product_number, form_code, item from favorite_products where user_id = $1 order by created_at desc, id', [userId])).rows;
  const favoriteProducts = rows.filter((r) => cat.products.has(Number(r.product_number))).map((r) => favoriteOut(cat, r, ctx));
  return { favoriteProducts, ids: favoriteProducts.map((f) => f.id), locale: q.locale, storeNumber: ctx?.row.store_number ?? null };
}

export async function addFavoriteProduct(db: Db, userId: string, input: { locale: string; item: FavoriteItemInput }): Promise<{ favoriteProduct: FavoriteProduct; alreadyFavorite: boolean }> {
  const cat = await catalog(db);
  const size = cat.sizes.get(input.item.commerce.sku);
  const product = size ? cat.products.get(size.product_number) : undefined;
  if (!size || !product || product.hidden) throw orderingError(PricingCodes.itemsNotFound, { field: 'item.commerce.sku', skus: [input.item.commerce.sku] });
  const links = cat.links.get(product.product_number);
  const bad = input.item.childItems.filter((c) => {
    const o = cat.optionSkus.get(c.commerce.sku);
    const link = o ? links?.get(o.option.option_product_number) : undefined;
    return !o || !link || !offeredOn(link, size.form_code) || c.quantity > o.option.max_quantity;
  });
  if (bad.length) throw orderingError(PricingCodes.itemsNotFound, { field: 'item.childItems', skus: bad.map((c) => c.commerce.sku) });
  const key = itemKey(product.product_number, size.form_code, size.size_code, input.item.childItems);
  const item = { ...input.item, sizeCode: size.size_code };
  // conditional insert under the member's row lock: never more than the maximum, even for parallel adds
  const r = await db.transaction(async (tx) => {
    await tx.query('select 1 from users where id = $1 for update', [userId]);
    return tx.query<FavRow>(
    `insert into favorite_products (id, user_id, item_key, product_number, form_code, item, locale)
     select $1, $2, $3, $4, $5, $6::jsonb, $7 where (select count(*) from favorite_products where user_id = $2) < $8
     on conflict (user_id, item_key) do nothing returning id, item_key, product_number, form_code, item`,
      [randomId('fav_', 20), userId, key, product.product_number, size.form_code, JSON.stringify(item), input.locale, ORDERING_LIMITS.maximumFavorites],
    );
  });
  if (r.rows[0]) return { favoriteProduct: favoriteOut(cat, r.rows[0], null), alreadyFavorite: false };
  const existing = (await db.query<FavRow>('select id, item_key, product_number, form_code, item from favorite_products where user_id = $1 and item_key = $2', [userId, key])).rows[0];
  if (existing) return { favoriteProduct: favoriteOut(cat, existing, null), alreadyFavorite: true };
  throw orderingError(OrderingCodes.favoritesMaximum);
}

export async function deleteFavoriteProduct(db: Db, userId: string, id: string) {
  const r = await db.query('delete from favorite_products where id = $1 and user_id = $2', [id, userId]);
  if (r.rowCount !== 1) throw orderingError(OrderingCodes.favoriteNotFound, { field: 'favoriteProductId' });
  return { favoriteProductId: id };
}

// ---- curbside ---------------------------------------------------------------------------------------------------

export async function createCustomerArrival(
  db: Db,
  a: { pickUpOption: '16' | 'DT' | 'CX'; storeNumber: string; orderToken?: string | null | undefined; orderId?: string | null | undefined; displayName: string; stallNumber?: number | null | undefined },
  userId: string | null = null,
) {
  // the order: by its token (a guest, or a member with the token in this browser; with orderId too, the token's
  // order must be that one), else by orderId for its signed-in owner (docs/order-status.md 1: the tracker's
  // "I'm here" names its order, never "the last order on this device")
  const o = a.orderToken
    ? await orderOfToken(db, a.orderToken)
    : a.orderId
      ? ((await visibleOrder(db, a.orderId, { userId, orderToken: null })) ?? undefined)
      : undefined;
  const ctx = await storeCtx(db, a.storeNumber);
  if (!o || (a.orderId && o.order_id !== a.orderId) || !ctx || o.short_number !== ctx.short) throw orderingError(OrderingCodes.orderNotFound, { field: a.orderToken ? 'orderToken' : 'orderId' });
  let stall: number | null = null;
  if (a.pickUpOption === 'CX') {
    const mo = ctx.row.mobile_ordering;
    if (!ctx.row.pickup_options.some((p) => p.code === 'CX') || mo.curbsideAvailability === 'unavailable') throw orderingError(OrderingCodes.curbsideUnavailable);
    if (mo.curbsideAvailability === 'closed') throw orderingError(OrderingCodes.curbsideClosed);
    const stalls = mo.stallQuantity || ORDERING_LIMITS.defaultStallQuantity;
    if (typeof a.stallNumber !== 'number' || a.stallNumber < 1 || a.stallNumber > stalls) throw orderingError(OrderingCodes.stallInvalid, { field: 'customerArrivalInput.stallNumber', stallQuantity: stalls });
    stall = a.stallNumber;
  }
  const at = now();
  const arrivalId = randomId('arr_', 20);
  await db.transaction(async (tx) => {
    // the store lock first (the one lock order of docs/order-status.md 3.2), then the rows, then the `arrival` event:
    // an open console shows 'Arrived · stall {n}' and the customer's tracker the check-in, both without a reload
    await lockStore(tx, ctx.short);
    await tx.query('insert into customer_arrivals (arrival_id, order_id, short_number, pickup_option, display_name, stall_number, created_at) values ($1, $2, $3, $4, $5, $6, $7)', [
      arrivalId,
      o.order_id,
      ctx.short,
      a.pickUpOption,
      a.displayName,
      stall,
      at,
    ]);
    await tx.query('update orders set arrived_at = $2, arrival_pickup_option = $3, arrival_stall = $4, arrival_display_name = $5 where order_id = $1', [o.order_id, at, a.pickUpOption, stall, a.displayName]);
    await appendStoreEvent(tx, { short: ctx.short, orderId: o.order_id, kind: 'arrival', data: { orderId: o.order_id, stallNumber: stall, displayName: a.displayName, arrivedAt: at.toISOString() }, actor: o.user_id ?? 'guest' });
  });
  return { arrivalId, orderId: o.order_id, storeNumber: ctx.row.store_number, stallNumber: stall, arrivedAt: at.toISOString() };
}
