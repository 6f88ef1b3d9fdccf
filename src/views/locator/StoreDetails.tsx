import { useEffect, useRef } from 'react';
import type { LocationResult } from '../../../contracts/locations.ts';
import { formatDistance } from '../../services/format.ts';
import type { OrderingStatus } from '../../../machines/locator.machine.ts';
import { FavoriteButton, orderingStatusText } from './StoreCard.tsx';

export interface StoreDetailsProps {
  location: LocationResult;
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [s.storeNumber]);
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
            {s.address.lines.map((l) => (
              <span key={l}>{l}<br /></span>
            ))}
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
          {s.phoneNumber ? (
            <p>
              <a href={`tel:${s.phoneNumber.replace(/[^0-9+]/g, '')}`}>{s.phoneNumber}</a>
            </p>
          ) : null}
        </div>
        <FavoriteButton name={s.name} isFavorite={p.isFavorite} pending={p.favoritePending} onToggle={p.onToggleFavorite} />
      </header>

      {s.warningLabels.length ? (
        <ul className="store-warnings" aria-label="Notices">
          {s.warningLabels.map((w) => (
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

      {s.pickUpOptions.length ? (
        <>
          <h3>Pickup options</h3>
          <ul className="store-tags">
            {s.pickUpOptions.map((o) => (
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
    </section>
  );
}
