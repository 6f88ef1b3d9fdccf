import * as v from 'valibot';
import type { Hono } from 'hono';
import { OrderId, OrderToken, ProductNumberParam, ProductQuery, OrderingCodes, waitLabel } from '../../contracts/ordering.ts';
import { ShortStoreNumber } from '../../contracts/store-number.ts';
import type { AppEnv } from '../http/types.ts';
import { parse } from '../http/validate.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { now } from '../clock.ts';
import { artFor } from './art.ts';
import { catalog } from './catalog.ts';
import { orderingError } from './errors.ts';
import { productResponse } from './product.ts';
import { ORDER_SELECT, orderLines, statusAt, summary, visibleOrder, type OrderRow } from './orders.ts';
import { ORDER_ALREADY_CANCELLED } from './cancel.ts';
import { CancelReason } from '../../contracts/order-status.ts';
import { advanceAction, transitionOrder } from './status.ts';
import { StoreNumber } from '../../contracts/store-number.ts';
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../contracts/html.ts';
import { isLoopback } from '../cards/dev-register.ts';

/**
 * REST calls of ordering (spec 7): the product by number (Accept-Language, store number) and the pickup time
 * of an order; the menu art. The GraphQL operations are in graphql.ts.
 */
const LOCALES = ['en-US', 'en-CA', 'fr-CA', 'en-GB'];
/** the first supported locale of an Accept-Language header, else en-US */
export function localeOf(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    const hit = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase()) ?? LOCALES.find((l) => tag.length === 2 && l.startsWith(`${tag.toLowerCase()}-`));
    if (hit) return hit;
  }
  return 'en-US';
}

const PickupParams = v.object({ orderId: OrderId, storeNumber: ShortStoreNumber });

export function registerOrderingRoutes(app: Hono<AppEnv>) {
  app.get('/apiproxy/v1/ordering/pickup-time/:orderId/:storeNumber', async (c) => {
    const p = parse(PickupParams, c.req.param());
    const tokenHeader = c.req.header('x-order-token');
    const orderToken = tokenHeader === undefined ? null : parse(v.object({ 'x-order-token': OrderToken }), { 'x-order-token': tokenHeader })['x-order-token'];
    const { db } = c.var.deps;
    const o = await visibleOrder(db, p.orderId, { userId: c.var.session?.userId ?? null, orderToken });
    if (!o || o.short_number !== p.storeNumber) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
    const at = now();
    const readyAt = new Date(o.ready_estimate_at);
    const left = Math.max(0, Math.round((readyAt.getTime() - at.getTime()) / 60_000));
    const status = statusAt(o, at);
    const [min, max] = status === 'placed' || status === 'preparing' ? [left, left + 5] : [0, 0];
    const wait = { minMinutes: min, maxMinutes: max, label: waitLabel(min, max) };
    return c.json({ orderId: o.order_id, storeNumber: o.store_number, orderTime: new Date(o.placed_at).toISOString(), pickupTime: readyAt.toISOString(), status: statusAt(o, at), wait });
  });

  app.get('/apiproxy/v1/ordering/:productNumber', async (c) => {
    const { productNumber } = parse(v.object({ productNumber: ProductNumberParam }), c.req.param());
    const q = parse(ProductQuery, c.req.query());
    return c.json(await productResponse(c.var.deps.db, { productNumber, formCode: q.formCode, storeNumber: q.storeNumber, locale: localeOf(c.req.header('accept-language')) }));
  });

  app.get('/images/menu/:file', async (c) => {
    const m = /^([a-z0-9-]{1,70})\.svg$/.exec(c.req.param('file'));
    const body = m ? artFor(await catalog(c.var.deps.db), m[1]!) : null;
    if (!body) throw notFound('No such image.');
    return c.body(body, 200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' });
  });
}

/**
 * The barista's side (development only, loopback callers: server/routes/dev.ts DEV_PREFIXES): incoming orders of
 * a store and a button that moves an order one status on (docs/ordering.md "Order status").
 * - GET  /apiproxy/v1/dev/orders?storeNumber=10001
 * - POST /apiproxy/v1/dev/orders/{orderId}/advance
 * - POST /apiproxy/v1/dev/orders/{orderId}/cancel { reason? (a CancelReason code, default 'other') }: cancel and
 *   refund through transitionOrder, the console's path (server/ordering/status.ts)
 */
function boardPage(nonce: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev order board</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;margin:1.5rem;max-width:48rem}label{display:block;margin:.5rem 0 .25rem}input{font:inherit;padding:.4rem}button{font:inherit;padding:.3rem .8rem}table{border-collapse:collapse;width:100%;margin-top:1rem}th,td{border-bottom:1px solid #ccc;padding:.4rem;text-align:left}</style>
</head><body><main>
<h1>Development order board</h1>
<p>Incoming orders of a store, as the barista sees them. Development only. Advance moves an order one status on. For real use: /store/{n}/orders</p>
<form id="store"><label for="storeNumber">Store number</label><input id="storeNumber" name="storeNumber" value="10003" inputmode="numeric"> <button type="submit">Show orders</button></form>
<table><caption>Orders</caption><thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Pickup</th><th scope="col">Total</th><th scope="col">Status</th><th scope="col">Arrived</th><th scope="col">Action</th></tr></thead><tbody id="rows"></tbody></table>
<p id="msg" role="status" aria-live="polite"></p>
</main>
<script nonce="${nonce}">
const rows = document.getElementById('rows');
const csrf = () => (document.cookie.match(/(?:^|; )csrf=([^;]+)/) || [])[1] || '';
async function load() {
  const store = document.getElementById('storeNumber').value.trim();
  const res = await fetch('/apiproxy/v1/dev/orders' + (store ? '?storeNumber=' + encodeURIComponent(store) : ''));
  const body = await res.json();
  rows.replaceChildren();
  if (!res.ok) { document.getElementById('msg').textContent = body.message; return; }
  for (const o of body.orders) {
    const tr = document.createElement('tr');
    const cell = (t) => { const td = document.createElement('td'); td.textContent = t; tr.append(td); };
    cell(o.orderId.slice(-8)); cell(new Date(o.placedAt).toLocaleTimeString()); cell(o.pickupOption); cell('$' + (o.total / 100).toFixed(2)); cell(o.status);
    cell(o.arrival ? (o.arrival.displayName + (o.arrival.stallNumber ? ', stall ' + o.arrival.stallNumber : '')) : '');
    const td = document.createElement('td'); const b = document.createElement('button'); b.type = 'button'; b.textContent = 'Advance'; b.disabled = o.status === 'picked_up' || o.status === 'cancelled';
    b.addEventListener('click', async () => { await fetch('/apiproxy/v1/dev/orders/' + o.orderId + '/advance', { method: 'POST', headers: { 'x-csrf-token': csrf() } }); load(); });
    const x = document.createElement('button'); x.type = 'button'; x.textContent = 'Cancel and refund'; x.disabled = o.status === 'cancelled';
    x.addEventListener('click', async () => { const r = await fetch('/apiproxy/v1/dev/orders/' + o.orderId + '/cancel', { method: 'POST', headers: { 'x-csrf-token': csrf(), 'content-type': 'application/json' }, body: '{}' }); document.getElementById('msg').textContent = r.ok ? 'Cancelled' : (await r.json()).message; load(); });
    td.append(b, ' ', x); tr.append(td); rows.append(tr);
  }
  document.getElementById('msg').textContent = body.orders.length + ' orders';
}
document.getElementById('store').addEventListener('submit', (e) => { e.preventDefault(); load(); });
load();
</script>
</body></html>`;
}

export function registerDevOrders(app: Hono<AppEnv>) {
  app.get('/dev/orders', (c) => {
    if (!isLoopback(c)) throw notFound('No such page.');
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
    c.header('Cache-Control', 'no-store');
    return c.html(boardPage(escapeHtml(nonce)));
  });
  app.get('/apiproxy/v1/dev/orders', async (c) => {
    const q = parse(v.object({ storeNumber: v.optional(StoreNumber) }), c.req.query());
    const { db } = c.var.deps;
    const rows = q.storeNumber
      ? (await db.query<OrderRow>(`${ORDER_SELECT} where o.short_number = $1 order by o.placed_at desc limit 50`, [q.storeNumber.split('-')[0]])).rows
      : (await db.query<OrderRow>(`${ORDER_SELECT} order by o.placed_at desc limit 50`)).rows;
    const at = now();
    return c.json({
      orders: rows.map((o) => ({ orderId: o.order_id, storeNumber: o.store_number, status: statusAt(o, at), placedAt: new Date(o.placed_at).toISOString(), readyEstimateAt: new Date(o.ready_estimate_at).toISOString(), total: o.total_cents, pickupOption: o.collection_type, arrival: o.arrived_at ? { stallNumber: o.arrival_stall, displayName: o.arrival_display_name } : null })),
    });
  });
  app.post('/apiproxy/v1/dev/orders/:orderId/advance', async (c) => {
    const { orderId } = parse(v.object({ orderId: OrderId }), c.req.param());
    const { db } = c.var.deps;
    const o = (await db.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [orderId])).rows[0];
    if (!o) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
    const at = now();
    const current = statusAt(o, at);
    const action = advanceAction(current);
    if (!action) return c.json({ orderId, status: current });
    // the one way a status changes (docs/order-status.md 3.2): the status event reaches the customer's tracker
    const done = await transitionOrder(db, { orderId, short: o.short_number, action, expected: current, actor: 'dev' }, at);
    return c.json({ orderId, status: done.order.status });
  });
  // the console's cancel path (transitionOrder: store lock, refund through the money core, Stars back, the
  // `status` event that reaches the customer's tracker and every console); the board's reason defaults to 'other'
  app.post('/apiproxy/v1/dev/orders/:orderId/cancel', async (c) => {
    const { orderId } = parse(v.object({ orderId: OrderId }), c.req.param());
    const body = parse(CancelBody, await c.req.json().catch(() => ({})));
    const { db } = c.var.deps;
    const at = now();
    const o = (await db.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [orderId])).rows[0];
    if (!o) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
    const current = statusAt(o, at);
    if (current === 'cancelled') throw new ApiError(409, ORDER_ALREADY_CANCELLED, 'This order is already cancelled.', { field: 'orderId' });
    const done = await transitionOrder(db, { orderId, short: o.short_number, action: 'cancel', expected: current, actor: 'dev', reason: body.reason ?? 'other' }, at);
    const after = (await db.query<OrderRow>(`${ORDER_SELECT} where o.order_id = $1`, [orderId])).rows[0]!;
    const items = (await orderLines(db, [orderId])).get(orderId) ?? [];
    return c.json({ order: summary(after, items, now()), refunded: done.refund?.amount ?? 0, starsReturned: done.starsReturned, starsReversed: done.starsReversed });
  });
}

const CancelBody = v.object({ reason: v.optional(CancelReason) });
