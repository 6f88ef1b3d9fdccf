/**
 * Real payloads for the locator's model tests and view tests (shapes of contracts/locations.ts).
 * Seattle stores with the properties the guards look at:
 *   1 Pike Place     open, READY, guest ordering       (orderable by anyone)
 *   2 Capitol Hill   closed                            (unavailable)
 *   3 Fremont        open, READY, no guest ordering    (members only)
 *   4 Ballard        open, NOT_READY                   (unavailable)
 *   5 Queen Anne     open, READY, guest ordering
 *   6 Wallingford    closed, no guest ordering         (a guest gets the generic unavailable dialog; only as a nearest store)
 */
import type { AnyEventObject } from 'xstate';
import type { LocationResult, LocationsResponse, NearestLocationResponse, Place, Store, StoreSummary } from '../../contracts/locations.ts';

const schedule = [
  { dayFormatted: 'Today', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
  { dayFormatted: 'Tomorrow', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
  { dayFormatted: 'Wednesday', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
  { dayFormatted: 'Thursday', hoursFormatted: 'Closed', holidayFormatted: 'Thanksgiving' },
  { dayFormatted: 'Friday', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
  { dayFormatted: 'Saturday', hoursFormatted: '6:00 AM to 8:00 PM', holidayFormatted: null },
  { dayFormatted: 'Sunday', hoursFormatted: '6:00 AM to 8:00 PM', holidayFormatted: null },
];

export function makeStore(n: number, name: string, lat: number, lng: number, over: Partial<Store> & { mobile?: Partial<Store['mobileOrdering']> } = {}): Store {
  const { mobile, ...rest } = over;
  return {
    storeNumber: `${n}-${1000 + n}`,
    id: `store-${n}`,
    name,
    coordinates: { latitude: lat, longitude: lng },
    address: {
      singleLine: `${100 + n} Main St, Seattle, WA 98101`,
      lines: [`${100 + n} Main St`, 'Seattle, WA 98101'],
      city: 'Seattle',
      postalCode: '98101',
      countryCode: 'US',
      countrySubdivisionCode: 'WA',
    },
    phoneNumber: `206-555-01${String(n).padStart(2, '0')}`,
    open: true,
    openStatusFormatted: 'Open until 9:00 PM',
    hoursStatusFormatted: '5:30 AM to 9:00 PM',
    schedule,
    pickUpOptions: [
      { code: '16', name: 'In store' },
      { code: 'DT', name: 'Drive-thru' },
    ],
    amenities: [
      { code: 'WF', name: 'Wi-Fi' },
      { code: 'LB', name: 'Lobby seating' },
    ],
    warningLabels: [],
    mobileOrdering: { availability: 'READY', guestOrdering: true, curbsideAvailability: 'available', stallQuantity: 4, ...mobile },
    isOpen24Hours: false,
    ownershipTypeCode: 'CO',
    timeZone: { timeZoneId: 'America/Los_Angeles' },
    ...rest,
  };
}

export const pikePlace = makeStore(1, 'Pike Place', 47.6097, -122.3422, { warningLabels: [{ code: 'CONSTRUCTION', label: 'Entrance on 1st Ave during construction' }] });
export const capitolHill = makeStore(2, 'Capitol Hill', 47.6231, -122.3208, { open: false, openStatusFormatted: 'Closed · Opens 5:30 AM tomorrow' });
export const fremont = makeStore(3, 'Fremont', 47.6505, -122.3493, { mobile: { guestOrdering: false } });
export const ballard = makeStore(4, 'Ballard', 47.6687, -122.3843, { mobile: { availability: 'NOT_READY' } });
export const queenAnne = makeStore(5, 'Queen Anne', 47.6374, -122.3569);
export const wallingford = makeStore(6, 'Wallingford', 47.6615, -122.3343, { open: false, openStatusFormatted: 'Closed · Opens 6:00 AM', mobile: { guestOrdering: false } });

/** What the list answers carry of a store (the server's formatSummary): the card's fields only. */
export function summaryOf(s: Store): StoreSummary {
  return {
    storeNumber: s.storeNumber,
    name: s.name,
    coordinates: s.coordinates,
    address: { singleLine: s.address.singleLine },
    open: s.open,
    openStatusFormatted: s.openStatusFormatted,
    mobileOrdering: { availability: s.mobileOrdering.availability, guestOrdering: s.mobileOrdering.guestOrdering },
  };
}

const result = (store: Store, distance: number, reason: LocationResult['recommendationReason'] = 'NEARBY'): LocationResult => ({
  store: summaryOf(store),
  distance,
  isFavorite: reason === 'FAVORITE',
  isPrevious: reason === 'USUAL',
  recommendationReason: reason,
});

export const seattleResults: LocationsResponse = {
  stores: [result(pikePlace, 0.3, 'FAVORITE'), result(capitolHill, 1.2, 'USUAL'), result(fremont, 2.6), result(ballard, 3.4), result(queenAnne, 1.9)],
  coordinates: { latitude: 47.6062, longitude: -122.3321 },
  placeName: 'Seattle, WA, US',
  expandedStoreNumber: null,
  selectedStoreNumber: null,
};

/** the first result is closed: the in-menu locator selects the first orderable one instead */
export const closedFirstResults: LocationsResponse = {
  ...seattleResults,
  stores: [result(capitolHill, 0.4), result(ballard, 0.9), result(fremont, 1.1)],
};

export const emptyResults: LocationsResponse = {
  stores: [],
  coordinates: { latitude: 46.2, longitude: -119.1 },
  placeName: 'Nowhere, WA, US',
  expandedStoreNumber: null,
  selectedStoreNumber: null,
};

export const nearestResult: NearestLocationResponse = { store: summaryOf(queenAnne), distance: 112.4, coordinates: { latitude: 46.2, longitude: -119.1 } };

export const seattlePlace: Place = { id: 5809844, name: 'Seattle', displayName: 'Seattle, WA, US', latitude: 47.6062, longitude: -122.3321 };
export const places: Place[] = [seattlePlace, { id: 5810301, name: 'SeaTac', displayName: 'SeaTac, WA, US', latitude: 47.4435, longitude: -122.2961 }];

export const apiError = (status: number, code: string, message = 'error') => ({ name: 'ApiRequestError', status, code, message });

/** A point in downtown Seattle the model's map and geolocation events use. */
export const modelPoint = { lat: 47.61, lng: -122.33 };

/**
 * The locator model's events, shared by the machine-level path tests (machines/__tests__/locator.paths.test.ts)
 * and the view-level ones (src/views/locator/LocatorView.paths.test.tsx): the same paths at both layers
 * (docs/architecture.md#tests-three-layers-on-the-same-paths). Each layer adds only its own extras.
 */
export const locatorModelEvents: AnyEventObject[] = [
  { type: 'user.typePlace', text: 'sea' },
  { type: 'user.typePlace', text: '' },
  { type: 'user.search', text: 'Seattle' },
  { type: 'user.moveSuggestion', delta: 1 },
  { type: 'user.choosePlace', place: seattlePlace },
  { type: 'user.closeSuggestions' },
  { type: 'user.locateMe' },
  { type: 'user.zoomIn' },
  { type: 'user.zoomOut' },
  { type: 'map.moved', ...modelPoint, zoom: 12 },
  { type: 'map.moved', ...modelPoint, zoom: 3 },
  { type: 'user.hoverStore', storeNumber: '3-1003' },
  { type: 'user.selectStore', storeNumber: '5-1005' },
  { type: 'map.markerClicked', storeNumber: '3-1003' },
  { type: 'user.confirmStore', storeNumber: '1-1001' },
  { type: 'user.confirmStore', storeNumber: '2-1002' },
  { type: 'user.confirmStore', storeNumber: '3-1003' },
  { type: 'user.applyFilters', features: ['DT', 'WF'] },
  { type: 'user.retry' },
  { type: 'user.showNearest' },
  { type: 'xstate.after.searchDebounce.locator.results.browsing.debouncing' },
  { type: 'xstate.after.autocompleteDebounce.locator.suggestions.debouncing' },
  { type: 'xstate.done.actor.fetchLocations', output: seattleResults },
  { type: 'xstate.done.actor.fetchLocations', output: emptyResults },
  { type: 'xstate.error.actor.fetchLocations', error: apiError(404, 'STORE_NOT_FOUND') },
  { type: 'xstate.error.actor.fetchLocations', error: apiError(404, 'PLACE_NOT_FOUND') },
  { type: 'xstate.error.actor.fetchLocations', error: apiError(503, 'UNEXPECTED_ERROR') },
  { type: 'xstate.done.actor.nearestLocation', output: nearestResult },
  { type: 'xstate.error.actor.nearestLocation', error: apiError(404, 'NO_STORES_FOUND') },
  { type: 'xstate.error.actor.nearestLocation', error: apiError(500, 'UNEXPECTED_ERROR') },
  { type: 'xstate.done.actor.geolocate', output: { ...modelPoint, accuracy: 25 } },
  { type: 'xstate.error.actor.geolocate', error: { code: 1, message: 'User denied Geolocation' } },
  { type: 'xstate.done.actor.placeSuggestions', output: places },
  { type: 'xstate.done.actor.placeSuggestions', output: [] },
  { type: 'xstate.error.actor.placeSuggestions', error: apiError(500, 'UNEXPECTED_ERROR') },
];
