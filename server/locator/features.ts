/**
 * Feature filter of the locator (spec 1 section 5): a store passes when it has every selected code.
 * Static codes are matched in SQL (`feature_codes @> $codes`); ON (open now) and hrs24 (open 24 hours)
 * are computed: hrs24 from is_open_24_hours, ON from the hours at the request's instant.
 */
export const OPEN_NOW = 'ON';
export const OPEN_24_HOURS = 'hrs24';

/** Codes carried by stores but never listed as amenities: pickup options (listed apart) and internal codes. */
export const NOT_AMENITIES: ReadonlySet<string> = new Set(['XO', '16', 'DT', 'CX', '17', 'CC']);

export interface FeatureFilter {
  /** codes every store must carry in feature_codes */
  staticCodes: string[];
  openNow: boolean;
  allDay: boolean;
}

export function featureFilter(codes: readonly string[]): FeatureFilter {
  const unique = [...new Set(codes)];
  return {
    staticCodes: unique.filter((c) => c !== OPEN_NOW && c !== OPEN_24_HOURS).sort(),
    openNow: unique.includes(OPEN_NOW),
    allDay: unique.includes(OPEN_24_HOURS),
  };
}

/**
 * Static codes with a partial GiST index of their own (stores_earth_<code>), rarest first, that the nearest-store
 * query uses when the code is selected: those carried by few stores (3-8%, migration 005), and DT (drive-thru,
 * about a third of the stores and fewer in city centres, a common filter; migration 024).
 */
export const RARE_CODES: readonly string[] = ['RW', 'VS', 'EV', 'CL', 'CX', 'DT'];

/** The rarest selected code that has its own partial index, or null. */
export function rarestCode(filter: FeatureFilter): string | null {
  return RARE_CODES.find((c) => filter.staticCodes.includes(c)) ?? null;
}
