import * as v from 'valibot';

/**
 * Locator requests and responses (spec 1, sections 3 and 7). Shared by the server (validation of
 * what it takes, typing of what it sends) and the client (parsing what it receives).
 *
 * Units: `distance` is in miles (the API's unit); views convert to km for metric locales.
 * Store numbers: the API sends the full form "12345-67890"; `shortStoreNumber` cuts it before the dash.
 */
import { ShortStoreNumber, shortStoreNumber, StoreNumber } from './store-number.ts';

export { shortStoreNumber };

export const MAX_RESULT_DISTANCE = 50;
export const DEFAULT_RESULT_LIMIT = 50;

const Code = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,8}$/));

export const Coordinates = v.object({ latitude: v.number(), longitude: v.number() });

export const Store = v.object({
  storeNumber: v.string(),
  id: v.string(),
  name: v.string(),
  coordinates: Coordinates,
  address: v.object({
    singleLine: v.string(),
    lines: v.array(v.string()),
    city: v.string(),
    postalCode: v.string(),
    countryCode: v.string(),
    countrySubdivisionCode: v.string(),
  }),
  phoneNumber: v.nullable(v.string()),
  open: v.boolean(),
  /** e.g. "Open until 9:00 PM", "Closed · Opens 5:30 AM tomorrow" */
  openStatusFormatted: v.string(),
  /** e.g. "5:30 AM to 9:00 PM" (today's hours) */
  hoursStatusFormatted: v.string(),
  /** the next 7 days starting today, in the store's time zone */
  schedule: v.array(v.object({ dayFormatted: v.string(), hoursFormatted: v.string(), holidayFormatted: v.nullable(v.string()) })),
  pickUpOptions: v.array(v.object({ code: v.string(), name: v.string() })),
  amenities: v.array(v.object({ code: v.string(), name: v.string() })),
  warningLabels: v.array(v.object({ code: v.string(), label: v.string() })),
  mobileOrdering: v.object({
    availability: v.picklist(['READY', 'NOT_READY', 'UNAVAILABLE']),
    guestOrdering: v.boolean(),
    curbsideAvailability: v.picklist(['available', 'unavailable', 'closed']),
    stallQuantity: v.number(),
  }),
  isOpen24Hours: v.boolean(),
  ownershipTypeCode: v.string(),
  timeZone: v.object({ timeZoneId: v.string() }),
});
export type Store = v.InferOutput<typeof Store>;

/**
 * What a store card, a map marker, the ordering checks (open, availability, guest ordering) and the chosen
 * store in the menu show: the list answers (GET /locations, POST /locations/nearest-location) send only this
 * (docs/locator.md "Payload"); the details overlay fetches the whole Store (GET /stores/:storeNumber).
 * Every Store is a StoreSummary (checked at compile time below), so a full store can stand in for one.
 */
export const StoreSummary = v.object({
  storeNumber: v.string(),
  name: v.string(),
  coordinates: Coordinates,
  address: v.object({ singleLine: v.string() }),
  open: v.boolean(),
  openStatusFormatted: v.string(),
  mobileOrdering: v.object({
    availability: v.picklist(['READY', 'NOT_READY', 'UNAVAILABLE']),
    guestOrdering: v.boolean(),
  }),
});
export type StoreSummary = v.InferOutput<typeof StoreSummary>;
// compile-time: a full Store carries every summary field
const storeIsSummary = (s: Store): StoreSummary => s;
void storeIsSummary;

/** GET /apiproxy/v1/stores/:storeNumber: one store, whole (the details overlay, the chosen store's reload) */
export const StoreResponse = v.object({ store: Store });
export type StoreResponse = v.InferOutput<typeof StoreResponse>;

export const RecommendationReason = v.picklist(['FAVORITE', 'USUAL', 'NEARBY']);
export type RecommendationReason = v.InferOutput<typeof RecommendationReason>;

export const LocationResult = v.object({
  store: StoreSummary,
  distance: v.number(),
  isFavorite: v.boolean(),
  isPrevious: v.boolean(),
  recommendationReason: RecommendationReason,
});
export type LocationResult = v.InferOutput<typeof LocationResult>;

export const LocationsResponse = v.object({
  stores: v.array(LocationResult),
  /** centre of the search: the place, the coordinates, or the queried store */
  coordinates: Coordinates,
  /** the resolved place name when searching by place (e.g. "Seattle, WA, US") */
  placeName: v.nullable(v.string()),
  expandedStoreNumber: v.nullable(v.string()),
  selectedStoreNumber: v.nullable(v.string()),
});
export type LocationsResponse = v.InferOutput<typeof LocationsResponse>;

/** comma-separated feature codes, e.g. "DT,WF,ON" */
const FeatureList = v.pipe(
  v.string(),
  v.maxLength(200),
  v.transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
  v.array(Code),
  v.maxLength(30),
);

const Latitude = v.pipe(v.number(), v.minValue(-90), v.maxValue(90));
const Longitude = v.pipe(v.number(), v.minValue(-180), v.maxValue(180));
const NumberFromQuery = <S extends typeof Latitude | typeof Longitude>(schema: S) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(), v.regex(/^-?[0-9]+(\.[0-9]+)?$/, 'must be a number'), v.transform(Number), schema);

/** "lat,lng" of the map centre: the geocoder prefers places near it ("Portland" from Seattle is Portland, OR) */
export const Near = v.pipe(
  v.string(),
  v.regex(/^-?[0-9]{1,3}(\.[0-9]+)?,-?[0-9]{1,3}(\.[0-9]+)?$/, 'near must be "lat,lng"'),
  v.transform((s) => {
    const [lat = 0, lng = 0] = s.split(',').map(Number);
    return { lat, lng };
  }),
  v.check((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, 'near must be "lat,lng"'),
);

/**
 * GET /apiproxy/v1/locations?place=&features=&lat=&lng=&storeNumber=&limit=&near=
 * One of place, lat+lng, or storeNumber is required.
 */
export const LocationsQuery = v.pipe(
  v.object({
    place: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('place must not be empty'), v.maxLength(120))),
    near: v.optional(Near),
    lat: v.optional(NumberFromQuery(Latitude)),
    lng: v.optional(NumberFromQuery(Longitude)),
    features: v.optional(FeatureList, ''),
    storeNumber: v.optional(StoreNumber),
    limit: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{1,3}$/), v.transform(Number), v.number(), v.minValue(1), v.maxValue(500)), '50'),
  }),
  v.check((q) => (q.lat === undefined) === (q.lng === undefined), 'lat and lng go together'),
  v.check((q) => q.place !== undefined || q.lat !== undefined || q.storeNumber !== undefined, 'give a place, lat and lng, or a storeNumber'),
);
export type LocationsQuery = v.InferOutput<typeof LocationsQuery>;

/** POST /apiproxy/v1/locations/nearest-location; 404 { code: "NO_STORES_FOUND" } when none */
export const NearestLocationRequest = v.object({
  lat: Latitude,
  lng: Longitude,
  features: v.optional(v.array(Code), []),
});
export const NearestLocationResponse = v.object({ store: StoreSummary, distance: v.number(), coordinates: Coordinates });
export type NearestLocationResponse = v.InferOutput<typeof NearestLocationResponse>;

/** POST /apiproxy/v1/stores/favorites; DELETE /apiproxy/v1/stores/favorites/{storeNumber} */
export const FavoriteStoreRequest = v.object({
  storeNumber: ShortStoreNumber,
});
export const FavoriteStoreResponse = v.object({ storeNumber: v.string(), isFavorite: v.boolean() });

/** GET /apiproxy/v1/places/autocomplete?q=sea&limit=8&near=47.6,-122.3 (places, ZIP/FSA/UK postcodes) */
export const PlacesQuery = v.object({
  q: v.pipe(v.string(), v.trim(), v.minLength(1, 'q must not be empty'), v.maxLength(80)),
  near: v.optional(Near),
  limit: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{1,2}$/), v.transform(Number), v.number(), v.minValue(1), v.maxValue(20)), '8'),
});
export const Place = v.object({ id: v.number(), name: v.string(), displayName: v.string(), latitude: v.number(), longitude: v.number() });
export type Place = v.InferOutput<typeof Place>;
export const PlacesResponse = v.object({ places: v.array(Place) });

/** Error codes of the locator endpoints (body shape: contracts/errors.ts). */
export const LocatorErrorCodes = {
  /** GET /locations with a storeNumber that does not exist: 404 → "Whoops! We couldn't find that store." */
  storeNotFound: 'STORE_NOT_FOUND',
  /** GET /locations with a place the gazetteer does not know: 404 → placeNameNotFound */
  placeNotFound: 'PLACE_NOT_FOUND',
  /** POST /locations/nearest-location with nothing found: 404 */
  noStoresFound: 'NO_STORES_FOUND',
} as const;
