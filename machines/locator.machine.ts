import type { LocationsRequest, LocatorContext, NearestRequest, PlaceSuggestionsRequest } from './locator-types.ts';
import { locatorSetup, NO_SEARCH } from './locator.setup.ts';
import { nearParam } from './locator-map.ts';

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
 *
 * Types and constants: machines/locator-types.ts; map maths: machines/locator-map.ts; pure reads of the
 * context: machines/locator-select.ts; guards and actions: machines/locator.setup.ts. All re-exported here.
 */
export * from './locator-types.ts';
export * from './locator-map.ts';
export * from './locator-select.ts';

// ---- the requests of its invokes (docs/machines.md) -------------------------------------------------------

export function locationsRequest({ context }: { context: Pick<LocatorContext, 'query' | 'features' | 'map'> }): LocationsRequest {
  const q = context.query;
  return {
    ...(q.place ? { place: q.place, near: nearParam(context.map) } : {}),
    ...(q.lat !== null && q.lng !== null ? { lat: q.lat, lng: q.lng } : {}),
    ...(q.storeNumber ? { storeNumber: q.storeNumber } : {}),
    features: context.features,
  };
}

export function nearestRequest({ context }: { context: Pick<LocatorContext, 'nearest' | 'features' | 'map'> }): NearestRequest {
  const from = context.nearest.searchedFrom ?? { lat: context.map.lat, lng: context.map.lng };
  return { lat: from.lat, lng: from.lng, features: context.features };
}

export function placeSuggestionsRequest({ context }: { context: Pick<LocatorContext, 'searchText' | 'map'> }): PlaceSuggestionsRequest {
  return { q: context.searchText.trim(), near: nearParam(context.map) };
}

// ---- the statechart ---------------------------------------------------------------------------------------

export const locatorMachine = locatorSetup.createMachine({
  id: 'locator',
  description: 'Find a store by place, location or map, filter, favourite and choose the store to order from.',
  meta: { title: 'Store locator', spec: '1: sections 2 (Store locator), 3 (Locator state), 4 (Locator), 5, 6, 8 (Locator), 9' },
  type: 'parallel',
  entry: 'applyInput',
  context: {
    inMenu: false,
    signedIn: false,
    toCart: false,
    returnPath: null,
    accuracyThreshold: 1000,
    mapDefaults: { lat: 39.5, lng: -98.35, zoom: 4 },
    ...NO_SEARCH,
    query: { place: null, lat: null, lng: null, storeNumber: null },
    features: [],
    locations: [],
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
                onError: { target: 'empty.geolocation' },
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
              meta: { message: 'noStoresTitle' },
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
                nearestNotFound: { description: 'No store anywhere near (404 on nearest-location).', meta: { message: 'nearestNotFound' } },
                nearestFailed: { description: 'The nearest-store lookup failed; only the no-stores message shows.' },
              },
            },
            empty: {
              description: 'An empty state instead of the list.',
              initial: 'searchOrZoom',
              states: {
                searchOrZoom: { description: 'Nothing asked yet: search for a place or zoom in on the map.', meta: { message: 'searchOrZoom' } },
                notFound: { description: "The queried store number does not exist (404 STORE_NOT_FOUND): Whoops! We couldn't find that store.", meta: { message: 'storeNotFound' } },
                placeNameNotFound: { description: 'The place searched for is unknown (404 PLACE_NOT_FOUND); locations are cleared.', meta: { message: 'placeNotFound' } },
                zoomedOut: { description: 'The map is zoomed out too far to search.', meta: { message: 'zoomedOut' } },
                geolocation: { description: 'The browser could not or would not give a position.', meta: { message: 'geolocationUnavailable' } },
              },
            },
            error: {
              description: 'The locations request failed (5xx or network): a generic error with a retry.',
              tags: 'error',
              meta: { message: 'generic' },
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
          meta: { dialog: 'accountRequired', message: 'accountRequired' },
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
