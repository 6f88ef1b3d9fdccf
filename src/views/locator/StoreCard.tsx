import type { LocationResult } from '../../../contracts/locations.ts';
import { formatDistance } from '../../services/distance.ts';
import { locatorMessages } from '../../services/locator-messages.ts';
import type { OrderingStatus } from '../../../machines/locator.machine.ts';

/** The line a card and the details show about mobile ordering at this store (null: nothing to say). */
export function orderingStatusText(status: OrderingStatus): string | null {
  switch (status) {
    case 'notReady':
      return locatorMessages.orderingNotReady;
    case 'unavailable':
      return locatorMessages.orderingUnavailable;
    case 'accountRequired':
      return locatorMessages.orderingAccountRequired;
    case 'closedNow':
      return locatorMessages.noOrderingHere;
    default:
      return null;
  }
}

export interface StoreCardProps {
  location: LocationResult;
  isFavorite: boolean;
  favoritePending: boolean;
  markerState: 'default' | 'highlighted' | 'selected';
  /** whether 'Order here' is offered, and what to say about ordering here (orderingStatus in the machine) */
  ordering: { offerOrder: boolean; status: OrderingStatus };
  /** hide the distance (the store was opened by its number: the search centre is the store itself) */
  hideDistance?: boolean;
  onHover: (storeNumber: string | null) => void;
  onSelect: () => void;
  onToggleFavorite: () => void;
  onDetails: () => void;
  onOrder: () => void;
  locale?: string;
}

export const storeCardId = (storeNumber: string) => `store-card-${storeNumber}`;

/** One store in the list: name, address, distance, open status, favourite heart, details and Order here. */
export function StoreCard(p: StoreCardProps) {
  const s = p.location.store;
  const selected = p.markerState === 'selected';
  return (
    <li
      id={storeCardId(s.storeNumber)}
      className={`store-card store-card--${p.markerState}`}
      aria-current={selected ? 'true' : undefined}
      onMouseEnter={() => p.onHover(s.storeNumber)}
      onMouseLeave={() => p.onHover(null)}
    >
      <div className="store-card-main">
        <button type="button" className="store-card-select" aria-pressed={selected} onClick={p.onSelect} onFocus={() => p.onHover(s.storeNumber)} onBlur={() => p.onHover(null)}>
          <span className="store-card-name">{s.name}</span>
          <span className="store-card-address">{s.address.singleLine}</span>
        </button>
        <p className="store-card-meta">
          {p.hideDistance ? null : (
            <>
              <span className="store-card-distance">{formatDistance(p.location.distance, p.locale)}</span>
              <span aria-hidden="true"> · </span>
            </>
          )}
          <span className={`store-card-status ${s.open ? 'is-open' : 'is-closed'}`}>{s.openStatusFormatted}</span>
        </p>
        {orderingStatusText(p.ordering.status) ? <p className="store-card-unavailable">{orderingStatusText(p.ordering.status)}</p> : null}
        <div className="store-card-actions">
          <button type="button" className="btn btn--link btn--small" onClick={p.onDetails}>
            Store info<span className="visually-hidden"> for {s.name}</span>
          </button>
          {p.ordering.offerOrder ? (
            <button type="button" className={`btn btn--small ${selected ? 'btn--primary' : 'btn--ghost'}`} onClick={p.onOrder}>
              Order here<span className="visually-hidden"> at {s.name}</span>
            </button>
          ) : null}
        </div>
      </div>
      <FavoriteButton name={s.name} isFavorite={p.isFavorite} pending={p.favoritePending} onToggle={p.onToggleFavorite} />
    </li>
  );
}

export function FavoriteButton({ name, isFavorite, pending, onToggle }: { name: string; isFavorite: boolean; pending: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`favorite-button${isFavorite ? ' is-favorite' : ''}${pending ? ' is-pending' : ''}`}
      aria-pressed={isFavorite}
      aria-busy={pending}
      aria-label={isFavorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 4.4 2.5h1.6c.8-1.4 2.3-2.5 4.4-2.5 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
          fill={isFavorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}

export function StoreCardSkeleton() {
  return (
    <li className="store-card store-card--skeleton" aria-hidden="true">
      <div className="store-card-main">
        <span className="skeleton-line skeleton-line--title" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
      </div>
    </li>
  );
}
