import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Feature } from '../../../contracts/config.ts';
import { markerState, type locatorMachine } from '../../../machines/locator.machine.ts';
import type { favoriteStoreMachine } from '../../../machines/favorite-store.machine.ts';
import type { storeFiltersMachine } from '../../../machines/store-filters.machine.ts';
import type { storeDetailsMachine } from '../../../machines/store-details.machine.ts';
import { locatorMessages } from '../../services/locator-messages.ts';
import { StoreMap, type StoreMapMarker } from './StoreMap.tsx';
import { FulfillmentToggle } from '../shared/FulfillmentToggle.tsx';
import { PlaceSearch } from './PlaceSearch.tsx';
import { FilterButton } from './FilterOverlay.tsx';
import { MapControls } from './MapControls.tsx';
import { StoreResults } from './StoreResults.tsx';
import { useLocatorOverlays } from './locator-overlays.ts';
import './locator.css';

export interface LocatorViewProps {
  locator: ActorRefFrom<typeof locatorMachine>;
  filters: ActorRefFrom<typeof storeFiltersMachine>;
  favorites: ActorRefFrom<typeof favoriteStoreMachine>;
  details: ActorRefFrom<typeof storeDetailsMachine>;
  inMenu: boolean;
  features: Feature[];
  tabMode: boolean;
  enableInAppDelivery: boolean;
  mapConfig: { mapboxToken: string | null; mapboxStyle: string | null; devNotes?: boolean };
  /** /account/signin?returnUrl=<this locator URL> */
  signInHref: string;
  /** /account/create?returnUrl=<this locator URL> */
  createAccountHref: string;
  locale?: string;
}

/**
 * The store locator screen (spec 1 section 2): search, filters, list and map, store details, and the
 * favourites sign-in dialog. List panel left and map right on wide screens; stacked on narrow ones.
 */
export function LocatorView(p: LocatorViewProps) {
  const { locator, details } = p;
  const detailsOpen = useSelector(details, (s) => s.matches('open'));
  // the overlays' chunk (filters, dialogs, details): at idle, or now when one of them is open (locator-overlays.ts)
  const filtersOpen = useSelector(p.filters, (s) => s.matches('open'));
  const signInOpen = useSelector(p.favorites, (s) => s.matches('signInRequired'));
  const dialogOpen = useSelector(locator, (s) => s.hasTag('dialog'));
  const overlays = useLocatorOverlays(detailsOpen || filtersOpen || signInOpen || dialogOpen);
  const title = p.inMenu ? 'Choose a store' : 'Find a store';
  return (
    <div className={`locator${p.inMenu ? ' locator--in-menu' : ''}`}>
      {p.inMenu ? (
        <header className="locator-topbar">
          <Link to="/menu" className="locator-back">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" fill="currentColor" /></svg>
            <span>Menu</span>
          </Link>
          <h1 className="locator-topbar-title">{title}</h1>
        </header>
      ) : null}
      <div className="locator-body">
        <section className="locator-panel" aria-label="Stores">
          <div className="locator-panel-head">
            {p.inMenu ? null : <h1 className="locator-title">{title}</h1>}
            {p.enableInAppDelivery ? <FulfillmentToggle value="pickup" inMenu={p.inMenu} /> : null}
            <div className="locator-searchbar">
              <PlaceSearch locator={locator} />
              <FilterButton filters={p.filters} />
            </div>
            <PhoneViewSwitch />
          </div>
          <div className="locator-panel-body">
            {detailsOpen ? overlays ? <overlays.DetailsPanel {...p} /> : <p role="status" className="locator-details-loading">{locatorMessages.loadingDetails}</p> : <StoreResults locator={locator} favorites={p.favorites} details={details} inMenu={p.inMenu} tabMode={p.tabMode} {...(p.locale ? { locale: p.locale } : {})} />}
          </div>
        </section>
        <section className="locator-map" aria-label="Map">
          <LocatorMap locator={locator} mapConfig={p.mapConfig} />
          <MapControls locator={locator} />
        </section>
      </div>
      {overlays ? <overlays.LocatorDialogs {...p} /> : null}
    </div>
  );
}

function LocatorMap({ locator, mapConfig }: { locator: LocatorViewProps['locator']; mapConfig: LocatorViewProps['mapConfig'] }) {
  const map = useSelector(locator, (s) => s.context.map);
  // the map starts after the list's first answer (results or an empty/error state), not alongside it
  const hold = useSelector(locator, (s) => s.hasTag('loading') && s.context.locations.length === 0);
  const markers = useSelector(
    locator,
    (s): StoreMapMarker[] => {
      const c = s.context;
      const shown = s.matches({ results: { browsing: { noStores: 'nearestFound' } } }) && c.nearest.location ? [c.nearest.location] : c.locations;
      return shown.map((l) => ({
        storeNumber: l.store.storeNumber,
        lat: l.store.coordinates.latitude,
        lng: l.store.coordinates.longitude,
        name: l.store.name,
        state: markerState(c, l.store.storeNumber),
      }));
    },
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  return (
    <StoreMap
      center={{ lat: map.lat, lng: map.lng }}
      zoom={map.zoom}
      markers={markers}
      fitBounds={map.fitBounds}
      mapConfig={mapConfig}
      onMoveEnd={(view) => locator.send({ type: 'map.moved', ...view })}
      onMarkerClick={(storeNumber) => locator.send({ type: 'map.markerClicked', storeNumber })}
      onMarkerHover={(storeNumber) => locator.send({ type: 'user.hoverStore', storeNumber })}
      hold={hold}
    />
  );
}

/**
 * Phones only (CSS): show the stores as a list or as the map, instead of a long list with the map
 * scrolled away. Plain radio buttons: which one is checked is layout, not flow state (locator.css).
 */
function PhoneViewSwitch() {
  return (
    <fieldset className="locator-view-switch">
      <legend className="visually-hidden">Show stores as</legend>
      <label>
        <input type="radio" name="locator-view" value="list" defaultChecked />
        <span>List</span>
      </label>
      <label>
        <input type="radio" name="locator-view" value="map" />
        <span>Map</span>
      </label>
    </fieldset>
  );
}
