import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Feature } from '../../../contracts/config.ts';
import { findLocation, orderingStatus, sameStore } from '../../../machines/locator.machine.ts';
import { favoriteOf } from '../../../machines/favorite-store.machine.ts';
import type { storeFiltersMachine } from '../../../machines/store-filters.machine.ts';
import { locatorMessages } from '../../services/locator-messages.ts';
import { locatorOverlayMessages } from '../../services/locator-overlay-messages.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { StoreDetails } from './StoreDetails.tsx';
import type { LocatorViewProps } from './LocatorView.tsx';

/*
 * What the locator shows only after a click (docs/architecture.md#performance): the filter overlay, the favorite
 * sign-in and guest-ordering dialogs, the store details panel. Their own chunk: LocatorView loads it when the browser
 * is idle after the first paint, or at once when one of them opens first (src/views/locator/locator-overlays.ts).
 */

type FiltersRef = ActorRefFrom<typeof storeFiltersMachine>;

/** the locator's dialogs, closed until their machine opens them */
export function LocatorDialogs(p: LocatorViewProps) {
  return (
    <>
      <FilterOverlay filters={p.filters} features={p.features} />
      <FavoriteSignInDialog favorites={p.favorites} signInHref={p.signInHref} />
      <GuestOrderingDialog locator={p.locator} signInHref={p.signInHref} createAccountHref={p.createAccountHref} />
    </>
  );
}

export function DetailsPanel(p: LocatorViewProps) {
  const storeNumber = useSelector(p.details, (s) => s.context.storeNumber);
  const wholeStore = useSelector(p.details, (s) => s.context.details);
  const load = useSelector(p.details, (s) => (s.matches({ open: 'ready' }) ? 'ready' : s.matches({ open: 'failed' }) ? 'failed' : 'loading'));
  const location = useSelector(p.locator, (s) => (storeNumber ? findLocation(s.context, storeNumber) : undefined));
  const signedIn = useSelector(p.locator, (s) => s.context.signedIn);
  const queriedStore = useSelector(p.locator, (s) => s.context.query.storeNumber);
  const fav = useSelector(p.favorites, (s) => (location ? favoriteOf(s.context, location.store.storeNumber, location.isFavorite) : null));
  if (!location || !fav) return null;
  return (
    <StoreDetails
      location={location}
      details={wholeStore}
      load={load}
      onRetry={() => p.details.send({ type: 'user.retry' })}
      isFavorite={fav.isFavorite}
      favoritePending={fav.favoritePending}
      ordering={orderingStatus(location.store, { inMenu: p.inMenu, signedIn })}
      hideDistance={sameStore(queriedStore, location.store.storeNumber) && location.distance === 0}
      onClose={() => p.details.send({ type: 'user.closeDetails' })}
      onToggleFavorite={() => p.favorites.send({ type: 'user.toggleFavorite', storeNumber: location.store.storeNumber, isFavorite: fav.isFavorite })}
      onOrder={() => p.locator.send({ type: 'user.confirmStore', storeNumber: location.store.storeNumber })}
      {...(p.locale ? { locale: p.locale } : {})}
    />
  );
}

function FavoriteSignInDialog({ favorites, signInHref }: { favorites: LocatorViewProps['favorites']; signInHref: string }) {
  const open = useSelector(favorites, (s) => s.matches('signInRequired'));
  return (
    <Dialog
      open={open}
      title={locatorOverlayMessages.favoriteSignInTitle}
      onClose={() => favorites.send({ type: 'user.dismissSignIn' })}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => favorites.send({ type: 'user.dismissSignIn' })}>
            Not now
          </button>
          <a className="btn btn--primary" href={signInHref}>
            Sign in
          </a>
        </>
      }
    >
      <p>{locatorOverlayMessages.favoriteSignIn}</p>
    </Dialog>
  );
}

/** The locator machine's `dialog` region: a guest chose a store without guest ordering (spec 1 section 6). */
function GuestOrderingDialog({ locator, signInHref, createAccountHref }: { locator: LocatorViewProps['locator']; signInHref: string; createAccountHref: string }) {
  const kind = useSelector(locator, (s) => (s.matches({ dialog: 'accountRequired' }) ? 'accountRequired' : s.matches({ dialog: 'unavailable' }) ? 'unavailable' : null));
  const close = () => locator.send({ type: 'user.dismissDialog' });
  return (
    <Dialog
      open={kind !== null}
      title={kind === 'accountRequired' ? locatorOverlayMessages.accountRequiredTitle : locatorOverlayMessages.storeUnavailableTitle}
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            Choose another store
          </button>
          <a className="btn btn--ghost" href={createAccountHref}>
            Create account
          </a>
          <a className="btn btn--primary" href={signInHref}>
            Sign in
          </a>
        </>
      }
    >
      <p>{kind === 'accountRequired' ? locatorMessages.accountRequired : locatorOverlayMessages.storeUnavailableForGuests}</p>
    </Dialog>
  );
}


const GROUPS: Array<{ category: Feature['category']; title: string }> = [
  { category: 'pickup', title: 'Pickup options' },
  { category: 'hours', title: 'Hours' },
  { category: 'service', title: 'Ordering' },
  { category: 'amenity', title: 'Amenities' },
];

/**
 * The filter overlay (spec 1 section 2): features by category, pickup options apart from amenities,
 * only those the configuration marks public and filterable. Changes stay a draft until Apply.
 */
export function FilterOverlay({ filters, features }: { filters: FiltersRef; features: Feature[] }) {
  const open = useSelector(filters, (s) => s.matches('open'));
  const draft = useSelector(filters, (s) => s.context.draft);
  const offered = features.filter((f) => f.public && f.filterable);
  return (
    <Dialog
      open={open}
      title="Filter stores"
      className="filter-dialog"
      onClose={() => filters.send({ type: 'user.cancelFilters' })}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => filters.send({ type: 'user.clearAll' })} disabled={!draft.length}>
            Clear all
          </button>
          <button type="button" className="btn btn--primary" onClick={() => filters.send({ type: 'user.applyFilters' })}>
            Apply
          </button>
        </>
      }
    >
      <button type="button" className="icon-btn dialog-close" aria-label="Close filters" onClick={() => filters.send({ type: 'user.cancelFilters' })}>
        ×
      </button>
      {GROUPS.map(({ category, title }) => {
        const group = offered.filter((f) => f.category === category);
        if (!group.length) return null;
        return (
          <fieldset key={category} className="filter-group">
            <legend>{title}</legend>
            <div className="filter-options">
              {group.map((f) => {
                const checked = draft.includes(f.code);
                return (
                  <label key={f.code} className={`filter-chip${checked ? ' is-checked' : ''}`}>
                    <input type="checkbox" checked={checked} onChange={() => filters.send({ type: 'user.toggleFeature', code: f.code })} />
                    <span>{f.name}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </Dialog>
  );
}
