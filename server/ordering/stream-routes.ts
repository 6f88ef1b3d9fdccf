import * as v from 'valibot';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import { parse } from '../http/validate.ts';
import { ApiError } from '../http/errors.ts';
import { clientOf } from '../http/client.ts';
import { now } from '../clock.ts';
import { OrderToken, OrderingCodes, PricingCodes } from '../../contracts/ordering.ts';
import { OrderIdParam, type EventsPoll, type StoreEvent } from '../../contracts/order-status.ts';
import { StoreNumberParam, shortStoreNumber } from '../../contracts/store-number.ts';
import { orderingError } from './errors.ts';
import { visibleOrder, type OrderRow } from './orders.ts';
import { EVENT_COLUMNS, lastEventIdOf, normaliseRow, toStoreEvent, type EventRow } from './events.ts';
import { hubFor, type Scope, type Sink, type StaffGuard } from './stream.ts';
import { trackerSnapshot } from './tracker.ts';

/**
 * The customer's live order status and the menu's stock over Server-Sent Events (docs/order-status.md 3.7):
 * - GET /apiproxy/v1/ordering/orders/{orderId}/tracker: the snapshot (owner session or X-Order-Token)
 * - GET /apiproxy/v1/ordering/orders/{orderId}/events: SSE (status, eta, arrival); Last-Event-ID or ?lastEventId=
 * - GET /apiproxy/v1/ordering/orders/{orderId}/events.json?after=: the polling fallback
 * - GET /apiproxy/v1/ordering/stores/{storeNumber}/stock-events (+ .json?after=): the store's stock events
 * `sseResponse` is exported for the console's store stream (S2: after requireStaff).
 */
const EventId = v.pipe(v.string(), v.regex(/^[0-9]{1,15}$/, 'not an event id'), v.transform(Number));

function lastEventIdOfRequest(c: Context<AppEnv>): number {
  const header = c.req.header('last-event-id');
  const query = c.req.query('lastEventId');
  const raw = header ?? query;
  if (raw === undefined || raw === '') return 0;
  return parse(v.object({ lastEventId: EventId }), { lastEventId: raw }).lastEventId;
}

async function visible(c: Context<AppEnv>): Promise<OrderRow & { driven_by: 'clock' | 'console'; cancelled_at: Date | null }> {
  const { orderId } = parse(v.object({ orderId: OrderIdParam }), c.req.param());
  const tokenHeader = c.req.header('x-order-token');
  const orderToken = tokenHeader === undefined ? null : parse(v.object({ 'x-order-token': OrderToken }), { 'x-order-token': tokenHeader })['x-order-token'];
  const o = await visibleOrder(c.var.deps.db, orderId, { userId: c.var.session?.userId ?? null, orderToken });
  if (!o) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
  return o as OrderRow & { driven_by: 'clock' | 'console'; cancelled_at: Date | null };
}

async function storeOf(c: Context<AppEnv>): Promise<string> {
  const { storeNumber } = parse(v.object({ storeNumber: StoreNumberParam }), c.req.param());
  const short = shortStoreNumber(storeNumber);
  const r = await c.var.deps.db.query('select 1 from stores where short_number = $1', [short]);
  if (!r.rows.length) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  return short;
}


/** an SSE response on the process's hub: the limits answer 503 / 429 with Retry-After before any byte is sent */
export async function sseResponse(c: Context<AppEnv>, scope: Scope, guard: StaffGuard | null = null): Promise<Response> {
  const lastEventId = lastEventIdOfRequest(c);
  const hub = hubFor(c.var.deps.db);
  const ip = clientOf(c).ip ?? 'unknown';
  try {
    hub.admit(scope, ip);
  } catch (e) {
    if (e instanceof ApiError) return c.json(e.body(), e.status, { 'Retry-After': '5' });
    throw e;
  }
  const signal = c.req.raw.signal;
  let unsubscribe: (() => void) | null = null;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(ctrl) {
        controller = ctrl;
      },
      cancel() {
        ended = true;
        unsubscribe?.();
      },
    },
    { highWaterMark: Number.MAX_SAFE_INTEGER, size: (chunk) => chunk.byteLength },
  );
  const sink: Sink = {
    write(chunk) {
      if (ended) return 0;
      controller.enqueue(chunk);
      return Number.MAX_SAFE_INTEGER - (controller.desiredSize ?? 0);
    },
    close() {
      if (ended) return;
      ended = true;
      try {
        controller.close();
      } catch {
        /* already closed */
      }
    },
  };
  const onAbort = () => {
    unsubscribe?.();
    sink.close();
  };
  try {
    unsubscribe = await hub.subscribe(scope, lastEventId, sink, ip, guard);
  } catch (e) {
    if (e instanceof ApiError) return c.json(e.body(), e.status, { 'Retry-After': '5' });
    throw e;
  }
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    },
  });
}

/** the poll: events of a scope after `after` (more than the replay maximum behind: reset, refetch the snapshot) */
export async function pollAnswer(c: Context<AppEnv>, scope: Scope): Promise<EventsPoll> {
  const q = parse(v.object({ after: v.optional(EventId, '0') }), c.req.query());
  const after = q.after;
  const db = c.var.deps.db;
  const max = hubFor(db).config.replayMax;
  const where = scope.kind === 'order' ? `order_id = $1 and kind in ('status', 'eta', 'arrival')` : scope.kind === 'stock' ? `short_number = $1 and kind = 'stock'` : 'short_number = $1';
  const key = scope.kind === 'order' ? scope.orderId : scope.short;
  const r = await db.query<EventRow>(`select ${EVENT_COLUMNS} from store_events where ${where} and id > $2 order by id limit $3`, [key, after, max + 1]);
  if (r.rows.length > max) {
    const last = scope.kind === 'order' ? await lastEventIdOf(db, { orderId: scope.orderId }) : await lastEventIdOf(db, { short: scope.short, stockOnly: scope.kind === 'stock' });
    return { events: [], lastEventId: last, reset: true };
  }
  const events = r.rows.map(normaliseRow).map(toStoreEvent).filter((e): e is StoreEvent => e !== null);
  return { events, lastEventId: r.rows.length ? Number(r.rows[r.rows.length - 1]!.id) : after, reset: false };
}

export function registerOrderStreams(app: Hono<AppEnv>) {
  app.get('/apiproxy/v1/ordering/orders/:orderId/tracker', async (c) => {
    const o = await visible(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await trackerSnapshot(c.var.deps.db, o, now()));
  });
  app.get('/apiproxy/v1/ordering/orders/:orderId/events', async (c) => {
    const o = await visible(c);
    return sseResponse(c, { kind: 'order', short: o.short_number, orderId: o.order_id });
  });
  app.get('/apiproxy/v1/ordering/orders/:orderId/events.json', async (c) => {
    const o = await visible(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await pollAnswer(c, { kind: 'order', short: o.short_number, orderId: o.order_id }));
  });
  app.get('/apiproxy/v1/ordering/stores/:storeNumber/stock-events', async (c) => sseResponse(c, { kind: 'stock', short: await storeOf(c) }));
  app.get('/apiproxy/v1/ordering/stores/:storeNumber/stock-events.json', async (c) => {
    const short = await storeOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await pollAnswer(c, { kind: 'stock', short }));
  });
}
