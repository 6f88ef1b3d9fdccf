/**
 * The store locator's types, constants and start defaults (machines/locator.machine.ts is the machine; map maths in
 * machines/locator-map.ts; pure reads of its context in machines/locator-select.ts).
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { LocationResult, LocationsResponse, NearestLocationResponse, Place } from '../contracts/locations.ts';
import type { FlowError } from './flow.ts';

/** with an accurate geolocation only the first 3 stores are used (spec 1 section 5) */
export const GEOLOCATION_STORE_LIMIT = 3;


export type LocatorTab = 'nearby' | 'previous' | 'favorites';

export interface SearchArea {
  place: string | null;
  lat: number | null;
  lng: number | null;
  storeNumber: string | null;
}

export interface LocatorQueryInput {
  place?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  storeNumber?: string | undefined;
  features?: string[] | undefined;
}

export interface LocatorInput {
  /** the locator inside the menu flow (/menu/store-locator) */
  inMenu: boolean;
  query: LocatorQueryInput;
  mapDefaults: { lat: number; lng: number; zoom: number };
  /** metres; config.locator.geolocationAccuracyThreshold */
  accuracyThreshold: number;
  signedIn: boolean;
  /** ?toCart: go to /menu/cart after confirming */
  toCart: boolean;
  /** a validated same-origin path to go back to after confirming */
  returnPath: string | null;
}

/** What the locator starts with when its route gives no (or a partial) input: the server's defaults (server/config.ts). */
export const LOCATOR_INPUT_DEFAULTS: LocatorInput = {
  inMenu: false,
  query: {},
  mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
  accuracyThreshold: 1000,
  signedIn: false,
  toCart: false,
  returnPath: null,
};

export interface MapPosition {
  lat: number;
  lng: number;
  zoom: number;
  /** the user moved the map since the last search: results do not re-centre it */
  userOverride: boolean;
  /** the selection came from the map: the map does not pan to it */
  preventMovement: boolean;
  /** fit the markers after a new search */
  fitBounds: boolean;
}

export interface NearestStore {
  location: LocationResult | null;
  /** where the search that found nothing was centred */
  searchedFrom: { lat: number; lng: number } | null;
  notFound: boolean;
  searched: boolean;
}

/** A failed request as the locator keeps it (machines/flow.ts `asFlowError`, without the body). */
export type LocatorError = Pick<FlowError, 'status' | 'code' | 'message'>;

export interface GeolocationFix {
  lat: number;
  lng: number;
  /** metres */
  accuracy: number;
}

export interface LocatorContext {
  inMenu: boolean;
  signedIn: boolean;
  toCart: boolean;
  returnPath: string | null;
  accuracyThreshold: number;
  mapDefaults: { lat: number; lng: number; zoom: number };
  query: SearchArea;
  features: string[];
  searchText: string;
  placeName: string | null;
  placeNotFound: boolean;
  geolocationSearch: boolean;
  geolocationAccurate: boolean;
  locations: LocationResult[];
  selectedStoreNumber: string | null;
  highlightedStoreNumber: string | null;
  /** the list scrolls to the selected card (selection from the map) */
  scrollListToSelected: boolean;
  nearest: NearestStore;
  map: MapPosition;
  suggestions: Place[];
  /** index of the keyboard-highlighted suggestion, -1 for none */
  activeSuggestion: number;
  activeTab: LocatorTab;
  error: LocatorError | null;
  confirmedLocation: LocationResult | null;
  navigateTo: string | null;
}

export type LocatorEvent =
  | { type: 'user.typePlace'; text: string }
  | { type: 'user.search'; text: string }
  | { type: 'user.moveSuggestion'; delta: 1 | -1 }
  | { type: 'user.choosePlace'; place: Place }
  | { type: 'user.closeSuggestions' }
  | { type: 'user.locateMe' }
  | { type: 'user.zoomIn' }
  | { type: 'user.zoomOut' }
  | { type: 'map.moved'; lat: number; lng: number; zoom: number }
  | { type: 'user.hoverStore'; storeNumber: string | null }
  | { type: 'user.selectStore'; storeNumber: string }
  | { type: 'map.markerClicked'; storeNumber: string }
  | { type: 'user.confirmStore'; storeNumber: string }
  | { type: 'user.applyFilters'; features: string[] }
  | { type: 'user.selectTab'; tab: LocatorTab }
  | { type: 'user.retry' }
  | { type: 'user.showNearest' }
  | { type: 'user.dismissDialog' }
  // raised by the results region when a guest chooses a store without guest ordering
  | { type: 'store.guestOrderingUnavailable'; storeNumber: string }
  // the invokes' answers
  | DoneActorEvent<LocationsResponse, 'fetchLocations'>
  | ErrorActorEvent<unknown, 'fetchLocations'>
  | DoneActorEvent<NearestLocationResponse, 'nearestLocation'>
  | ErrorActorEvent<unknown, 'nearestLocation'>
  | DoneActorEvent<Place[], 'placeSuggestions'>
  | ErrorActorEvent<unknown, 'placeSuggestions'>
  | DoneActorEvent<GeolocationFix, 'geolocate'>
  | ErrorActorEvent<unknown, 'geolocate'>;

/** what the `notify` action is asked to show; the route maps it to src/services/error-catalogue.ts */
export type LocatorNotice = 'unavailableStore';

export interface LocationsRequest {
  place?: string;
  lat?: number;
  lng?: number;
  storeNumber?: string;
  features: string[];
  /** "lat,lng" of the map centre: the geocoder prefers the nearer of same-named places */
  near?: string;
}

export interface NearestRequest {
  lat: number;
  lng: number;
  features: string[];
}

export interface PlaceSuggestionsRequest {
  q: string;
  near: string;
}
