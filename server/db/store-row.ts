/**
 * The stored shape of a store (table `stores`, migrations/001_core.sql), written by the seed and read by
 * the locator. JSON columns are typed here; keys are the column names.
 */
export interface DayHours {
  /** 0 = Sunday .. 6 = Saturday */
  day: number;
  /** "HH:MM" local time; absent when closed */
  open?: string;
  /** "HH:MM"; "24:00" is midnight at the end of the day; a close not after open ends on the next day */
  close?: string;
  closed?: true;
}

export interface Holiday {
  /** local date "YYYY-MM-DD" */
  date: string;
  name: string;
  open?: string;
  close?: string;
  closed?: true;
}

export interface CodeName {
  code: string;
  name: string;
}

export interface StoreAddress {
  singleLine: string;
  lines: string[];
  city: string;
  postalCode: string;
  countryCode: string;
  countrySubdivisionCode: string;
}

export interface MobileOrdering {
  availability: 'READY' | 'NOT_READY' | 'UNAVAILABLE';
  guestOrdering: boolean;
  curbsideAvailability: 'available' | 'unavailable' | 'closed';
  stallQuantity: number;
}

export interface StoreRow {
  store_number: string;
  short_number: string;
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  address: StoreAddress;
  country_code: string;
  phone_number: string | null;
  time_zone_id: string;
  ownership_type_code: 'CO' | 'LS';
  weekly_hours: DayHours[];
  holidays: Holiday[];
  is_open_24_hours: boolean;
  pickup_options: CodeName[];
  amenities: CodeName[];
  warning_labels: { code: string; label: string }[];
  mobile_ordering: MobileOrdering;
  feature_codes: string[];
}

/** A store row as read back: with the columns the database generates (migration 023). */
export interface StoredStoreRow extends StoreRow {
  /** digest of time_zone_id, weekly_hours and holidays: stores with equal hours share it */
  hours_key: string;
}

export interface PlaceRow {
  id: number;
  name: string;
  search_name: string;
  admin1: string;
  country_code: string;
  latitude: number;
  longitude: number;
  population: number;
  display_name: string;
}
