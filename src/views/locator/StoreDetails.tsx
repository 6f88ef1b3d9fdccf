import { useEffect, useRef } from 'react';
import type { LocationResult, Store } from '../../../contracts/locations.ts';
import { formatDistance } from '../../services/distance.ts';
import { locatorMessages } from '../../services/locator-messages.ts';
import type { OrderingStatus } from '../../../machines/locator.machine.ts';
import { FavoriteButton, orderingStatusText } from './StoreCard.tsx';

export interface StoreDetailsProps {
  /** the list's entry: what the card shows (shown at once) */
  location: LocationResult;
  /** the whole store (GET /stores/:storeNumber), once loaded */
  details: Store | null;
  /** the load of `details` (the store-details machine's state) */
  load: 'loading' | 'ready' | 'failed';
  onRetry: () => void;
  isFavorite: boolean;
  favoritePending: boolean;
  ordering: { offerOrder: boolean; status: OrderingStatus };
  hideDistance?: boolean;
  onClose: () => void;
  onToggleFavorite: () => void;
  onOrder: () => void;
  locale?: string;
}

/**
 * The store details overlay (spec 1 section 2): address, distance, phone, hours schedule, pickup options,
 * amenities, warning labels and Order Here. It covers the list; focus moves to its heading.
 */
export function StoreDetails(p: StoreDetailsProps) {
  const s = p.location.store;
  // the whole store only when it is this one (a late answer for a store opened before is never shown)
  const d = p.details && p.details.storeNumber === s.storeNumber ? p.details : null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // a phone scrolls the page, not a panel: the details start at the top of the locator (the search and filter
    // fully in view under the sticky header, never half behind it), like a new page; then focus the heading
    if (window.scrollY > 0) window.scrollTo(0, 0);
    heading.current?.focus();
  }, [s.storeNumber]);
  return (
    <section className="store-details" aria-labelledby="store-details-title">
      <button type="button" className="btn btn--link store-details-back" onClick={p.onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" fill="currentColor" /></svg>
        Back to results
      </button>
      <header className="store-details-header">
        <div>
          <h2 id="store-details-title" ref={heading} tabIndex={-1}>{s.name}</h2>
          <p className="store-details-address">
            {d ? d.address.lines.map((l) => (
              <span key={l}>{l}<br /></span>
            )) : s.address.singleLine}
          </p>
          <p className="store-card-meta">
            {p.hideDistance ? null : (
              <>
                <span>{formatDistance(p.location.distance, p.locale)} away</span>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <span className={`store-card-status ${s.open ? 'is-open' : 'is-closed'}`}>{s.openStatusFormatted}</span>
          </p>
          {d?.phoneNumber ? (
            <p>
              <a href={`tel:${d.phoneNumber.replace(/[^0-9+]/g, '')}`}>{d.phoneNumber}</a>
            </p>
          ) : null}
        </div>
        <FavoriteButton name={s.name} isFavorite={p.isFavorite} pending={p.favoritePending} onToggle={p.onToggleFavorite} />
      </header>

      {d?.warningLabels.length ? (
        <ul className="store-warnings" aria-label="Notices">
          {d.warningLabels.map((w) => (
            <li key={w.code} className="store-warning">{w.label}</li>
          ))}
        </ul>
      ) : null}

      {orderingStatusText(p.ordering.status) ? <p className="store-card-unavailable">{orderingStatusText(p.ordering.status)}</p> : null}
      {p.ordering.offerOrder ? (
        <button type="button" className="btn btn--primary store-details-order" onClick={p.onOrder}>
          Order here
        </button>
      ) : null}

      {d ? (
        <WholeStore store={d} />
      ) : p.load === 'failed' ? (
        <div className="store-details-failed" role="alert">
          <p>{locatorMessages.detailsFailed}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={p.onRetry}>
            Try again
          </button>
        </div>
      ) : (
        <p className="store-details-loading" role="status">
          {locatorMessages.loadingDetails}
        </p>
      )}
    </section>
  );
}

/** The part of the overlay only the whole store has: hours, pickup options, amenities. */
function WholeStore({ store: s }: { store: Store }) {
  // curbside is a pickup option only while it is available (spec 1 section 5); a closed curbside is not listed
  const pickUpOptions = s.pickUpOptions.filter((o) => o.code !== 'CX' || s.mobileOrdering.curbsideAvailability === 'available');
  return (
    <>
      <h3>Hours</h3>
      {s.isOpen24Hours ? <p>Open 24 hours</p> : null}
      <table className="store-schedule">
        <caption className="visually-hidden">Store hours for the next 7 days</caption>
        <tbody>
          {s.schedule.map((d) => (
            <tr key={d.dayFormatted}>
              <th scope="row">{d.dayFormatted}</th>
              <td>
                {d.hoursFormatted}
                {d.holidayFormatted ? <span className="store-holiday"> ({d.holidayFormatted})</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {pickUpOptions.length ? (
        <>
          <h3>Pickup options</h3>
          <ul className="store-tags">
            {pickUpOptions.map((o) => (
              <li key={o.code}>{o.name}</li>
            ))}
          </ul>
        </>
      ) : null}

      {s.amenities.length ? (
        <>
          <h3>Amenities</h3>
          <ul className="store-tags">
            {s.amenities.map((a) => (
              <li key={a.code}>{a.name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
