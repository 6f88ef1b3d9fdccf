import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RecommendationReason } from '../../../contracts/locations.ts';
import { markerState, orderingStatus, sameStore, type LocatorTab, type locatorMachine } from '../../../machines/locator.machine.ts';
import { favoriteOf, type favoriteStoreMachine } from '../../../machines/favorite-store.machine.ts';
import type { storeDetailsMachine } from '../../../machines/store-details.machine.ts';
import { locatorMessages } from '../../services/locator-messages.ts';
import { StoreCard, StoreCardSkeleton, storeCardId } from './StoreCard.tsx';

export interface StoreResultsProps {
  locator: ActorRefFrom<typeof locatorMachine>;
  favorites: ActorRefFrom<typeof favoriteStoreMachine>;
  details: ActorRefFrom<typeof storeDetailsMachine>;
  inMenu: boolean;
  tabMode: boolean;
  locale?: string;
}

const GROUPS: Array<{ reason: RecommendationReason; title: string }> = [
  { reason: 'FAVORITE', title: 'Favorite stores' },
  { reason: 'USUAL', title: 'Previous stores' },
  { reason: 'NEARBY', title: 'Nearby stores' },
];
const TABS: Array<{ tab: LocatorTab; title: string }> = [
  { tab: 'nearby', title: 'Nearby' },
  { tab: 'previous', title: 'Previous' },
  { tab: 'favorites', title: 'Favorites' },
];

/** What the list panel shows for each locator state: skeletons, an empty state, an error, or the stores. */
export function StoreResults(p: StoreResultsProps) {
  const { locator } = p;
  const view = useSelector(locator, (s) => {
    if (s.hasTag('loading')) return 'loading' as const;
    if (s.matches({ results: { browsing: 'showingResults' } }) || s.matches({ results: 'confirmed' })) return 'results' as const;
    if (s.matches({ results: { browsing: 'noStores' } })) return 'noStores' as const;
    if (s.matches({ results: { browsing: 'error' } })) return 'error' as const;
    const empty = (s.value as { results: { browsing?: { empty?: string } } }).results.browsing?.empty;
    return (empty ?? 'searchOrZoom') as 'searchOrZoom' | 'notFound' | 'placeNameNotFound' | 'zoomedOut' | 'geolocation';
  });
  switch (view) {
    case 'loading':
      return (
        <div className="store-results" aria-busy="true">
          <p className="visually-hidden" role="status">Loading stores</p>
          <ul className="store-list">
            {[0, 1, 2, 3].map((i) => (
              <StoreCardSkeleton key={i} />
            ))}
          </ul>
        </div>
      );
    case 'results':
      return <ResultList {...p} />;
    case 'noStores':
      return <NoStores {...p} />;
    case 'error':
      return (
        <EmptyState title={locatorMessages.genericTitle} tone="error">
          <p>{locatorMessages.generic}</p>
          <button type="button" className="btn btn--primary" onClick={() => locator.send({ type: 'user.retry' })}>
            Try again
          </button>
        </EmptyState>
      );
    case 'notFound':
      return <EmptyState title={locatorMessages.notFoundTitle} tone="error"><p>{locatorMessages.storeNotFound}</p></EmptyState>;
    case 'placeNameNotFound':
      return <EmptyState title={locatorMessages.placeNotFoundTitle}><p>{locatorMessages.placeNotFound}</p></EmptyState>;
    case 'zoomedOut':
      return (
        <EmptyState title={locatorMessages.zoomedOutTitle}>
          <p>{locatorMessages.zoomedOut}</p>
        </EmptyState>
      );
    case 'geolocation':
      return <EmptyState title={locatorMessages.geolocationTitle}><p>{locatorMessages.geolocationUnavailable}</p></EmptyState>;
    default:
      return (
        <EmptyState title={locatorMessages.searchOrZoomTitle}>
          <p>{locatorMessages.searchOrZoom}</p>
          <button type="button" className="btn btn--ghost" onClick={() => locator.send({ type: 'user.locateMe' })}>
            Use my location
          </button>
        </EmptyState>
      );
  }
}

function EmptyState({ title, tone = 'info', children }: { title: string; tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <div className={`locator-empty locator-empty--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" className="locator-empty-icon">
        <path d="M24 4c7.7 0 14 6.3 14 14 0 10.5-14 26-14 26S10 28.5 10 18c0-7.7 6.3-14 14-14zm0 8a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" fill="currentColor" />
      </svg>
      <h2 className="locator-empty-title">{title}</h2>
      {children}
    </div>
  );
}

function NoStores(p: StoreResultsProps) {
  const nearestState = useSelector(p.locator, (s) => {
    const v = (s.value as { results: { browsing?: { noStores?: string } } }).results.browsing?.noStores;
    return v ?? 'requestingNearest';
  });
  const nearest = useSelector(p.locator, (s) => s.context.nearest.location);
  const signedIn = useSelector(p.locator, (s) => s.context.signedIn);
  const favorite = useSelector(p.favorites, (s) => (nearest ? favoriteOf(s.context, nearest.store.storeNumber, nearest.isFavorite) : null));
  const hints = locatorMessages.noStoresHints;
  return (
    <div className="store-results">
      <EmptyState title={locatorMessages.noStoresTitle}>
        <ul className="locator-hints">
          {hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      </EmptyState>
      <div className="nearest-store" aria-live="polite">
        {nearestState === 'requestingNearest' ? <p className="nearest-looking">{locatorMessages.lookingForNearest}</p> : null}
        {nearestState === 'nearestNotFound' ? <p>{locatorMessages.nearestNotFound}</p> : null}
        {nearestState === 'nearestFound' && nearest && favorite ? (
          <>
            <h2 className="store-group-title">{locatorMessages.nearestTitle}</h2>
            <ul className="store-list">
              <StoreCard
                location={nearest}
                isFavorite={favorite.isFavorite}
                favoritePending={favorite.favoritePending}
                markerState="default"
                ordering={orderingStatus(nearest.store, { inMenu: p.inMenu, signedIn })}
                onHover={() => {}}
                onSelect={() => p.locator.send({ type: 'user.showNearest' })}
                onToggleFavorite={() => p.favorites.send({ type: 'user.toggleFavorite', storeNumber: nearest.store.storeNumber, isFavorite: favorite.isFavorite })}
                onDetails={() => p.details.send({ type: 'user.openDetails', storeNumber: nearest.store.storeNumber })}
                onOrder={() => p.locator.send({ type: 'user.confirmStore', storeNumber: nearest.store.storeNumber })}
                {...(p.locale ? { locale: p.locale } : {})}
              />
            </ul>
            <button type="button" className="btn btn--ghost" onClick={() => p.locator.send({ type: 'user.showNearest' })}>
              Show stores near {nearest.store.name}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

function ResultList(p: StoreResultsProps) {
  const { locator, favorites } = p;
  const locations = useSelector(locator, (s) => s.context.locations);
  const selected = useSelector(locator, (s) => s.context.selectedStoreNumber);
  const highlighted = useSelector(locator, (s) => s.context.highlightedStoreNumber);
  const scroll = useSelector(locator, (s) => s.context.scrollListToSelected);
  const placeName = useSelector(locator, (s) => s.context.placeName);
  const tab = useSelector(locator, (s) => s.context.activeTab);
  const signedIn = useSelector(locator, (s) => s.context.signedIn);
  const queriedStore = useSelector(locator, (s) => s.context.query.storeNumber);
  const fav = useSelector(favorites, (s) => s.context);
  const tabsId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    if (scroll && selected) document.getElementById(storeCardId(selected))?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [scroll, selected]);

  const withFavorite = locations.map((l) => ({ l, ...favoriteOf(fav, l.store.storeNumber, l.isFavorite) }));
  const card = ({ l, isFavorite, favoritePending }: (typeof withFavorite)[number]) => (
    <StoreCard
      key={l.store.storeNumber}
      location={l}
      isFavorite={isFavorite}
      favoritePending={favoritePending}
      markerState={markerState({ selectedStoreNumber: selected, highlightedStoreNumber: highlighted }, l.store.storeNumber)}
      ordering={orderingStatus(l.store, { inMenu: p.inMenu, signedIn })}
      hideDistance={sameStore(queriedStore, l.store.storeNumber) && l.distance === 0}
      onHover={(storeNumber) => locator.send({ type: 'user.hoverStore', storeNumber })}
      onSelect={() => locator.send({ type: 'user.selectStore', storeNumber: l.store.storeNumber })}
      onToggleFavorite={() => favorites.send({ type: 'user.toggleFavorite', storeNumber: l.store.storeNumber, isFavorite })}
      onDetails={() => {
        locator.send({ type: 'user.selectStore', storeNumber: l.store.storeNumber });
        p.details.send({ type: 'user.openDetails', storeNumber: l.store.storeNumber });
      }}
      onOrder={() => locator.send({ type: 'user.confirmStore', storeNumber: l.store.storeNumber })}
      {...(p.locale ? { locale: p.locale } : {})}
    />
  );
  const summary = (
    <p className="store-results-summary" role="status">
      {locations.length} {locations.length === 1 ? 'store' : 'stores'}
      {placeName ? ` near ${placeName}` : ' in this area'}
    </p>
  );

  if (p.tabMode) {
    const shown = withFavorite.filter((x) => (tab === 'previous' ? x.l.isPrevious : tab === 'favorites' ? x.isFavorite : true));
    const onKey = (e: KeyboardEvent) => {
      const i = TABS.findIndex((t) => t.tab === tab);
      const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : undefined;
      if (!next) return;
      e.preventDefault();
      locator.send({ type: 'user.selectTab', tab: next.tab });
      tabRefs.current[next.tab]?.focus();
    };
    return (
      <div className="store-results">
        {summary}
        <div role="tablist" aria-label="Stores" className="store-tabs" onKeyDown={onKey}>
          {TABS.map((t) => (
            <button
              key={t.tab}
              ref={(el) => {
                tabRefs.current[t.tab] = el;
              }}
              type="button"
              role="tab"
              id={`${tabsId}-${t.tab}`}
              aria-selected={tab === t.tab}
              aria-controls={`${tabsId}-panel`}
              tabIndex={tab === t.tab ? 0 : -1}
              className={`store-tab${tab === t.tab ? ' is-active' : ''}`}
              onClick={() => locator.send({ type: 'user.selectTab', tab: t.tab })}
            >
              {t.title}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="store-tabpanel">
          {shown.length ? (
            <ul className="store-list">{shown.map(card)}</ul>
          ) : (
            <p className="store-list-empty">
              {tab === 'previous'
                ? signedIn
                  ? locatorMessages.noPreviousStoresHere
                  : locatorMessages.noPreviousStores
                : signedIn
                  ? locatorMessages.noFavoriteStoresHere
                  : locatorMessages.noFavoriteStores}
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="store-results">
      {summary}
      {GROUPS.map(({ reason, title }) => {
        const group = withFavorite.filter((x) => x.l.recommendationReason === reason);
        if (!group.length) return null;
        return (
          <section key={reason} className="store-group" aria-labelledby={`${tabsId}-${reason}`}>
            <h2 id={`${tabsId}-${reason}`} className="store-group-title">{title}</h2>
            <ul className="store-list">{group.map(card)}</ul>
          </section>
        );
      })}
    </div>
  );
}

