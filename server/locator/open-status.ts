import { queryPrepared, type Queryable } from '../db/db.ts';
import { makeRoom } from './bounded-map.ts';
import type { StoreRow } from '../db/store-row.ts';
import { openStatus, type OpenStatus, type StoreHours } from './hours.ts';
import { storeHours } from './store-format.ts';

/**
 * Open status (open now, "Open until 9:00 PM", today's hours) per distinct store hours, for the current UTC
 * minute. Many stores share their hours (the seed: about 7,000 distinct hours at 17,000 stores, 23,000 at
 * 170,000), so the list computes a status once per hours and minute instead of once per store and request,
 * and the open-now filter (ON) tests a candidate from its `hours_key` alone, without reading the store.
 *
 * Keys are `stores.hours_key` (migration 023): a digest of the hours' content (time zone, weekly hours,
 * holidays). An entry can therefore never be stale: stores whose hours change get another key, which is read
 * when first seen; no invalidation is needed, in this process or another. A status is reused only within its
 * UTC minute (it cannot change within one: store hours are whole minutes, time zones whole-minute offsets).
 * Per process, bounded: at most HOURS_CACHE_MAX keys (each about 1-2 KB), the oldest dropped first.
 */
export const HOURS_CACHE_MAX = 30_000;

interface Entry {
  hours: StoreHours;
  minute: number;
  status: OpenStatus | null;
}

const byKey = new Map<string, Entry>();

function remember(key: string, hours: StoreHours): Entry {
  const known = byKey.get(key);
  if (known) return known;
  makeRoom(byKey, HOURS_CACHE_MAX);
  const entry: Entry = { hours, minute: -1, status: null };
  byKey.set(key, entry);
  return entry;
}

function statusAt(entry: Entry, at: Date, minute: number): OpenStatus {
  if (entry.minute !== minute || !entry.status) {
    entry.status = openStatus(entry.hours, at);
    entry.minute = minute;
  }
  return entry.status;
}

/** A store row read whole (it carries its hours): its status, and its hours kept under its key. */
export function openStatusOfRow(row: Pick<StoreRow, 'time_zone_id' | 'weekly_hours' | 'holidays'> & { hours_key: string }, at: Date): OpenStatus {
  return statusAt(remember(row.hours_key, storeHours(row)), at, Math.floor(at.getTime() / 60_000));
}

/**
 * The parsed weekly hours and holidays, one object per distinct JSON text (jsonb's text is canonical: the same
 * content, the same text), shared by every key that has them: the seed's 23,000 keys at 170,000 stores are made of
 * about 60 weekly patterns and 233 holiday sets, so a key held costs its entry and not its own copy of the hours.
 * Read-only (openStatus never changes them). Bounded like the keys; past the bound a text is parsed on its own.
 */
const parsedHours = new Map<string, unknown>();

function parsedOnce<T>(text: string): T {
  const known = parsedHours.get(text);
  if (known !== undefined) return known as T;
  const value = JSON.parse(text) as T;
  if (parsedHours.size < HOURS_CACHE_MAX) parsedHours.set(text, value);
  return value;
}

/** The hours of a store as one JSON column (PGlite decodes each column apart), the hours as their jsonb text (parsedOnce). */
const HOURS_JSON = 'json_build_array(hours_key, time_zone_id, weekly_hours::text, holidays::text)::text as j';

/** Remembers the hours of the rows of HOURS_JSON; returns their keys and entries. */
function rememberRows(rows: { j: string }[]): { key: string; entry: Entry }[] {
  return rows.map(({ j }) => {
    const [key, time_zone_id, weekly, holidays] = JSON.parse(j) as [string, StoreRow['time_zone_id'], string, string];
    return { key, entry: remember(key, storeHours({ time_zone_id, weekly_hours: parsedOnce<StoreRow['weekly_hours']>(weekly), holidays: parsedOnce<StoreRow['holidays']>(holidays) })) };
  });
}

/** The status at `at` of a key held in the cache, without a query; undefined when the key is not held. */
export function cachedOpenStatus(hoursKey: string, at: Date): OpenStatus | undefined {
  const entry = byKey.get(hoursKey);
  return entry && statusAt(entry, at, Math.floor(at.getTime() / 60_000));
}

/**
 * The open status at `at` of every hours key of `rows`. Keys not cached are read with one query, through one
 * store per key (the primary-key index on short_number). A key missing from the answer belongs to a store
 * deleted or changed meanwhile: the caller leaves that store out, as when its row cannot be read.
 */
export async function openStatuses(db: Queryable, rows: Iterable<{ short_number: string; hours_key: string }>, at: Date): Promise<Map<string, OpenStatus>> {
  const minute = Math.floor(at.getTime() / 60_000);
  const out = new Map<string, OpenStatus>();
  const missing = new Map<string, string>();
  for (const r of rows) {
    if (out.has(r.hours_key) || missing.has(r.hours_key)) continue;
    const entry = byKey.get(r.hours_key);
    if (entry) out.set(r.hours_key, statusAt(entry, at, minute));
    else missing.set(r.hours_key, r.short_number);
  }
  if (missing.size) {
    // through the primary-key index on short_number, one store per key
    const read = await queryPrepared<{ j: string }>(db, `select ${HOURS_JSON} from stores where short_number = any($1::text[])`, [[...missing.values()]]);
    for (const { key, entry } of rememberRows(read.rows)) out.set(key, statusAt(entry, at, minute));
  }
  return out;
}

/** Keys read per query when the cache is filled (fillHoursCache). */
export const FILL_CHUNK = 1000;

/** A tuple id "(page,item)" as two numbers, for sorting in physical order. */
function tid(text: string): [number, number] {
  const [page = 0, item = 0] = text.slice(1, -1).split(',').map(Number);
  return [page, item];
}

/**
 * Fills the cache with the hours of every distinct key of the stores (started by the first list search:
 * fillHoursCacheOnce). Without it, the first searches after a start read the hours of nearly every key they meet,
 * and there are more keys with more stores (about 7,000 at 17,000 stores, 23,000 at 170,000): the first pass of
 * `bench:locator` read hours 1,373 times at 170,000 stores against 652 at 17,000 (docs/locator.md "Performance",
 * "The open-status cache filled after the first search").
 *
 * One aggregate (a sequential scan) finds the first row of each key not held; the hours are then read FILL_CHUNK
 * rows per query by tuple id, in physical order (a TID scan: each heap page once, in order, where reading through
 * the primary key jumps around the heap), with `pause` between queries (the event loop serves requests meanwhile).
 * A row that moved or went meanwhile is simply not read (its key is read when a search meets it); a row found at a
 * reused tuple id brings its own key and hours, so an entry is always the hours of its key. Stops at the cache's
 * bound, and before the next query once `signal` is aborted (the server stopping). Only a cache: the statuses are
 * the same with or without it (the keys are digests of the hours, never stale).
 */
export async function fillHoursCache(db: Queryable, opts: { signal?: AbortSignal; pause?: () => Promise<void> } = {}): Promise<{ keys: number; queries: number }> {
  const pause = opts.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const firsts = await db.query<{ k: string }>('select hours_key || min(ctid)::text as k from stores group by hours_key');
  const todo: [number, number][] = [];
  for (const { k } of firsts.rows) {
    if (byKey.size + todo.length >= HOURS_CACHE_MAX) break;
    if (!byKey.has(k.slice(0, HOURS_KEY_LENGTH))) todo.push(tid(k.slice(HOURS_KEY_LENGTH)));
  }
  todo.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let keys = 0;
  let queries = 1;
  for (let i = 0; i < todo.length && !opts.signal?.aborted; i += FILL_CHUNK) {
    const tids = todo.slice(i, i + FILL_CHUNK).map(([page, item]) => `(${page},${item})`);
    keys += rememberRows((await db.query<{ j: string }>(`select ${HOURS_JSON} from stores where ctid = any($1::text[]::tid[])`, [tids])).rows).length;
    queries++;
    await pause();
  }
  return { keys, queries };
}

/** md5 hex digest: the fixed length of stores.hours_key (migration 023). */
const HOURS_KEY_LENGTH = 32;

/**
 * fillHoursCache started by the first call of the returned function, never again (server/main.ts and
 * scripts/bench-locator.ts call it on each list search): the cache is filled after the first search, in the
 * background, not at start, because the fill's reads of the whole stores table grow the process's memory (about
 * 10-25 MB of RSS at 17,000 stores, nearly all outside the JavaScript heap, which grows 1.7 MB), which an idle
 * server (the idle-RSS target of `npm run bench:start`) need not hold. `done` gets the outcome; an error after `signal` was aborted is not reported.
 */
export function fillHoursCacheOnce(db: Queryable, opts: { signal?: AbortSignal; done?: (outcome: { keys: number; ms: number } | Error) => void } = {}): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    const t0 = performance.now();
    void fillHoursCache(db, { signal: opts.signal }).then(
      (r) => opts.done?.({ keys: r.keys, ms: performance.now() - t0 }),
      (e: unknown) => {
        if (!opts.signal?.aborted) opts.done?.(e instanceof Error ? e : new Error(String(e)));
      },
    );
  };
}

/** keys held (tests, docs) */
export const hoursCacheSize = () => byKey.size;

/** distinct hours texts held (tests) */
export const parsedHoursSize = () => parsedHours.size;

/** Empties the cache (tests: a start with cold caches). */
export function clearHoursCache(): void {
  byKey.clear();
  parsedHours.clear();
}
