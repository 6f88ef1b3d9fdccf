import * as v from 'valibot';
import type { Hono } from 'hono';
import type { Db, Queryable } from '../db/db.ts';
import type { AppEnv } from '../http/types.ts';
import { ApiError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { now } from '../clock.ts';
import {
  CancelReason,
  CONSOLE_ACTION_PATHS,
  OrderActionRequest,
  OrderIdParam,
  OrderStatusCodes,
  StockRequest,
  type ConsoleAction,
  type ConsoleOrder,
  type ConsoleQueue,
  type OrderActionResponse,
} from '../../contracts/order-status.ts';
import { OrderStatusMessages } from '../../contracts/order-status-messages.ts';
import { orderLines, type OrderRow } from './orders.ts';
import { requireStaff } from './staff.ts';
import { setSoldOut, storeStock } from './stock.ts';
import { storeLastEventId } from './console-events.ts';
import { catalog } from './catalog.ts';
import { transitionOrder } from './status.ts';
import { pollAnswer, sseResponse } from './stream-routes.ts';

/**
 * The barista console's calls (issue 29, docs/order-status.md 3.5–3.7), REST under /apiproxy/v1/store/{storeNumber}:
 * - GET  /orders: the store's queue (open orders + the last hour's picked up and cancelled) and its stock
 * - POST /orders/{orderId}/{start|ready|hand-off|cancel} { expectedStatus, reason? }
 * - PUT  /stock/{productNumber} { soldOut }
 * Every call: `requireStaff` first (401 signed out, 404 unknown store, 403 STAFF_ONLY for customers and other
 * stores' staff), then the input (400). An order of another store answers 404 ORDER_NOT_FOUND (no cross-store
 * probing). Cards carry names and items only: never an email, a card number or a token.
 */
const RECENT_MS = 3600_000;

type CardRow = OrderRow & { first_name: string | null; guest_first_name: string | null };
const CARD_SELECT = `select o.*, s.store_number, s.name as store_name, u.first_name from orders o join stores s on s.short_number = o.short_number left join users u on u.id = o.user_id`;

export async function consoleCards(db: Queryable, rows: CardRow[]): Promise<ConsoleOrder[]> {
  const lines = await orderLines(db, rows.map((o) => o.order_id));
  return rows.map((o) => ({
    orderId: o.order_id,
    shortId: o.order_id.slice(-6),
    name: (o.guest ? o.guest_first_name : o.first_name) || 'Guest',
    pickupOption: o.collection_type,
    scheduledFor: o.scheduled_for ? new Date(o.scheduled_for).toISOString() : null,
    placedAt: new Date(o.placed_at).toISOString(),
    // console-driven: the stored status is the truth (docs/order-status.md 1 "Clock-driven vs console-driven")
    status: o.status,
    readyEstimateAt: o.status === 'placed' || o.status === 'preparing' ? new Date(o.ready_estimate_at).toISOString() : null,
    items: (lines.get(o.order_id) ?? []).map((l) => ({
      name: l.name,
      sizeName: l.sizeName,
      quantity: l.quantity,
      customisations: l.childItems.filter((x) => x.quantity > 0).map((x) => (x.quantity > 1 ? `${x.name} ×${x.quantity}` : x.name)),
    })),
    arrival: o.arrived_at ? { stallNumber: o.arrival_stall, displayName: o.arrival_display_name ?? '', arrivedAt: new Date(o.arrived_at).toISOString() } : null,
    total: o.total_cents,
    currency: o.currency,
    tender: o.tender,
  }));
}

export async function consoleCard(db: Queryable, orderId: string): Promise<ConsoleOrder | null> {
  const r = await db.query<CardRow>(`${CARD_SELECT} where o.order_id = $1`, [orderId]);
  return r.rows[0] ? (await consoleCards(db, r.rows))[0]! : null;
}

export async function consoleQueue(db: Db, short: string, at: Date = now()): Promise<ConsoleQueue> {
  const store = (await db.query<{ store_number: string; name: string; time_zone_id: string }>('select store_number, name, time_zone_id from stores where short_number = $1', [short])).rows[0]!;
  const lastEventId = await storeLastEventId(db, short); // before the orders: an event after this read is replayed by the feed
  const rows = (
    await db.query<CardRow>(
      `${CARD_SELECT} where o.short_number = $1 and (o.status in ('placed', 'preparing', 'ready') or o.status_set_at > $2)
       order by coalesce(o.scheduled_for, o.placed_at), o.placed_at, o.order_id limit 300`,
      [short, new Date(at.getTime() - RECENT_MS)],
    )
  ).rows;
  return { storeNumber: store.store_number, storeName: store.name, timeZone: store.time_zone_id, lastEventId, orders: await consoleCards(db, rows), stock: await storeStock(db, short) };
}

export const statusConflict = (order: ConsoleOrder | null) => new ApiError(409, OrderStatusCodes.statusConflict, OrderStatusMessages.conflict, { order });

const ACTION_BY_PATH = Object.fromEntries(Object.entries(CONSOLE_ACTION_PATHS).map(([a, p]) => [p, a])) as Record<string, ConsoleAction>;
const ActionParams = v.object({ orderId: OrderIdParam, action: v.picklist(Object.keys(ACTION_BY_PATH) as [string, ...string[]]) });
const CancelActionRequest = v.object({ ...OrderActionRequest.entries, reason: CancelReason });
const StockParams = v.object({ productNumber: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,8}$/, 'not a product number'), v.transform(Number)) });

export function registerConsoleRoutes(app: Hono<AppEnv>) {
  app.get('/apiproxy/v1/store/:storeNumber/orders', async (c) => {
    const staff = await requireStaff(c, c.req.param('storeNumber'));
    return c.json(await consoleQueue(c.var.deps.db, staff.short));
  });

  // the console's live stream of every event of the store (placed, status, eta, arrival, stock) and its poll;
  // the staff check comes first, so a customer or another store's barista never opens a stream
  app.get('/apiproxy/v1/store/:storeNumber/events', async (c) => {
    const staff = await requireStaff(c, c.req.param('storeNumber'));
    // re-checked while open (the hub's staff re-check): a removed staff row or a signed-out session ends it
    return sseResponse(c, { kind: 'store', short: staff.short }, { userId: staff.userId, sessionIdHash: c.var.session!.idHash });
  });
  app.get('/apiproxy/v1/store/:storeNumber/events.json', async (c) => {
    const staff = await requireStaff(c, c.req.param('storeNumber'));
    c.header('Cache-Control', 'no-store');
    return c.json(await pollAnswer(c, { kind: 'store', short: staff.short }));
  });

  app.post('/apiproxy/v1/store/:storeNumber/orders/:orderId/:action', async (c) => {
    const staff = await requireStaff(c, c.req.param('storeNumber'));
    const p = parse(ActionParams, { orderId: c.req.param('orderId'), action: c.req.param('action') });
    const action = ACTION_BY_PATH[p.action]!;
    // a cancel names its reason (one of CANCEL_REASONS: the customer's tracker shows it); 400 without it
    const body = parse(action === 'cancel' ? CancelActionRequest : OrderActionRequest, await c.req.json());
    const { db } = c.var.deps;
    await transitionOrder(db, { orderId: p.orderId, short: staff.short, action, expected: body.expectedStatus, actor: staff.userId, reason: body.reason ?? null });
    const out: OrderActionResponse = { order: (await consoleCard(db, p.orderId))! };
    return c.json(out);
  });

  app.put('/apiproxy/v1/store/:storeNumber/stock/:productNumber', async (c) => {
    const staff = await requireStaff(c, c.req.param('storeNumber'));
    const { productNumber } = parse(StockParams, { productNumber: c.req.param('productNumber') });
    const body = parse(StockRequest, await c.req.json());
    // the menu from the process's cache, read before the transaction (server/ordering/catalog.ts `catalog`)
    const cat = await catalog(c.var.deps.db);
    return c.json(await c.var.deps.db.transaction((tx) => setSoldOut(tx, cat, { short: staff.short, productNumber, soldOut: body.soldOut, userId: staff.userId })));
  });
}
