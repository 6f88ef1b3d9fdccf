import { queryPrepared, type Queryable } from '../db/db.ts';
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
  if (byKey.size >= HOURS_CACHE_MAX) {
    const oldest = byKey.keys().next().value;
    if (oldest !== undefined) byKey.delete(oldest);
  }
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
    // one JSON column per row (as the list's summaries, store-queries.ts): PGlite decodes each column apart
    const read = await queryPrepared<{ j: string }>(
      db,
      'select json_build_array(hours_key, time_zone_id, weekly_hours, holidays)::text as j from stores where short_number = any($1::text[])',
      [[...missing.values()]],
    );
    for (const { j } of read.rows) {
      const [hours_key, time_zone_id, weekly_hours, holidays] = JSON.parse(j) as [string, StoreRow['time_zone_id'], StoreRow['weekly_hours'], StoreRow['holidays']];
      out.set(hours_key, statusAt(remember(hours_key, storeHours({ time_zone_id, weekly_hours, holidays })), at, minute));
    }
  }
  return out;
}

/** keys held (tests, docs) */
export const hoursCacheSize = () => byKey.size;
