import type { Store, StoreSummary } from '../../contracts/locations.ts';
import { makeRoom } from './bounded-map.ts';
import type { MobileOrdering, StoredStoreRow, StoreRow } from '../db/store-row.ts';
import { NOT_AMENITIES } from './features.ts';
import { openStatus, schedule, type OpenStatus, type StoreHours } from './hours.ts';

/** A store row as the API sends it (contracts/locations.ts Store), at the instant `at`. */
export function storeHours(row: Pick<StoreRow, 'time_zone_id' | 'weekly_hours' | 'holidays'>): StoreHours {
  return { timeZoneId: row.time_zone_id, weeklyHours: row.weekly_hours, holidays: row.holidays };
}

/** What the list sends of a store (contracts/locations.ts StoreSummary): the card, the marker, the ordering checks. */
export function formatSummary(row: StoreRow, at: Date): StoreSummary {
  const status = openStatus(storeHours(row), at);
  return {
    storeNumber: row.store_number,
    name: row.name,
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    address: { singleLine: row.address.singleLine },
    open: status.open,
    openStatusFormatted: status.openStatusFormatted,
    mobileOrdering: { availability: row.mobile_ordering.availability, guestOrdering: row.mobile_ordering.guestOrdering },
  };
}

/**
 * The columns of a store that its summary needs, as the list query reads them (store-queries.ts: 9 short
 * columns instead of the whole row's 19), with `hours_key` standing for the hours (open-status.ts).
 */
export interface SummaryRow {
  short_number: string;
  store_number: string;
  name: string;
  latitude: number;
  longitude: number;
  single_line: string;
  availability: MobileOrdering['availability'];
  guest_ordering: boolean;
  hours_key: string;
}

/** The summary columns of a whole row (the queried store, read whole by number). */
export function summaryRowOf(row: StoredStoreRow): SummaryRow {
  return {
    short_number: row.short_number,
    store_number: row.store_number,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    single_line: row.address.singleLine,
    availability: row.mobile_ordering.availability,
    guest_ordering: row.mobile_ordering.guestOrdering,
    hours_key: row.hours_key,
  };
}

/** formatSummary from the summary columns and the open status of the store's hours (the same object, field for field). */
export function summaryOf(row: SummaryRow, status: OpenStatus): StoreSummary {
  return {
    storeNumber: row.store_number,
    name: row.name,
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    address: { singleLine: row.single_line },
    open: status.open,
    openStatusFormatted: status.openStatusFormatted,
    mobileOrdering: { availability: row.availability, guestOrdering: row.guest_ordering },
  };
}

/**
 * The list's JSON text of a summary, built from parts (the list's fast path, GET /locations): what JSON.stringify
 * gives for the same object. A summary made with it carries its text under this key (not enumerable: the object is
 * the same to every other reader); locationsJson (locations.ts) writes the text instead of serialising the object.
 */
export const STORE_JSON: unique symbol = Symbol('store JSON');
export type SummaryWithJson = StoreSummary & { readonly [STORE_JSON]?: string };

/** The part of a summary's JSON text that comes from the open status (as JSON.stringify writes those two fields). */
export function statusJson(status: OpenStatus): string {
  return `"open":${JSON.stringify(status.open)},"openStatusFormatted":${JSON.stringify(status.openStatusFormatted)},`;
}

/** A status that marks where the status's text sits in a summary's text (U+0001 is escaped, so no value can hold it). */
const STATUS_MARK: OpenStatus = { open: false, openStatusFormatted: '\u0001', hoursStatusFormatted: '' };
const STATUS_MARK_JSON = statusJson(STATUS_MARK);

/**
 * The parts of a summary's JSON text that do not change with the time, before and after the open status: summaryOf's
 * own object serialised once with a marked status and cut around it, so the fields and their order have one source.
 */
export function summaryJsonParts(row: SummaryRow): readonly [string, string] {
  const text = JSON.stringify(summaryOf(row, STATUS_MARK));
  const at = text.indexOf(STATUS_MARK_JSON);
  if (at < 0) throw new Error('summaryOf no longer writes open and openStatusFormatted together: update statusJson');
  return [text.slice(0, at), text.slice(at + STATUS_MARK_JSON.length)];
}

/** `store` carrying its JSON text (STORE_JSON). */
export function withStoreJson(store: StoreSummary, text: string): SummaryWithJson {
  return Object.defineProperty(store, STORE_JSON, { value: text, enumerable: false });
}

/** The JSON text of a summary: the one it carries, else JSON.stringify's. */
export function storeJson(store: SummaryWithJson): string {
  return store[STORE_JSON] ?? JSON.stringify(store);
}

/** The whole store (GET /stores/:storeNumber: the details overlay and the chosen store's reload). */
export function formatStore(row: StoreRow, at: Date): Store {
  const hours = storeHours(row);
  const status = openStatus(hours, at);
  return {
    storeNumber: row.store_number,
    id: row.id,
    name: row.name,
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    address: row.address,
    phoneNumber: row.phone_number,
    open: status.open,
    openStatusFormatted: status.openStatusFormatted,
    hoursStatusFormatted: status.hoursStatusFormatted,
    schedule: schedule(hours, at),
    pickUpOptions: row.pickup_options.map(({ code, name }) => ({ code, name })),
    amenities: row.amenities.filter((a) => !NOT_AMENITIES.has(a.code)).map(({ code, name }) => ({ code, name })),
    warningLabels: row.warning_labels.map(({ code, label }) => ({ code, label })),
    mobileOrdering: {
      availability: row.mobile_ordering.availability,
      guestOrdering: row.mobile_ordering.guestOrdering,
      curbsideAvailability: row.mobile_ordering.curbsideAvailability,
      stallQuantity: row.mobile_ordering.stallQuantity,
    },
    isOpen24Hours: row.is_open_24_hours,
    ownershipTypeCode: row.ownership_type_code,
    timeZone: { timeZoneId: row.time_zone_id },
  };
}

/**
 * formatStore memoised per store for the current minute (GET /stores/:storeNumber): the formatted hours (open
 * status, the 7-day schedule) change at most once a minute (store hours are whole minutes, time zones
 * whole-minute offsets). An entry is reused only for the same row object (store-cache.ts hands out a new one
 * when it re-reads a store) and the same UTC minute. Bounded: at most FORMAT_CACHE_MAX entries, the oldest
 * dropped first (a whole store is about 2 KB: at most 20 MB). The list (GET /locations) does not use it: it
 * reads summary columns and caches open status per distinct hours (open-status.ts).
 */
export const FORMAT_CACHE_MAX = 10_000;
interface Formatted {
  row: StoreRow;
  minute: number;
  store: Store;
}
const formatted = new Map<string, Formatted>();

export function formatStoreCached(row: StoreRow, at: Date): Store {
  const minute = Math.floor(at.getTime() / 60_000);
  const hit = formatted.get(row.short_number);
  if (hit && hit.row === row && hit.minute === minute) return hit.store;
  if (hit) formatted.delete(row.short_number);
  else makeRoom(formatted, FORMAT_CACHE_MAX);
  const store = formatStore(row, at);
  formatted.set(row.short_number, { row, minute, store });
  return store;
}

/** entries held (tests, docs) */
export const formatCacheSize = () => formatted.size;

const METRES_PER_MILE = 1609.344;

/** Miles, rounded to 2 decimals */
export function metresToMiles(metres: number): number {
  return Math.round((metres / METRES_PER_MILE) * 100) / 100;
}

export function milesToMetres(miles: number): number {
  return miles * METRES_PER_MILE;
}
