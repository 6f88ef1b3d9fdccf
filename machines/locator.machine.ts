import { setup, assign, fromPromise, raise } from 'xstate';
import type { LocationResult, LocationsResponse, NearestLocationResponse, Place, Store } from '../contracts/locations.ts';
import { MAX_RESULT_DISTANCE, shortStoreNumber } from '../contracts/locations.ts';

/**
 * The store locator (spec 1: section 2 "Store locator", section 3 "Locator state", section 4 "Locator",
 * sections 5, 6, 8 and 9). Three regions run side by side:
 * - `results`: what the list and the map show (search, geolocation, map moves, filters, the empty
 *   states, the nearest-store offer, hover/selection and confirming the store to order from);
 * - `dialog`: the account-required / unavailable dialog a guest gets on choosing a store without guest
 *   ordering (spec 1 section 6; the results region raises `store.guestOrderingUnavailable`);
 * - `suggestions`: place autocomplete under the search box (debounced).
 *
 * Each invoke builds its actor's request with a named, exported input mapper
 * (`locationsRequest`, `nearestRequest`, `placeSuggestionsRequest`): see docs/machines.md.
 */

export const MIN_ZOOM = 3;
export const MAX_ZOOM = 21;
/** below this zoom a map move does not search (the zoomedOut empty state) */
export const MIN_SEARCH_ZOOM = 9;
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

export interface LocatorError {
  status: number;
  code: string;
  message: string;
}

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
  | { type: 'store.guestOrderingUnavailable'; storeNumber: string };

/** what the `notify` action is asked to show; the route maps it to src/services/error-catalogue.ts */
export type LocatorNotice = 'unavailableStore';

// ---------------------------------------------------------------------------------------------
// Pure helpers (also used by the route, the views and the tests)

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** Ordering needs the store open and mobile ordering READY (spec 1 section 5). */
export const canOrderFrom = (store: Store) => store.open && store.mobileOrdering.availability === 'READY';

/** The store takes mobile orders at all (NOT_READY and UNAVAILABLE stores never do): 'Order here' is offered only then. */
export const takesMobileOrders = (store: Store) => store.mobileOrdering.availability === 'READY';

/** A guest may order only where the store has guest ordering (spec 1 section 6). */
export const guestCanOrderFrom = (store: Store) => canOrderFrom(store) && store.mobileOrdering.guestOrdering;

/**
 * What a store card and the details say about ordering there, and whether 'Order here' is offered:
 * never on a store that takes no mobile orders (NOT_READY, UNAVAILABLE); in the menu a closed store says
 * so (choosing it shows a toast, spec 1 section 4); a guest is told when the store needs an account.
 */
export type OrderingStatus = 'notReady' | 'unavailable' | 'closedNow' | 'accountRequired' | null;
export function orderingStatus(store: Store, opts: { inMenu: boolean; signedIn: boolean }): { offerOrder: boolean; status: OrderingStatus } {
  const availability = store.mobileOrdering.availability;
  if (availability === 'NOT_READY') return { offerOrder: false, status: 'notReady' };
  if (availability !== 'READY') return { offerOrder: false, status: 'unavailable' };
  if (!opts.signedIn && !store.mobileOrdering.guestOrdering) return { offerOrder: true, status: 'accountRequired' };
  if (opts.inMenu && !store.open) return { offerOrder: true, status: 'closedNow' };
  return { offerOrder: true, status: null };
}

export const sameStore = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && shortStoreNumber(a) === shortStoreNumber(b);

/**
 * The store selected after a search (spec 1 section 4): the queried store number if given; in the
 * in-menu locator the first open store whose mobile ordering is READY (for a guest: that also has guest
 * ordering), else the first result; otherwise the first result.
 */
export function chooseSelectedStore(locations: LocationResult[], opts: { inMenu: boolean; storeNumber: string | null; signedIn?: boolean }): string | null {
  if (opts.storeNumber) {
    const queried = locations.find((l) => sameStore(l.store.storeNumber, opts.storeNumber));
    if (queried) return queried.store.storeNumber;
  }
  if (opts.inMenu) {
    // a guest is never preselected a store without guest ordering (spec 1 section 6)
    const orderable = locations.find((l) => (opts.signedIn === false ? guestCanOrderFrom(l.store) : canOrderFrom(l.store)));
    if (orderable) return orderable.store.storeNumber;
  }
  return locations[0]?.store.storeNumber ?? null;
}

/** Where confirming a store goes (spec 1 section 2): the stored return path, else /menu/cart with toCart, else /menu. */
export function confirmTarget(opts: { returnPath: string | null; toCart: boolean }): string {
  if (opts.returnPath) return opts.returnPath;
  if (opts.toCart) return '/menu/cart';
  return '/menu';
}

export function findLocation(ctx: Pick<LocatorContext, 'locations' | 'nearest'>, storeNumber: string): LocationResult | undefined {
  return (
    ctx.locations.find((l) => sameStore(l.store.storeNumber, storeNumber)) ??
    (ctx.nearest.location && sameStore(ctx.nearest.location.store.storeNumber, storeNumber) ? ctx.nearest.location : undefined)
  );
}

export function markerState(ctx: Pick<LocatorContext, 'selectedStoreNumber' | 'highlightedStoreNumber'>, storeNumber: string): 'default' | 'highlighted' | 'selected' {
  if (sameStore(ctx.selectedStoreNumber, storeNumber)) return 'selected';
  if (sameStore(ctx.highlightedStoreNumber, storeNumber)) return 'highlighted';
  return 'default';
}

/** the map fits result sets up to this zoom (as src/services/map does) */
export const FIT_MAX_ZOOM = 15;
/**
 * World width in px at zoom 0 in maplibre-gl and mapbox-gl (512 px tiles): at zoom z the world is
 * 512 * 2^z px wide. (256, the raster-tile convention, put the estimate one level above the real fit,
 * so the first Zoom out after a search zoomed in.)
 */
const WORLD_PX_AT_ZOOM_0 = 512;

/**
 * The zoom at which the map shows these stores after fitting them (the map fits by itself; this keeps
 * the controlled zoom close to where it lands, so zoom buttons and list selection continue from there).
 * Assumes a desktop-sized map area of about 900 x 720 px less the fit padding.
 */
export function fitZoom(points: ReadonlyArray<{ lat: number; lng: number }>, viewport = { width: 900, height: 720 }): number {
  if (!points.length) return MIN_SEARCH_ZOOM;
  const lngs = points.map((p) => p.lng);
  const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360));
  const ys = points.map((p) => mercY(p.lat));
  const lngSpan = Math.max(...lngs) - Math.min(...lngs);
  const ySpan = Math.max(...ys) - Math.min(...ys);
  const zx = lngSpan > 0 ? Math.log2(((viewport.width - 40) * 360) / (WORLD_PX_AT_ZOOM_0 * lngSpan)) : FIT_MAX_ZOOM;
  const zy = ySpan > 0 ? Math.log2(((viewport.height - 80) * 2 * Math.PI) / (WORLD_PX_AT_ZOOM_0 * ySpan)) : FIT_MAX_ZOOM;
  return clampZoom(Math.round(Math.min(zx, zy, FIT_MAX_ZOOM) * 10) / 10);
}

export const hasSearchArea = (q: SearchArea) => !!q.place || (q.lat !== null && q.lng !== null) || !!q.storeNumber;

export interface LocationsRequest {
  place?: string;
  lat?: number;
  lng?: number;
  storeNumber?: string;
  features: string[];
  /** "lat,lng" of the map centre: the geocoder prefers the nearer of same-named places */
  near?: string;
}

/** "lat,lng" of the map centre for the geocoder's ranking */
export const nearParam = (map: Pick<LocatorContext['map'], 'lat' | 'lng'>): string => `${map.lat.toFixed(4)},${map.lng.toFixed(4)}`;

export function locationsRequest({ context }: { context: Pick<LocatorContext, 'query' | 'features' | 'map'> }): LocationsRequest {
  const q = context.query;
  return {
    ...(q.place ? { place: q.place, near: nearParam(context.map) } : {}),
    ...(q.lat !== null && q.lng !== null ? { lat: q.lat, lng: q.lng } : {}),
    ...(q.storeNumber ? { storeNumber: q.storeNumber } : {}),
    features: context.features,
  };
}

export interface NearestRequest {
  lat: number;
  lng: number;
  features: string[];
}

export function nearestRequest({ context }: { context: Pick<LocatorContext, 'nearest' | 'features' | 'map'> }): NearestRequest {
  const from = context.nearest.searchedFrom ?? { lat: context.map.lat, lng: context.map.lng };
  return { lat: from.lat, lng: from.lng, features: context.features };
}

export interface PlaceSuggestionsRequest {
  q: string;
  near: string;
}

export function placeSuggestionsRequest({ context }: { context: Pick<LocatorContext, 'searchText' | 'map'> }): PlaceSuggestionsRequest {
  return { q: context.searchText.trim(), near: nearParam(context.map) };
}

/** The URL search params that reproduce the current query (the route keeps the address bar in step). */
export function locatorSearchParams(ctx: Pick<LocatorContext, 'query' | 'features'>): Record<string, string | undefined> {
  const q = ctx.query;
  return {
    place: q.place ?? undefined,
    lat: q.lat !== null && q.lng !== null ? q.lat.toFixed(5) : undefined,
    lng: q.lat !== null && q.lng !== null ? q.lng.toFixed(5) : undefined,
    storeNumber: q.storeNumber ?? undefined,
    features: ctx.features.length ? ctx.features.join(',') : undefined,
  };
}

const emptyArea: SearchArea = { place: null, lat: null, lng: null, storeNumber: null };
const noNearest: NearestStore = { location: null, searchedFrom: null, notFound: false, searched: false };

function errorOf(error: unknown): LocatorError {
  const e = (error ?? {}) as { status?: unknown; code?: unknown; message?: unknown };
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof e.code === 'string' ? e.code : 'UNEXPECTED_ERROR',
    message: typeof e.message === 'string' ? e.message : '',
  };
}

const usable = (stores: LocationResult[]) => stores.filter((l) => l.distance <= MAX_RESULT_DISTANCE);

// ---------------------------------------------------------------------------------------------

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided: the route supplies it with machine.provide()`);
};

export const locatorMachine = setup({
  types: {
    context: {} as LocatorContext,
    events: {} as LocatorEvent,
    input: {} as LocatorInput,
  },
  actors: {
    fetchLocations: fromPromise<LocationsResponse, LocationsRequest>(notProvided('fetchLocations')),
    nearestLocation: fromPromise<NearestLocationResponse, NearestRequest>(notProvided('nearestLocation')),
    placeSuggestions: fromPromise<Place[], PlaceSuggestionsRequest>(notProvided('placeSuggestions')),
    geolocate: fromPromise<GeolocationFix>(notProvided('geolocate')),
  },
  delays: {
    searchDebounce: 200,
    autocompleteDebounce: 200,
  },
  guards: {
    hasText: ({ event }) => (event.type === 'user.search' || event.type === 'user.typePlace') && event.text.trim().length > 0,
    hasSearchArea: ({ context }) => hasSearchArea(context.query),
    hasStores: ({ event }) => usable((event as unknown as { output: LocationsResponse }).output.stores).length > 0,
    isStoreNotFound: ({ event }) => {
      const e = errorOf((event as unknown as { error: unknown }).error);
      return e.status === 404 && e.code === 'STORE_NOT_FOUND';
    },
    isPlaceNotFound: ({ event }) => {
      const e = errorOf((event as unknown as { error: unknown }).error);
      return e.status === 404 && e.code === 'PLACE_NOT_FOUND';
    },
    isNoStoresFound: ({ event }) => errorOf((event as unknown as { error: unknown }).error).status === 404,
    movedBelowSearchZoom: ({ event }) => event.type === 'map.moved' && event.zoom < MIN_SEARCH_ZOOM,
    zoomInBelowSearchZoom: ({ context }) => clampZoom(context.map.zoom + 1) < MIN_SEARCH_ZOOM,
    zoomOutBelowSearchZoom: ({ context }) => clampZoom(context.map.zoom - 1) < MIN_SEARCH_ZOOM,
    hasSuggestions: ({ event }) => (event as unknown as { output: Place[] }).output.length > 0,
    isKnownStore: ({ context, event }) => 'storeNumber' in event && !!event.storeNumber && !!findLocation(context, event.storeNumber),
    /** no mobile orders here (NOT_READY / UNAVAILABLE anywhere; in the menu also a closed store): a toast */
    storeUnavailable: ({ context, event }) => {
      if (event.type !== 'user.confirmStore') return false;
      const l = findLocation(context, event.storeNumber);
      return !!l && (context.inMenu ? !canOrderFrom(l.store) : !takesMobileOrders(l.store));
    },
    /** the store of a guest's refused choice is open and READY (the account-required dialog; otherwise the generic one) */
    isOpenAndReady: ({ context, event }) => {
      if (event.type !== 'store.guestOrderingUnavailable') return false;
      const l = findLocation(context, event.storeNumber);
      return !!l && canOrderFrom(l.store);
    },
    /** a guest chooses a store without guest ordering: a dialog (spec 1 section 6) */
    guestCannotOrder: ({ context, event }) => {
      if (context.signedIn || event.type !== 'user.confirmStore') return false;
      const l = findLocation(context, event.storeNumber);
      return !!l && !l.store.mobileOrdering.guestOrdering;
    },
  },
  actions: {
    initFromInput: assign(({ event }) => {
      const input = (event as unknown as { input: LocatorInput }).input;
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
      if (event.type !== 'user.search') return {};
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
      if (event.type !== 'user.choosePlace') return {};
      return {
        query: { ...emptyArea, lat: event.place.latitude, lng: event.place.longitude },
        searchText: event.place.displayName,
        placeName: event.place.displayName,
        geolocationSearch: false,
        geolocationAccurate: false,
        placeNotFound: false,
      };
    }),
    clearSearch: assign({
      query: { ...emptyArea },
      searchText: '',
      placeName: null,
      placeNotFound: false,
      geolocationSearch: false,
      geolocationAccurate: false,
      locations: [],
      selectedStoreNumber: null,
      highlightedStoreNumber: null,
      nearest: { ...noNearest },
      error: null,
    }),
    setGeolocationQuery: assign(({ context, event }) => {
      const fix = (event as unknown as { output: GeolocationFix }).output;
      return {
        query: { ...emptyArea, lat: fix.lat, lng: fix.lng },
        geolocationSearch: true,
        geolocationAccurate: fix.accuracy <= context.accuracyThreshold,
        map: { ...context.map, lat: fix.lat, lng: fix.lng, userOverride: false, fitBounds: false },
      };
    }),
    setMapFromMove: assign(({ context, event }) => {
      if (event.type !== 'map.moved') return {};
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
    setFeatures: assign(({ event }) => (event.type === 'user.applyFilters' ? { features: [...event.features] } : {})),
    startLoading: assign({ error: null }),
    assignResults: assign(({ context, event }) => {
      const res = (event as unknown as { output: LocationsResponse }).output;
      let locations = usable(res.stores);
      if (context.geolocationSearch && context.geolocationAccurate) locations = locations.slice(0, GEOLOCATION_STORE_LIMIT);
      const map: MapPosition = context.map.userOverride
        ? { ...context.map, fitBounds: false }
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
      const res = (event as unknown as { output: LocationsResponse }).output;
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
    assignError: assign(({ event }) => ({ error: errorOf((event as unknown as { error: unknown }).error) })),
    assignNearest: assign(({ context, event }) => {
      const res = (event as unknown as { output: NearestLocationResponse }).output;
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
      if (event.type !== 'user.hoverStore') return {};
      return { highlightedStoreNumber: event.storeNumber && !sameStore(event.storeNumber, context.selectedStoreNumber) ? event.storeNumber : null };
    }),
    selectFromList: assign(({ context, event }) => {
      if (event.type !== 'user.selectStore') return {};
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
      if (event.type !== 'map.markerClicked') return {};
      const l = findLocation(context, event.storeNumber);
      return {
        selectedStoreNumber: l?.store.storeNumber ?? event.storeNumber,
        highlightedStoreNumber: null,
        scrollListToSelected: true,
        map: { ...context.map, preventMovement: true, fitBounds: false },
      };
    }),
    assignConfirmation: assign(({ context, event }) => {
      if (event.type !== 'user.confirmStore') return {};
      return { confirmedLocation: findLocation(context, event.storeNumber) ?? null, navigateTo: confirmTarget(context) };
    }),
    setTab: assign(({ event }) => (event.type === 'user.selectTab' ? { activeTab: event.tab } : {})),
    setSearchText: assign(({ event }) => (event.type === 'user.typePlace' ? { searchText: event.text } : {})),
    setSuggestions: assign(({ event }) => ({ suggestions: (event as unknown as { output: Place[] }).output, activeSuggestion: -1 })),
    clearSuggestions: assign({ suggestions: [], activeSuggestion: -1 }),
    moveSuggestion: assign(({ context, event }) => {
      if (event.type !== 'user.moveSuggestion' || !context.suggestions.length) return {};
      const n = context.suggestions.length;
      const from = context.activeSuggestion < 0 ? (event.delta > 0 ? -1 : n) : context.activeSuggestion;
      return { activeSuggestion: (from + event.delta + n) % n };
    }),
    explainGuestOrdering: raise(({ event }) => ({ type: 'store.guestOrderingUnavailable' as const, storeNumber: event.type === 'user.confirmStore' ? event.storeNumber : '' })),
    // effects the route provides (no-ops until then)
    notify: (_, _params: { notice: LocatorNotice }) => {},
    persistSelectedStore: () => {},
    navigate: () => {},
    syncUrl: () => {},
  },
}).createMachine({
  id: 'locator',
  description: 'Find a store by place, location or map, filter, favourite and choose the store to order from.',
  meta: { title: 'Store locator', spec: '1: sections 2 (Store locator), 3 (Locator state), 4 (Locator), 5, 6, 8 (Locator), 9' },
  type: 'parallel',
  entry: 'initFromInput',
  context: {
    inMenu: false,
    signedIn: false,
    toCart: false,
    returnPath: null,
    accuracyThreshold: 1000,
    mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
    query: { place: null, lat: null, lng: null, storeNumber: null },
    features: [],
    searchText: '',
    placeName: null,
    placeNotFound: false,
    geolocationSearch: false,
    geolocationAccurate: false,
    locations: [],
    selectedStoreNumber: null,
    highlightedStoreNumber: null,
    scrollListToSelected: false,
    nearest: { location: null, searchedFrom: null, notFound: false, searched: false },
    map: { lat: 39.5, lng: -98.35, zoom: 4, userOverride: false, preventMovement: false, fitBounds: false },
    suggestions: [],
    activeSuggestion: -1,
    activeTab: 'nearby',
    error: null,
    confirmedLocation: null,
    navigateTo: null,
  },
  states: {
    results: {
      description: 'The stores in the list and on the map.',
      initial: 'browsing',
      states: {
        browsing: {
          description: 'The user searches, moves the map and picks stores.',
          initial: 'initializing',
          on: {
            'user.search': { guard: 'hasText', target: '.debouncing', reenter: true, actions: 'setPlaceQuery' },
            'user.choosePlace': { target: '.loading', reenter: true, actions: 'setChosenPlaceQuery' },
            'user.locateMe': { target: '.locating', reenter: true, actions: 'clearSearch' },
            'map.moved': [
              { guard: 'movedBelowSearchZoom', target: '.empty.zoomedOut', actions: ['setMapFromMove', 'clearResults'] },
              { target: '.debouncing', reenter: true, actions: ['setMapFromMove', 'setMapCentreQuery'] },
            ],
            'user.zoomIn': [
              { guard: 'zoomInBelowSearchZoom', target: '.empty.zoomedOut', actions: ['zoomIn', 'clearResults'] },
              { target: '.debouncing', reenter: true, actions: ['zoomIn', 'setMapCentreQuery'] },
            ],
            'user.zoomOut': [
              { guard: 'zoomOutBelowSearchZoom', target: '.empty.zoomedOut', actions: ['zoomOut', 'clearResults'] },
              { target: '.debouncing', reenter: true, actions: ['zoomOut', 'setMapCentreQuery'] },
            ],
            'user.applyFilters': [
              { guard: 'hasSearchArea', target: '.loading', reenter: true, actions: 'setFeatures' },
              { actions: 'setFeatures' },
            ],
            'user.selectTab': { actions: 'setTab' },
          },
          states: {
            initializing: {
              description: 'Decides from the URL query whether to search at once.',
              always: [{ guard: 'hasSearchArea', target: 'loading' }, { target: 'empty' }],
            },
            debouncing: {
              description: 'Waits 200 ms for the typing or the map to settle before searching.',
              tags: 'loading',
              after: { searchDebounce: { target: 'loading' } },
            },
            locating: {
              description: "Asks the browser for the user's position (a user-initiated geolocation clears the previous search).",
              tags: 'loading',
              invoke: {
                id: 'geolocate',
                src: 'geolocate',
                onDone: { target: 'loading', actions: 'setGeolocationQuery' },
                onError: { target: 'empty.geolocation', actions: 'clearResults' },
              },
            },
            loading: {
              description: 'Fetches the stores for the query (GET /locations).',
              tags: 'loading',
              entry: ['startLoading', 'syncUrl'],
              invoke: {
                id: 'fetchLocations',
                src: 'fetchLocations',
                input: locationsRequest,
                onDone: [
                  { guard: 'hasStores', target: 'showingResults', actions: 'assignResults' },
                  { target: 'noStores', actions: 'assignNoStores' },
                ],
                onError: [
                  { guard: 'isStoreNotFound', target: 'empty.notFound', actions: 'clearLocations' },
                  { guard: 'isPlaceNotFound', target: 'empty.placeNameNotFound', actions: 'assignPlaceNotFound' },
                  { target: 'error', actions: ['clearLocations', 'assignError'] },
                ],
              },
            },
            showingResults: {
              description: 'Store cards and markers; hovering highlights, selecting moves the highlight off.',
              on: {
                'user.hoverStore': { actions: 'highlightStore' },
                'user.selectStore': { guard: 'isKnownStore', actions: 'selectFromList' },
                'map.markerClicked': { guard: 'isKnownStore', actions: 'selectFromMap' },
                'user.confirmStore': [
                  { guard: 'guestCannotOrder', actions: 'explainGuestOrdering' },
                  { guard: 'storeUnavailable', actions: { type: 'notify', params: { notice: 'unavailableStore' } } },
                  { guard: 'isKnownStore', target: '#locator.results.confirmed', actions: 'assignConfirmation' },
                ],
              },
            },
            noStores: {
              description: 'The search found no stores (hints: move or zoom out the map, turn off filters, widen the search); the nearest store is offered.',
              initial: 'requestingNearest',
              states: {
                requestingNearest: {
                  description: 'Looks up the nearest store (POST /locations/nearest-location).',
                  invoke: {
                    id: 'nearestLocation',
                    src: 'nearestLocation',
                    input: nearestRequest,
                    onDone: { target: 'nearestFound', actions: 'assignNearest' },
                    onError: [
                      { guard: 'isNoStoresFound', target: 'nearestNotFound', actions: 'assignNearestNotFound' },
                      { target: 'nearestFailed', actions: 'assignNearestFailed' },
                    ],
                  },
                },
                nearestFound: {
                  description: 'The nearest store is offered: show it on the map or order there.',
                  on: {
                    'user.showNearest': { target: '#locator.results.browsing.loading', actions: 'setNearestQuery' },
                    'user.confirmStore': [
                      { guard: 'guestCannotOrder', actions: 'explainGuestOrdering' },
                      { guard: 'storeUnavailable', actions: { type: 'notify', params: { notice: 'unavailableStore' } } },
                      { guard: 'isKnownStore', target: '#locator.results.confirmed', actions: 'assignConfirmation' },
                    ],
                  },
                },
                nearestNotFound: { description: 'No store anywhere near (404 on nearest-location).' },
                nearestFailed: { description: 'The nearest-store lookup failed; only the no-stores message shows.' },
              },
            },
            empty: {
              description: 'An empty state instead of the list.',
              initial: 'searchOrZoom',
              states: {
                searchOrZoom: { description: 'Nothing asked yet: search for a place or zoom in on the map.' },
                notFound: { description: "The queried store number does not exist (404 STORE_NOT_FOUND): Whoops! We couldn't find that store." },
                placeNameNotFound: { description: 'The place searched for is unknown (404 PLACE_NOT_FOUND); locations are cleared.' },
                zoomedOut: { description: 'The map is zoomed out too far to search.' },
                geolocation: { description: 'The browser could not or would not give a position.' },
              },
            },
            error: {
              description: 'The locations request failed (5xx or network): a generic error with a retry.',
              tags: 'error',
              on: { 'user.retry': { target: 'loading' } },
            },
          },
        },
        confirmed: {
          description: 'The store is confirmed: stored as the selected store, then the app navigates on.',
          entry: ['persistSelectedStore', 'navigate'],
        },
      },
    },
    dialog: {
      description: 'The dialog a guest gets on choosing a store without guest ordering (spec 1 section 6), with Sign in and Create account.',
      initial: 'closed',
      on: {
        'store.guestOrderingUnavailable': [{ guard: 'isOpenAndReady', target: '.accountRequired' }, { target: '.unavailable' }],
      },
      states: {
        closed: { description: 'No dialog.' },
        accountRequired: {
          description: 'The store is open and READY but has no guest ordering: an account is required to order there.',
          tags: 'dialog',
          meta: { dialog: 'accountRequired' },
          on: { 'user.dismissDialog': { target: 'closed' } },
        },
        unavailable: {
          description: 'The store has no guest ordering and is closed or not READY: the generic unavailable dialog.',
          tags: 'dialog',
          meta: { dialog: 'unavailable' },
          on: { 'user.dismissDialog': { target: 'closed' } },
        },
      },
    },
    suggestions: {
      description: 'Place autocomplete under the search box.',
      initial: 'idle',
      on: {
        // no `reenter` at a region's root: it would exit and re-enter the whole parallel machine
        'user.typePlace': [
          { guard: 'hasText', target: '.debouncing', actions: 'setSearchText' },
          { target: '.idle', actions: ['setSearchText', 'clearSuggestions'] },
        ],
        'user.search': { target: '.idle', actions: 'clearSuggestions' },
        'user.choosePlace': { target: '.idle', actions: 'clearSuggestions' },
        'user.locateMe': { target: '.idle', actions: 'clearSuggestions' },
      },
      states: {
        idle: { description: 'No suggestions open.' },
        debouncing: {
          description: 'Waits 200 ms after the last keystroke.',
          after: { autocompleteDebounce: { target: 'fetching' } },
          on: {
            'user.typePlace': [
              { guard: 'hasText', target: 'debouncing', reenter: true, actions: 'setSearchText' },
              { target: 'idle', actions: ['setSearchText', 'clearSuggestions'] },
            ],
          },
        },
        fetching: {
          description: 'Fetches matching places (GET /places/autocomplete).',
          invoke: {
            id: 'placeSuggestions',
            src: 'placeSuggestions',
            input: placeSuggestionsRequest,
            onDone: [
              { guard: 'hasSuggestions', target: 'showing', actions: 'setSuggestions' },
              { target: 'idle', actions: 'clearSuggestions' },
            ],
            onError: { target: 'idle', actions: 'clearSuggestions' },
          },
        },
        showing: {
          description: 'The suggestion list is open; arrow keys move through it.',
          on: {
            'user.moveSuggestion': { actions: 'moveSuggestion' },
            'user.closeSuggestions': { target: 'idle', actions: 'clearSuggestions' },
          },
        },
      },
    },
  },
});
