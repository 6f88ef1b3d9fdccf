import type { Db } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { OrderStatusCodes, TRACKER_EVENT_KINDS, type StoreEventKind } from '../../contracts/order-status.ts';
import { streamHubConfig, type StreamHubConfig } from '../config.ts';
import { EVENT_COLUMNS, normaliseRow, toStoreEvent, type EventRow } from './events.ts';

/**
 * The per-process stream hub (docs/order-status.md 3.4): one LISTEN on `harbor_store` (PostgreSQL: its own
 * connection, reconnected by db.listen; PGlite: the one process), fan-out of each committed store event to the
 * subscribers of its scopes (a tracker: one order's status/eta/arrival; a console: the whole store; a menu: the
 * store's stock), Last-Event-ID replay, heartbeats, per-process limits and backpressure, and the end of every
 * stream at shutdown.
 *
 * Fan-out reads rows, never payloads from notifications: notifications '<short>:<id>' of stores with subscribers are
 * collected for one tick and read with ONE query (never per subscriber); each event is rendered once to its SSE
 * frame and the same bytes are queued on every subscriber's stream. Missed notifications (a reconnect of the
 * listener, and a sweep every `sweepMs` while subscribers exist) are found per store with `id > lastId`: exact
 * because ids of one store commit in id order (harbor_store_event's advisory lock). A subscriber never gets an
 * event twice (its own `lastSent`), and replay and live are stitched by holding live events back while the replay
 * runs.
 */
export type Scope = { kind: 'order'; short: string; orderId: string } | { kind: 'store'; short: string } | { kind: 'stock'; short: string };

export interface Sink {
  /** queues bytes; answers the unsent bytes after it (the hub closes a subscriber past `bufferBytes`) */
  write(chunk: Uint8Array): number;
  /** ends the response */
  close(): void;
}

/**
 * Who holds a console stream (the store scope): re-checked while it is open (docs/order-status.md 3.5): the session
 * row still there (not signed out) and the user still on the store's staff. A failed check ends the stream; the
 * client reconnects and requireStaff answers 403 (the console's forbidden view) or 401.
 */
export interface StaffGuard {
  userId: string;
  sessionIdHash: string;
}

interface Subscriber {
  scope: Scope;
  guard: StaffGuard | null;
  /** guarded subscribers: frames waiting for the staff re-check that follows each dispatch */
  gated: Array<{ id: number; frame: Uint8Array }> | null;
  sink: Sink;
  ip: string;
  lastSent: number;
  /** live frames held back while the replay runs */
  held: Array<{ id: number; frame: Uint8Array }> | null;
  timer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
}

const enc = new TextEncoder();
const HEARTBEAT = enc.encode(': hb\n\n');
const BYE = enc.encode(': bye\n\n');
const REVOKED = enc.encode(': staff access ended\n\n');

export const frameOf = (id: number, event: string, data: unknown) => enc.encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

const TRACKER_KINDS = new Set<StoreEventKind>(TRACKER_EVENT_KINDS);
function matches(scope: Scope, row: EventRow): boolean {
  if (scope.kind === 'store') return true;
  if (scope.kind === 'stock') return row.kind === 'stock';
  return row.order_id === scope.orderId && TRACKER_KINDS.has(row.kind);
}
function scopeSql(scope: Scope): { where: string; params: unknown[] } {
  if (scope.kind === 'order') return { where: `order_id = $1 and kind in ('status', 'eta', 'arrival')`, params: [scope.orderId] };
  if (scope.kind === 'stock') return { where: `short_number = $1 and kind = 'stock'`, params: [scope.short] };
  return { where: 'short_number = $1', params: [scope.short] };
}

export class StreamHub {
  readonly config: StreamHubConfig;
  private readonly byStore = new Map<string, Set<Subscriber>>();
  /** per store with subscribers: the highest id dispatched (or seen at its first subscription) */
  private readonly lastId = new Map<string, number>();
  private readonly perIp = new Map<string, number>();
  private readonly perOrder = new Map<string, number>();
  private count = 0;
  private pending = new Set<number>();
  private flushing: Promise<void> | null = null;
  private flushQueued = false;
  private unlisten: (() => Promise<void>) | null = null;
  private started: Promise<void> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private sweep: ReturnType<typeof setInterval> | null = null;
  private staffTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    config: Partial<StreamHubConfig> = {},
  ) {
    this.config = { ...streamHubConfig(), ...config };
  }

  /** LISTEN (once); subscribe awaits it, so no event committed after a subscription's replay is missed */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.unlisten = await this.db.listen('harbor_store', (payload) => this.onNotify(payload), () => this.catchUp());
      this.heartbeat = setInterval(() => this.beat(), this.config.heartbeatMs);
      this.heartbeat.unref();
      this.sweep = setInterval(() => this.catchUp(), this.config.sweepMs);
      this.sweep.unref();
      this.staffTimer = setInterval(() => {
        for (const short of this.byStore.keys()) void this.recheckStaff(short);
      }, this.config.staffRecheckMs);
      this.staffTimer.unref();
    })();
    return this.started;
  }

  get size() {
    return this.count;
  }

  /** the limits (3.4): throws the 503 / 429 before any byte of the stream is sent */
  admit(scope: Scope, ip: string): void {
    const c = this.config;
    if (this.stopped || this.count >= c.maxPerProcess) throw new ApiError(503, OrderStatusCodes.streamsFull, 'Too many live connections. Try again shortly.', { retryAfter: 5 });
    if (c.maxPerIp > 0 && (this.perIp.get(ip) ?? 0) >= c.maxPerIp) throw new ApiError(429, GenericCodes.rateLimited, 'Too many live connections from this address.', { retryAfter: 5 });
    if (scope.kind === 'order' && c.maxPerOrder > 0 && (this.perOrder.get(scope.orderId) ?? 0) >= c.maxPerOrder) throw new ApiError(429, GenericCodes.rateLimited, 'Too many live connections for this order.', { retryAfter: 5 });
  }

  /** registers a subscriber: `retry:`, the replay after `lastEventId` (or `reset`), then live events; answers its unsubscribe */
  async subscribe(scope: Scope, lastEventId: number, sink: Sink, ip: string, guard: StaffGuard | null = null): Promise<() => void> {
    this.admit(scope, ip);
    await this.start();
    const sub: Subscriber = { scope, guard, gated: null, sink, ip, lastSent: lastEventId, held: [], timer: null, closed: false };
    this.count++;
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    if (scope.kind === 'order') this.perOrder.set(scope.orderId, (this.perOrder.get(scope.orderId) ?? 0) + 1);
    let set = this.byStore.get(scope.short);
    if (!set) {
      set = new Set();
      this.byStore.set(scope.short, set);
    }
    set.add(sub);
    const age = this.config.maxAgeMs * (0.9 + Math.random() * 0.2);
    sub.timer = setTimeout(() => this.end(sub, BYE), age);
    sub.timer.unref();
    const unsubscribe = () => this.remove(sub);
    try {
      if (!this.lastId.has(scope.short)) {
        const r = await this.db.query<{ m: number | string | null }>('select max(id) as m from store_events where short_number = $1', [scope.short]);
        if (!this.lastId.has(scope.short)) this.lastId.set(scope.short, Number(r.rows[0]?.m ?? 0));
      }
      this.send(sub, enc.encode(`retry: ${this.config.retryMs}\n\n`));
      const { where, params } = scopeSql(scope);
      const r = await this.db.query<EventRow>(`select ${EVENT_COLUMNS} from store_events where ${where} and id > $2 order by id limit $3`, [...params, lastEventId, this.config.replayMax + 1]);
      if (r.rows.length > this.config.replayMax) {
        const m = await this.db.query<{ m: number | string | null }>(`select max(id) as m from store_events where ${where}`, params);
        const max = Number(m.rows[0]?.m ?? 0);
        this.send(sub, frameOf(max, 'reset', { lastEventId: max }));
        sub.lastSent = max;
      } else {
        for (const row of r.rows.map(normaliseRow)) this.deliver(sub, row.id, this.render(row));
      }
      const held = sub.held ?? [];
      sub.held = null;
      for (const h of held) this.deliver(sub, h.id, h.frame);
    } catch (e) {
      this.remove(sub);
      throw e;
    }
    return unsubscribe;
  }

  /** ends every stream with `: bye` (shutdown: clients reconnect to another process with their Last-Event-ID) */
  endAll(): void {
    this.stopped = true;
    for (const set of this.byStore.values()) for (const sub of [...set]) this.end(sub, BYE);
  }

  async stop(): Promise<void> {
    this.endAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sweep) clearInterval(this.sweep);
    if (this.staffTimer) clearInterval(this.staffTimer);
    this.heartbeat = this.sweep = this.staffTimer = null;
    await this.flushing;
    const u = this.unlisten;
    this.unlisten = null;
    if (u) await u().catch(() => undefined);
  }

  // --- internals

  private onNotify(payload: string) {
    const i = payload.lastIndexOf(':');
    const short = payload.slice(0, i);
    const id = Number(payload.slice(i + 1));
    if (!Number.isSafeInteger(id) || !this.byStore.has(short)) return;
    this.pending.add(id);
    this.schedule();
  }

  private schedule() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) {
      await this.flushing;
      if (this.pending.size) this.schedule();
      return;
    }
    const ids = [...this.pending];
    this.pending.clear();
    if (!ids.length) return;
    this.flushing = (async () => {
      try {
        const r = await this.db.query<EventRow>(`select ${EVENT_COLUMNS} from store_events where id = any($1::bigint[]) order by id`, [ids]);
        this.dispatch(r.rows.map(normaliseRow));
      } catch (e) {
        console.error(`[stream-hub] reading events failed: ${(e as Error).message}`);
      }
    })();
    await this.flushing;
    this.flushing = null;
  }

  /** the missed-notification path: per store with subscribers, everything after the last dispatched id */
  private catchUp() {
    const stores = [...this.byStore.keys()];
    if (!stores.length) return;
    void (async () => {
      for (const short of stores) {
        try {
          const r = await this.db.query<EventRow>(`select ${EVENT_COLUMNS} from store_events where short_number = $1 and id > $2 order by id limit 1000`, [short, this.lastId.get(short) ?? 0]);
          this.dispatch(r.rows.map(normaliseRow));
        } catch (e) {
          console.error(`[stream-hub] catch-up of ${short} failed: ${(e as Error).message}`);
        }
      }
    })();
  }

  private render(row: EventRow): Uint8Array {
    const e = toStoreEvent(row);
    return e ? frameOf(row.id, row.kind, e) : new Uint8Array(0);
  }

  /**
   * The staff re-check of a store's guarded (console) subscribers: one query for all of them; each still allowed
   * gets its gated frames, in order; the others are ended. Runs after every dispatch that gated a frame (an event
   * reaches a console only after its holder was checked again) and every `staffRecheckMs` (a quiet store's console
   * still ends within that time). A failed query ends them too (they reconnect through requireStaff).
   */
  async recheckStaff(short: string): Promise<void> {
    const guarded = [...(this.byStore.get(short) ?? [])].filter((s) => s.guard && !s.closed);
    if (!guarded.length) return;
    let allowed: Set<string>;
    try {
      const r = await this.db.query<{ id_hash: string }>(
        `select s.id_hash from sessions s join staff_members m on m.user_id = s.user_id and m.short_number = $1
          where s.id_hash = any($2::text[]) and s.absolute_expires_at > now()`,
        [short, guarded.map((s) => s.guard!.sessionIdHash)],
      );
      allowed = new Set(r.rows.map((x) => x.id_hash));
    } catch (e) {
      console.error(`[stream-hub] staff re-check of ${short} failed: ${(e as Error).message}`);
      allowed = new Set();
    }
    for (const sub of guarded) {
      if (sub.closed) continue;
      if (!allowed.has(sub.guard!.sessionIdHash)) {
        this.end(sub, REVOKED);
        continue;
      }
      const gated = sub.gated ?? [];
      sub.gated = null;
      for (const g of gated) this.deliver(sub, g.id, g.frame);
    }
  }

  private dispatch(rows: EventRow[]) {
    const recheck = new Set<string>();
    for (const row of rows) {
      const set = this.byStore.get(row.short_number);
      if (row.id > (this.lastId.get(row.short_number) ?? 0) && set) this.lastId.set(row.short_number, row.id);
      if (!set) continue;
      let frame: Uint8Array | null = null;
      for (const sub of set) {
        if (!matches(sub.scope, row)) continue;
        frame ??= this.render(row);
        if (sub.held) sub.held.push({ id: row.id, frame });
        else if (sub.guard) {
          (sub.gated ??= []).push({ id: row.id, frame });
          recheck.add(row.short_number);
        } else this.deliver(sub, row.id, frame);
      }
    }
    for (const short of recheck) void this.recheckStaff(short);
  }

  private deliver(sub: Subscriber, id: number, frame: Uint8Array) {
    if (id <= sub.lastSent) return;
    sub.lastSent = id;
    if (frame.length) this.send(sub, frame);
  }

  private send(sub: Subscriber, bytes: Uint8Array) {
    if (sub.closed) return;
    let unsent: number;
    try {
      unsent = sub.sink.write(bytes);
    } catch {
      this.remove(sub);
      return;
    }
    // a consumer that does not read: closed (it reconnects and resumes from its Last-Event-ID)
    if (unsent > this.config.bufferBytes) this.end(sub, null);
  }

  private beat() {
    for (const set of this.byStore.values()) for (const sub of [...set]) this.send(sub, HEARTBEAT);
  }

  private end(sub: Subscriber, last: Uint8Array | null) {
    if (sub.closed) return;
    if (last) {
      try {
        sub.sink.write(last);
      } catch {
        /* already gone */
      }
    }
    this.remove(sub);
    try {
      sub.sink.close();
    } catch {
      /* already closed */
    }
  }

  private remove(sub: Subscriber) {
    if (sub.closed) return;
    sub.closed = true;
    if (sub.timer) clearTimeout(sub.timer);
    this.count--;
    const ip = (this.perIp.get(sub.ip) ?? 1) - 1;
    if (ip > 0) this.perIp.set(sub.ip, ip);
    else this.perIp.delete(sub.ip);
    if (sub.scope.kind === 'order') {
      const n = (this.perOrder.get(sub.scope.orderId) ?? 1) - 1;
      if (n > 0) this.perOrder.set(sub.scope.orderId, n);
      else this.perOrder.delete(sub.scope.orderId);
    }
    const set = this.byStore.get(sub.scope.short);
    set?.delete(sub);
    if (set && !set.size) {
      this.byStore.delete(sub.scope.short);
      this.lastId.delete(sub.scope.short);
    }
  }
}

const hubs = new WeakMap<Db, StreamHub>();
/**
 * The hub of a database handle (one per process in production: server/main.ts stops it at shutdown). Tests pass
 * shortened settings on first use; two handles on one PostgreSQL database (two "processes") get two hubs.
 */
export function hubFor(db: Db, config: Partial<StreamHubConfig> = {}): StreamHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new StreamHub(db, config);
    hubs.set(db, hub);
  }
  return hub;
}
export const existingHub = (db: Db): StreamHub | undefined => hubs.get(db);
