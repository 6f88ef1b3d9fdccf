import type { DayHours, Holiday, MobileOrdering, StoreRow } from '../store-row.ts';
import { codeName, featureCodes, pickupOptions } from './store-parts.ts';

/**
 * Hand-placed stores in downtown Seattle with fixed numbers, for tests, demos and the README.
 * They never depend on the random generator.
 *
 * | number       | name                              | what it is for                                        |
 * |--------------|-----------------------------------|-------------------------------------------------------|
 * | 10001-10101  | 1st & Pike                        | classic open store, READY, guest ordering, in store   |
 * | 10002-10102  | Denny Way & Westlake Drive-Thru   | READY with drive-thru, 4:30 AM to 10:00 PM daily      |
 * | 10003-10103  | 3rd & Pine 24 Hours               | open 24 hours, no holiday exceptions (always open)    |
 * | 10004-10104  | Westlake Center                   | mobile ordering NOT_READY                             |
 * | 10005-10105  | 5th Ave & Union                   | READY without guest ordering                          |
 * | 10006-10106  | SoDo 1st Ave S                    | curbside available (6 stalls), drive-thru             |
 * | 10007-10107  | Seattle Center Armory             | licensed, closed on Sundays, mobile ordering UNAVAILABLE |
 * | 10008-10108  | Broadway & Pine                   | curbside offered but closed (no CX feature), late hours |
 */
export const SEATTLE_STORES = {
  firstAndPike: '10001-10101',
  driveThru: '10002-10102',
  allDay: '10003-10103',
  notReady: '10004-10104',
  noGuestOrdering: '10005-10105',
  curbside: '10006-10106',
  closedSunday: '10007-10107',
  curbsideClosed: '10008-10108',
} as const;

const US_HOLIDAYS: Holiday[] = [
  { date: '2026-11-26', name: 'Thanksgiving Day', open: '07:00', close: '14:00' },
  { date: '2026-12-24', name: 'Christmas Eve', open: '06:00', close: '17:00' },
  { date: '2026-12-25', name: 'Christmas Day', closed: true },
  { date: '2027-01-01', name: "New Year's Day", open: '08:00', close: '18:00' },
];

const daily = (open: string, close: string): DayHours[] => Array.from({ length: 7 }, (_, day) => ({ day, open, close }));
const byDay = (f: (day: number) => [string, string] | null): DayHours[] =>
  Array.from({ length: 7 }, (_, day) => {
    const h = f(day);
    return h ? { day, open: h[0], close: h[1] } : { day, closed: true as const };
  });

interface Spec {
  number: string;
  id: string;
  name: string;
  lat: number;
  lng: number;
  street: string;
  postal: string;
  phone: string;
  licensed?: boolean;
  hours: DayHours[];
  holidays: Holiday[];
  allDay?: boolean;
  pickup: { inStore: boolean; driveThru: boolean; curbside: boolean };
  amenities: string[];
  mo: MobileOrdering;
}

const ready = (guestOrdering = true): MobileOrdering => ({ availability: 'READY', guestOrdering, curbsideAvailability: 'unavailable', stallQuantity: 4 });
const standard = byDay((d) => (d === 0 ? ['06:30', '20:00'] : d === 6 ? ['06:00', '21:00'] : ['05:30', '21:00']));

const SPECS: Spec[] = [
  { number: SEATTLE_STORES.firstAndPike, id: '1000001', name: '1st & Pike', lat: 47.609722, lng: -122.342145, street: '1912 Pike Pl', postal: '98101', phone: '206-555-0101', hours: standard, holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: false, curbside: false }, amenities: ['WA', 'NB', 'WF', 'CL', 'XO', 'CC'], mo: ready() },
  { number: SEATTLE_STORES.driveThru, id: '1000002', name: 'Denny Way & Westlake Drive-Thru', lat: 47.618611, lng: -122.338333, street: '1600 Westlake Ave N', postal: '98109', phone: '206-555-0102', hours: daily('04:30', '22:00'), holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: true, curbside: false }, amenities: ['WA', 'NB', 'WF', 'LB', 'XO', '17', 'CC'], mo: ready() },
  { number: SEATTLE_STORES.allDay, id: '1000003', name: '3rd & Pine 24 Hours', lat: 47.610833, lng: -122.338056, street: '1501 3rd Ave', postal: '98101', phone: '206-555-0103', hours: daily('00:00', '24:00'), holidays: [], allDay: true, pickup: { inStore: true, driveThru: false, curbside: false }, amenities: ['WA', 'WF', 'LB', 'XO', 'CC'], mo: ready() },
  { number: SEATTLE_STORES.notReady, id: '1000004', name: 'Westlake Center', lat: 47.611389, lng: -122.337222, street: '400 Pine St', postal: '98101', phone: '206-555-0104', hours: standard, holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: false, curbside: false }, amenities: ['WA', 'WF', 'XO'], mo: { availability: 'NOT_READY', guestOrdering: false, curbsideAvailability: 'unavailable', stallQuantity: 4 } },
  { number: SEATTLE_STORES.noGuestOrdering, id: '1000005', name: '5th Ave & Union', lat: 47.609722, lng: -122.334167, street: '1320 5th Ave', postal: '98101', phone: '206-555-0105', hours: standard, holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: false, curbside: false }, amenities: ['WA', 'NB', 'WF', 'LB', 'PS', 'XO', 'CC'], mo: ready(false) },
  { number: SEATTLE_STORES.curbside, id: '1000006', name: 'SoDo 1st Ave S', lat: 47.58, lng: -122.334306, street: '2401 1st Ave S', postal: '98134', phone: '206-555-0106', hours: daily('05:00', '21:00'), holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: true, curbside: true }, amenities: ['WA', 'NB', 'WF', 'LB', 'BA', 'EV', 'XO', '17', 'CC'], mo: { availability: 'READY', guestOrdering: true, curbsideAvailability: 'available', stallQuantity: 6 } },
  { number: SEATTLE_STORES.closedSunday, id: '1000007', name: 'Seattle Center Armory', lat: 47.621389, lng: -122.350833, street: '305 Harrison St', postal: '98109', phone: '206-555-0107', licensed: true, hours: byDay((d) => (d === 0 ? null : d === 6 ? ['08:00', '15:00'] : ['07:00', '17:00'])), holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: false, curbside: false }, amenities: ['WF', 'LB'], mo: { availability: 'UNAVAILABLE', guestOrdering: false, curbsideAvailability: 'unavailable', stallQuantity: 4 } },
  { number: SEATTLE_STORES.curbsideClosed, id: '1000008', name: 'Broadway & Pine', lat: 47.615278, lng: -122.320833, street: '1600 Broadway', postal: '98122', phone: '206-555-0108', hours: byDay((d) => (d === 5 || d === 6 ? ['06:00', '24:00'] : ['06:00', '23:00'])), holidays: US_HOLIDAYS, pickup: { inStore: true, driveThru: false, curbside: true }, amenities: ['WA', 'NB', 'WF', 'LB', 'PS', 'XO', 'CC'], mo: { availability: 'READY', guestOrdering: true, curbsideAvailability: 'closed', stallQuantity: 3 } },
];

function toRow(s: Spec): StoreRow {
  const pickup = pickupOptions(s.pickup);
  const amenityList = s.amenities.map(codeName);
  const cityLine = `Seattle, WA ${s.postal}`;
  return {
    store_number: s.number,
    short_number: s.number.split('-')[0] ?? s.number,
    id: s.id,
    name: s.name,
    latitude: s.lat,
    longitude: s.lng,
    address: { singleLine: `${s.street}, ${cityLine}`, lines: [s.street, cityLine], city: 'Seattle', postalCode: s.postal, countryCode: 'US', countrySubdivisionCode: 'WA' },
    country_code: 'US',
    phone_number: s.phone,
    time_zone_id: 'America/Los_Angeles',
    ownership_type_code: s.licensed ? 'LS' : 'CO',
    weekly_hours: s.hours,
    holidays: s.holidays,
    is_open_24_hours: !!s.allDay,
    pickup_options: pickup,
    amenities: amenityList,
    warning_labels: [],
    mobile_ordering: s.mo,
    feature_codes: featureCodes(amenityList, pickup, s.mo),
  };
}

export function seattleStores(): StoreRow[] {
  return SPECS.map(toRow);
}
