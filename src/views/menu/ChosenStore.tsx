import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { selectedStoreMachine } from '../../../machines/selected-store.machine.ts';
import { formatDistance } from '../../services/distance.ts';
import { NO_STORE_TEXTS } from './chosen-store-texts.ts';

/**
 * The top of /menu: which store the order is for, with a link to change it (the menu itself is a later
 * issue). Reads the long-lived selected-store actor.
 */
export function ChosenStore({ selectedStore, onConfirm, children }: { selectedStore: ActorRefFrom<typeof selectedStoreMachine>; onConfirm: () => void; children?: ReactNode }) {
  const loading = useSelector(selectedStore, (s) => s.hasTag('loading'));
  const location = useSelector(selectedStore, (s) => s.context.location);
  const needsConfirmation = useSelector(selectedStore, (s) => s.matches('unconfirmed'));
  return (
    <section className="page menu-page">
      <h1>Menu</h1>
      <div className="chosen-store" aria-busy={loading}>
        {location ? (
          <>
            <div className="chosen-store-icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28"><path d="M4 4h16l1 5a3 3 0 0 1-2 2.8V20H5v-8.2A3 3 0 0 1 3 9zm3 9v5h4v-5zm6 0v2h4v-2z" fill="currentColor" /></svg>
            </div>
            <div className="chosen-store-text">
              <p className="eyebrow">{loading ? 'Checking your store…' : 'Ordering from'}</p>
              <h2 className="chosen-store-name">{location.store.name}</h2>
              <p className="chosen-store-address">{location.store.address.singleLine}</p>
              <p className="chosen-store-meta">
                <span className={location.store.open ? 'is-open' : 'is-closed'}>{location.store.openStatusFormatted}</span>
                {location.distance > 0 ? <span> · {formatDistance(location.distance)}</span> : null}
              </p>
              {needsConfirmation ? (
                <p className="chosen-store-confirm">
                  Is this still your store?{' '}
                  <button type="button" className="btn btn--primary btn--small" onClick={onConfirm}>
                    Yes, order here
                  </button>
                </p>
              ) : null}
            </div>
            <Link to="/menu/store-locator" search={{ storeNumber: location.store.storeNumber }} className="btn btn--ghost chosen-store-change">
              Change store<span className="visually-hidden">: {location.store.name}</span>
            </Link>
          </>
        ) : loading ? (
          <p>Loading your store…</p>
        ) : (
          <>
            <div className="chosen-store-text">
              <h2 className="chosen-store-name">{NO_STORE_TEXTS.heading}</h2>
              <p>{NO_STORE_TEXTS.body}</p>
            </div>
            <Link to="/menu/store-locator" className="btn btn--primary chosen-store-change">
              {NO_STORE_TEXTS.action}
            </Link>
          </>
        )}
      </div>
      {children ?? <p className="menu-placeholder">The menu for your store will appear here.</p>}
    </section>
  );
}
