/**
 * The store locator's implementations: actor stubs, delays, named guards and actions (`setup`). The statechart
 * itself, with its request mappers, is machines/locator.machine.ts.
 */
import { setup, assign, fromPromise, raise, assertEvent } from 'xstate';
import type { LocationResult, LocationsResponse, NearestLocationResponse, Place } from '../contracts/locations.ts';
import { MAX_RESULT_DISTANCE } from '../contracts/locations.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { clampZoom, fitZoom, MIN_SEARCH_ZOOM, QUERIED_STORE_ZOOM } from './locator-map.ts';
import { canOrderFrom, takesMobileOrders, chooseSelectedStore, confirmTarget, findLocation, hasSearchArea, sameStore } from './locator-select.ts';
import {
  GEOLOCATION_STORE_LIMIT,
  LOCATOR_INPUT_DEFAULTS,
  type GeolocationFix,
  type LocationsRequest,
  type LocatorContext,
  type LocatorEvent,
  type LocatorInput,
  type LocatorNotice,
  type MapPosition,
  type NearestRequest,
  type NearestStore,
  type PlaceSuggestionsRequest,
  type SearchArea,
} from './locator-types.ts';

const emptyArea: SearchArea = { place: null, lat: null, lng: null, storeNumber: null };
const noNearest: NearestStore = { location: null, searchedFrom: null, notFound: false, searched: false };

/** The search as it is before any search, and after Clear: the initial context and `clearSearch` share it. */
export const NO_SEARCH = {
  query: emptyArea,
  searchText: '',
  placeName: null,
  placeNotFound: false,
  geolocationSearch: false,
  geolocationAccurate: false,
  locations: [],
  selectedStoreNumber: null,
  highlightedStoreNumber: null,
  nearest: noNearest,
  error: null,
} as const satisfies Partial<LocatorContext>;

const usable = (stores: LocationResult[]) => stores.filter((l) => l.distance <= MAX_RESULT_DISTANCE);

// ---------------------------------------------------------------------------------------------

export const locatorSetup = setup({
  types: {
    context: {} as LocatorContext,
    events: {} as LocatorEvent,
    input: {} as LocatorInput,
  },
  actors: {
    fetchLocations: fromPromise<LocationsResponse, LocationsRequest>(async () => notProvided('fetchLocations')),
    nearestLocation: fromPromise<NearestLocationResponse, NearestRequest>(async () => notProvided('nearestLocation')),
    placeSuggestions: fromPromise<Place[], PlaceSuggestionsRequest>(async () => notProvided('placeSuggestions')),
    geolocate: fromPromise<GeolocationFix>(async () => notProvided('geolocate')),
  },
  delays: {
    searchDebounce: 200,
    autocompleteDebounce: 200,
  },
  guards: {
    hasText: ({ event }) => {
      assertEvent(event, ['user.search', 'user.typePlace']);
      return event.text.trim().length > 0;
    },
    hasSearchArea: ({ context }) => hasSearchArea(context.query),
    hasStores: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchLocations');
      return usable(event.output.stores).length > 0;
    },
    isStoreNotFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchLocations');
      const e = asFlowError(event.error);
      return e.status === 404 && e.code === 'STORE_NOT_FOUND';
    },
    isPlaceNotFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchLocations');
      const e = asFlowError(event.error);
      return e.status === 404 && e.code === 'PLACE_NOT_FOUND';
    },
    isNoStoresFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.nearestLocation');
      return asFlowError(event.error).status === 404;
    },
    movedBelowSearchZoom: ({ event }) => {
      assertEvent(event, 'map.moved');
      return event.zoom < MIN_SEARCH_ZOOM;
    },
    zoomInBelowSearchZoom: ({ context }) => clampZoom(context.map.zoom + 1) < MIN_SEARCH_ZOOM,
    zoomOutBelowSearchZoom: ({ context }) => clampZoom(context.map.zoom - 1) < MIN_SEARCH_ZOOM,
    hasSuggestions: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.placeSuggestions');
      return event.output.length > 0;
    },
    isKnownStore: ({ context, event }) => {
      assertEvent(event, ['user.selectStore', 'map.markerClicked', 'user.confirmStore']);
      return !!event.storeNumber && !!findLocation(context, event.storeNumber);
    },
    /** no mobile orders here (NOT_READY / UNAVAILABLE anywhere; in the menu also a closed store): a toast */
    storeUnavailable: ({ context, event }) => {
      assertEvent(event, 'user.confirmStore');
      const l = findLocation(context, event.storeNumber);
      return !!l && (context.inMenu ? !canOrderFrom(l.store) : !takesMobileOrders(l.store));
    },
    /** the store of a guest's refused choice is open and READY (the account-required dialog; otherwise the generic one) */
    isOpenAndReady: ({ context, event }) => {
      assertEvent(event, 'store.guestOrderingUnavailable');
      const l = findLocation(context, event.storeNumber);
      return !!l && canOrderFrom(l.store);
    },
    /** a guest chooses a store without guest ordering: a dialog (spec 1 section 6) */
    guestCannotOrder: ({ context, event }) => {
      assertEvent(event, 'user.confirmStore');
      if (context.signedIn) return false;
      const l = findLocation(context, event.storeNumber);
      return !!l && !l.store.mobileOrdering.guestOrdering;
    },
  },
  actions: {
    applyInput: assign(({ event }) => {
      const input = inputOf<LocatorInput>(event, LOCATOR_INPUT_DEFAULTS);
      const q = input.query;
      const hasCoords = typeof q.lat === 'number' && typeof q.lng === 'number';
      return {
        inMenu: input.inMenu,
        signedIn: input.signedIn,
        toCart: input.toCart,
        returnPath: input.returnPath,
        accuracyThreshold: input.accuracyThreshold,
        mapDefaults: input.mapDefaults,
        query: {
          place: q.place?.trim() || null,
          lat: hasCoords ? q.lat! : null,
          lng: hasCoords ? q.lng! : null,
          storeNumber: q.storeNumber || null,
        },
        features: q.features ?? [],
        searchText: q.place?.trim() ?? '',
        map: {
          lat: hasCoords ? q.lat! : input.mapDefaults.lat,
          lng: hasCoords ? q.lng! : input.mapDefaults.lng,
          zoom: clampZoom(input.mapDefaults.zoom),
          userOverride: false,
          preventMovement: false,
          fitBounds: false,
        },
      };
    }),
    setPlaceQuery: assign(({ event }) => {
      assertEvent(event, 'user.search');
      return {
        query: { ...emptyArea, place: event.text.trim() },
        searchText: event.text,
        geolocationSearch: false,
        geolocationAccurate: false,
        placeNotFound: false,
        placeName: null,
      };
    }),
    setChosenPlaceQuery: assign(({ event }) => {
      assertEvent(event, 'user.choosePlace');
      return {
        query: { ...emptyArea, lat: event.place.latitude, lng: event.place.longitude },
        searchText: event.place.displayName,
        placeName: event.place.displayName,
        geolocationSearch: false,
        geolocationAccurate: false,
        placeNotFound: false,
      };
    }),
    clearSearch: assign({ ...NO_SEARCH, query: { ...emptyArea }, locations: [], nearest: { ...noNearest } }),
    setGeolocationQuery: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.geolocate');
      const fix = event.output;
      return {
        query: { ...emptyArea, lat: fix.lat, lng: fix.lng },
        geolocationSearch: true,
        geolocationAccurate: fix.accuracy <= context.accuracyThreshold,
        map: { ...context.map, lat: fix.lat, lng: fix.lng, userOverride: false, fitBounds: false },
      };
    }),
    setMapFromMove: assign(({ context, event }) => {
      assertEvent(event, 'map.moved');
      return { map: { ...context.map, lat: event.lat, lng: event.lng, zoom: clampZoom(event.zoom), userOverride: true, preventMovement: false, fitBounds: false } };
    }),
    zoomIn: assign(({ context }) => ({ map: { ...context.map, zoom: clampZoom(context.map.zoom + 1), userOverride: true, fitBounds: false } })),
    zoomOut: assign(({ context }) => ({ map: { ...context.map, zoom: clampZoom(context.map.zoom - 1), userOverride: true, fitBounds: false } })),
    setMapCentreQuery: assign(({ context }) => ({
      query: { ...emptyArea, lat: context.map.lat, lng: context.map.lng },
      placeName: null,
      placeNotFound: false,
      geolocationSearch: false,
      geolocationAccurate: false,
    })),
    clearResults: assign({
      query: { ...emptyArea },
      locations: [],
      selectedStoreNumber: null,
      highlightedStoreNumber: null,
      nearest: { ...noNearest },
      placeName: null,
      placeNotFound: false,
      error: null,
    }),
    setFeatures: assign(({ event }) => {
      assertEvent(event, 'user.applyFilters');
      return { features: [...event.features] };
    }),
    startLoading: assign({ error: null }),
    assignResults: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.fetchLocations');
      const res = event.output;
      let locations = usable(res.stores);
      if (context.geolocationSearch && context.geolocationAccurate) locations = locations.slice(0, GEOLOCATION_STORE_LIMIT);
      const queried = context.query.storeNumber ? locations.find((l) => sameStore(l.store.storeNumber, context.query.storeNumber)) : undefined;
      const map: MapPosition = context.map.userOverride
        ? { ...context.map, fitBounds: false }
        : queried
          ? // a store asked for by number (or the chosen store in the menu) is the centre, at street level
            { lat: queried.store.coordinates.latitude, lng: queried.store.coordinates.longitude, zoom: QUERIED_STORE_ZOOM, userOverride: false, preventMovement: false, fitBounds: false }
          : {
            lat: res.coordinates.latitude,
            lng: res.coordinates.longitude,
            zoom: fitZoom(locations.map((l) => ({ lat: l.store.coordinates.latitude, lng: l.store.coordinates.longitude }))),
            userOverride: false,
            preventMovement: false,
            fitBounds: true,
          };
      return {
        locations,
        selectedStoreNumber: chooseSelectedStore(locations, { inMenu: context.inMenu, storeNumber: context.query.storeNumber, signedIn: context.signedIn }),
        highlightedStoreNumber: null,
        scrollListToSelected: false,
        placeName: res.placeName ?? context.placeName,
        placeNotFound: false,
        nearest: { ...noNearest },
        map,
        error: null,
      };
    }),
    assignNoStores: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.fetchLocations');
      const res = event.output;
      return {
        locations: [],
        selectedStoreNumber: null,
        highlightedStoreNumber: null,
        placeName: res.placeName ?? context.placeName,
        placeNotFound: false,
        nearest: { ...noNearest, searchedFrom: { lat: res.coordinates.latitude, lng: res.coordinates.longitude } },
        map: context.map.userOverride ? context.map : { ...context.map, lat: res.coordinates.latitude, lng: res.coordinates.longitude, fitBounds: false },
        error: null,
      };
    }),
    clearLocations: assign({ locations: [], selectedStoreNumber: null, highlightedStoreNumber: null, error: null }),
    assignPlaceNotFound: assign({ locations: [], selectedStoreNumber: null, highlightedStoreNumber: null, placeNotFound: true, placeName: null, error: null }),
    assignError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchLocations');
      const { status, code, message } = asFlowError(event.error);
      return { error: { status, code, message } };
    }),
    assignNearest: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.nearestLocation');
      const res = event.output;
      return {
        nearest: {
          ...context.nearest,
          location: { store: res.store, distance: res.distance, isFavorite: false, isPrevious: false, recommendationReason: 'NEARBY' as const },
          notFound: false,
          searched: true,
        },
      };
    }),
    assignNearestNotFound: assign(({ context }) => ({ nearest: { ...context.nearest, location: null, notFound: true, searched: true } })),
    assignNearestFailed: assign(({ context }) => ({ nearest: { ...context.nearest, location: null, notFound: false, searched: true } })),
    setNearestQuery: assign(({ context }) => {
      const s = context.nearest.location?.store;
      if (!s) return {};
      return {
        query: { ...emptyArea, lat: s.coordinates.latitude, lng: s.coordinates.longitude },
        placeName: null,
        geolocationSearch: false,
        geolocationAccurate: false,
        map: { ...context.map, userOverride: false },
      };
    }),
    highlightStore: assign(({ context, event }) => {
      assertEvent(event, 'user.hoverStore');
      return { highlightedStoreNumber: event.storeNumber && !sameStore(event.storeNumber, context.selectedStoreNumber) ? event.storeNumber : null };
    }),
    selectFromList: assign(({ context, event }) => {
      assertEvent(event, 'user.selectStore');
      const l = findLocation(context, event.storeNumber);
      return {
        selectedStoreNumber: l?.store.storeNumber ?? event.storeNumber,
        highlightedStoreNumber: null,
        scrollListToSelected: false,
        map: l
          ? { ...context.map, lat: l.store.coordinates.latitude, lng: l.store.coordinates.longitude, preventMovement: false, fitBounds: false }
          : context.map,
      };
    }),
    selectFromMap: assign(({ context, event }) => {
      assertEvent(event, 'map.markerClicked');
      const l = findLocation(context, event.storeNumber);
      return {
        selectedStoreNumber: l?.store.storeNumber ?? event.storeNumber,
        highlightedStoreNumber: null,
        scrollListToSelected: true,
        map: { ...context.map, preventMovement: true, fitBounds: false },
      };
    }),
    assignConfirmation: assign(({ context, event }) => {
      assertEvent(event, 'user.confirmStore');
      return { confirmedLocation: findLocation(context, event.storeNumber) ?? null, navigateTo: confirmTarget(context) };
    }),
    setTab: assign(({ event }) => {
      assertEvent(event, 'user.selectTab');
      return { activeTab: event.tab };
    }),
    setSearchText: assign(({ event }) => {
      assertEvent(event, 'user.typePlace');
      return { searchText: event.text };
    }),
    setSuggestions: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.placeSuggestions');
      return { suggestions: event.output, activeSuggestion: -1 };
    }),
    clearSuggestions: assign({ suggestions: [], activeSuggestion: -1 }),
    moveSuggestion: assign(({ context, event }) => {
      assertEvent(event, 'user.moveSuggestion');
      if (!context.suggestions.length) return {};
      const n = context.suggestions.length;
      const from = context.activeSuggestion < 0 ? (event.delta > 0 ? -1 : n) : context.activeSuggestion;
      return { activeSuggestion: (from + event.delta + n) % n };
    }),
    explainGuestOrdering: raise(({ event }) => {
      assertEvent(event, 'user.confirmStore');
      return { type: 'store.guestOrderingUnavailable' as const, storeNumber: event.storeNumber };
    }),
    // effects the route provides (no-ops until then)
    notify: (_, _params: { notice: LocatorNotice }) => {},
    persistSelectedStore: () => {},
    navigate: () => {},
    syncUrl: () => {},
  },
});
