/**
 * Regional facts the seed needs: subdivision codes, time zones, postal code and phone shapes.
 * US states: [ZIP3 low, ZIP3 high, area code, time zone]. Approximations good enough for demo data.
 */
type UsState = readonly [zipLo: number, zipHi: number, areaCode: number, timeZone: string];

const PACIFIC = 'America/Los_Angeles';
const MOUNTAIN = 'America/Denver';
const CENTRAL = 'America/Chicago';
const EASTERN = 'America/New_York';

export const US_STATES: Record<string, UsState> = {
  AL: [350, 369, 205, CENTRAL], AK: [995, 999, 907, 'America/Anchorage'], AZ: [850, 865, 602, 'America/Phoenix'],
  AR: [716, 729, 501, CENTRAL], CA: [900, 961, 213, PACIFIC], CO: [800, 816, 303, MOUNTAIN],
  CT: [60, 69, 203, EASTERN], DE: [197, 199, 302, EASTERN], DC: [200, 205, 202, EASTERN],
  FL: [320, 349, 305, EASTERN], GA: [300, 319, 404, EASTERN], HI: [967, 968, 808, 'Pacific/Honolulu'],
  ID: [832, 838, 208, 'America/Boise'], IL: [600, 629, 312, CENTRAL], IN: [460, 479, 317, 'America/Indiana/Indianapolis'],
  IA: [500, 528, 515, CENTRAL], KS: [660, 679, 316, CENTRAL], KY: [400, 427, 502, 'America/Kentucky/Louisville'],
  LA: [700, 714, 504, CENTRAL], ME: [39, 49, 207, EASTERN], MD: [206, 219, 410, EASTERN],
  MA: [10, 27, 617, EASTERN], MI: [480, 499, 313, 'America/Detroit'], MN: [550, 567, 612, CENTRAL],
  MS: [386, 397, 601, CENTRAL], MO: [630, 658, 314, CENTRAL], MT: [590, 599, 406, MOUNTAIN],
  NE: [680, 693, 402, CENTRAL], NV: [889, 898, 702, PACIFIC], NH: [30, 38, 603, EASTERN],
  NJ: [70, 89, 201, EASTERN], NM: [870, 884, 505, MOUNTAIN], NY: [100, 149, 212, EASTERN],
  NC: [270, 289, 704, EASTERN], ND: [580, 588, 701, CENTRAL], OH: [430, 459, 614, EASTERN],
  OK: [730, 749, 405, CENTRAL], OR: [970, 979, 503, PACIFIC], PA: [150, 196, 215, EASTERN],
  RI: [28, 29, 401, EASTERN], SC: [290, 299, 803, EASTERN], SD: [570, 577, 605, CENTRAL],
  TN: [370, 385, 615, CENTRAL], TX: [750, 799, 214, CENTRAL], UT: [840, 847, 801, MOUNTAIN],
  VT: [50, 59, 802, EASTERN], VA: [220, 246, 804, EASTERN], WA: [980, 994, 206, PACIFIC],
  WV: [247, 268, 304, EASTERN], WI: [530, 549, 414, CENTRAL], WY: [820, 831, 307, MOUNTAIN],
};

/**
 * US time zone by state, with the longitude (and latitude) splits of the states that span two zones.
 * Coarse lines, not county borders: right for the big cities, approximate near the lines.
 */
export function usTimeZone(state: string, lat: number, lng: number): string {
  const base = US_STATES[state]?.[3] ?? EASTERN;
  switch (state) {
    case 'FL':
      return lng < -85.0 ? CENTRAL : EASTERN; // the western panhandle
    case 'TN':
      return lng > -85.2 ? EASTERN : CENTRAL; // Knoxville, Chattanooga, Tri-Cities
    case 'KY':
      return lng < -86.0 ? CENTRAL : 'America/Kentucky/Louisville'; // western Kentucky
    case 'IN':
      return lng < -86.9 && (lat > 41.0 || lat < 38.5) ? CENTRAL : 'America/Indiana/Indianapolis'; // Gary, Evansville
    case 'MI':
      return lng < -87.6 && lat > 45.5 ? 'America/Menominee' : base;
    case 'TX':
      return lng < -104.9 ? MOUNTAIN : CENTRAL; // El Paso
    case 'ND':
      return lng < -101.0 && lat < 47.0 ? MOUNTAIN : CENTRAL;
    case 'SD':
      return lng < -100.5 ? MOUNTAIN : CENTRAL; // Rapid City
    case 'NE':
      return lng < -101.3 ? MOUNTAIN : CENTRAL; // Scottsbluff
    case 'KS':
      return lng < -101.4 ? MOUNTAIN : CENTRAL;
    case 'ID':
      return lat > 45.5 ? PACIFIC : 'America/Boise'; // the panhandle
    case 'OR':
      return lng > -117.25 && lat < 44.5 ? 'America/Boise' : PACIFIC; // Ontario, Malheur County
    default:
      return base;
  }
}

/** GeoNames admin1 codes of Canada -> postal abbreviation. */
const CA_GEONAMES: Record<string, string> = {
  '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON',
  '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU',
};

/** Canadian provinces: postal first letters, area code, time zone. */
export const CA_PROVINCES: Record<string, readonly [postalLetters: string, areaCode: number, timeZone: string]> = {
  AB: ['T', 403, 'America/Edmonton'],
  BC: ['V', 604, 'America/Vancouver'],
  MB: ['R', 204, 'America/Winnipeg'],
  NB: ['E', 506, 'America/Moncton'],
  NL: ['A', 709, 'America/St_Johns'],
  NS: ['B', 902, 'America/Halifax'],
  ON: ['KLMNP', 416, 'America/Toronto'],
  PE: ['C', 902, 'America/Halifax'],
  QC: ['GHJ', 514, 'America/Toronto'],
  SK: ['S', 306, 'America/Regina'],
  YT: ['Y', 867, 'America/Whitehorse'],
  NT: ['X', 867, 'America/Yellowknife'],
  NU: ['X', 867, 'America/Iqaluit'],
};

export function caTimeZone(province: string, lng: number): string {
  const zone = CA_PROVINCES[province]?.[2] ?? 'America/Toronto';
  // north-western Ontario (Kenora) keeps Central time
  return province === 'ON' && lng < -90.0 ? 'America/Winnipeg' : zone;
}

/** GB nations (GeoNames admin1) -> display name and postcode areas. */
export const GB_NATIONS: Record<string, readonly [name: string, postcodeAreas: readonly string[]]> = {
  ENG: ['England', ['B', 'M', 'L', 'LS', 'S', 'BS', 'NE', 'NG', 'LE', 'SW', 'SE', 'N', 'E', 'W', 'EC', 'CB', 'OX', 'BN', 'RG', 'YO']],
  SCT: ['Scotland', ['EH', 'G', 'AB', 'DD', 'IV', 'KY']],
  WLS: ['Wales', ['CF', 'SA', 'LL', 'NP']],
  NIR: ['Northern Ireland', ['BT']],
};

/** Postal subdivision code of a place's GeoNames admin1 code: "WA", "BC" (from "02"), "ENG". */
export function subdivisionCode(country: string, admin1: string): string {
  if (country === 'CA') return CA_GEONAMES[admin1] ?? admin1;
  return admin1;
}

export function timeZoneOf(country: string, admin1: string, lat: number, lng: number): string {
  if (country === 'US') return usTimeZone(admin1, lat, lng);
  if (country === 'CA') return caTimeZone(admin1, lng);
  return 'Europe/London';
}
