import type { Store } from '../../contracts/locations.ts';
import type { StoreRow } from '../db/store-row.ts';
import { NOT_AMENITIES } from './features.ts';
import { openStatus, schedule, type StoreHours } from './hours.ts';

/** A store row as the API sends it (contracts/locations.ts Store), at the instant `at`. */
export function storeHours(row: Pick<StoreRow, 'time_zone_id' | 'weekly_hours' | 'holidays'>): StoreHours {
  return { timeZoneId: row.time_zone_id, weeklyHours: row.weekly_hours, holidays: row.holidays };
}

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
 * formatStore memoised per store for the current minute: the formatted hours (open status, the 7-day
 * schedule) change at most once a minute (store hours are whole minutes, time zones whole-minute offsets),
 * and formatting was about a fifth of a locator request. An entry is reused only for the same row object
 * (store-cache.ts hands out a new one when it re-reads a store) and the same UTC minute. Bounded:
 * at most FORMAT_CACHE_MAX entries, the oldest dropped first (one entry is about 2 KB: 10,000 = 20 MB).
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
  const store = formatStore(row, at);
  if (hit) formatted.delete(row.short_number);
  else if (formatted.size >= FORMAT_CACHE_MAX) {
    const oldest = formatted.keys().next().value;
    if (oldest !== undefined) formatted.delete(oldest);
  }
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
