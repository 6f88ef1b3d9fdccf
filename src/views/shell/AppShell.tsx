import { useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Chrome } from '../../router.tsx';
import type { Notification } from '../../../machines/notifications.machine.ts';
import { NotificationArea } from './NotificationArea.tsx';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';

export interface AppShellProps {
  chrome: Chrome;
  signedIn: boolean;
  firstName: string | null;
  brandName: string;
  devTools: boolean;
  toast: Notification | null;
  persistent: Notification[];
  onDismiss: (id: string) => void;
  /** items in the bag (the cart root actor's count): the header's bag button, on every page with the header */
  bagCount?: number;
  /** the current pathname (a new one is a navigation: title, focus, announcement) */
  pathname?: string;
  /** the pathname being navigated to, ahead of `pathname` while the next route loads */
  pendingPathname?: string;
  /** the page's title (src/views/shell/page-title.ts); null: the page's h1 */
  pageTitle?: string | null;
  /** the first store whose console this staff member may open (session `staffStores`); null for customers */
  staffStore?: string | null;
  /** opens the cookie-preferences dialog (issue 11) */
  onCookiePreferences?: () => void;
  children: ReactNode;
}

/** Global navigation, footer and notifications around every page; hidden where a route's chrome says. */
export function AppShell(p: AppShellProps) {
  const bag = <Bag count={p.bagCount ?? 0} />;
  return (
    <div className={`app app--${p.chrome}`}>
      <a className="skip-link" href="#main">Skip to main content</a>
      {p.pathname !== undefined ? <RouteAnnouncer pathname={p.pathname} pendingPathname={p.pendingPathname} pageTitle={p.pageTitle ?? null} brandName={p.brandName} /> : null}
      {p.chrome === 'full' || p.chrome === 'noFooter' ? (
        <GlobalNav brandName={p.brandName} signedIn={p.signedIn} firstName={p.firstName} staffStore={p.staffStore ?? null} bag={bag} />
      ) : p.chrome === 'logoOnly' ? (
        <header className="global-nav global-nav--logo-only">
          <Logo brandName={p.brandName} />
          {bag}
        </header>
      ) : null}
      <NotificationArea toast={p.toast} persistent={p.persistent} onDismiss={p.onDismiss} />
      <main id="main" className="app-main" tabIndex={-1}>
        {p.children}
      </main>
      {p.chrome === 'full' ? <Footer brandName={p.brandName} devTools={p.devTools} onCookiePreferences={p.onCookiePreferences} /> : null}
    </div>
  );
}

/**
 * The bag button, in both headers (issue 30: on every page, the cart and checkout's logo-only header too): the item
 * count, to the cart; on the cart itself the router marks it aria-current="page". Its icon is drawn by styles.css
 * (.nav-bag::before).
 */
function Bag({ count }: { count: number }) {
  return (
    <Link to="/menu/cart" className="nav-bag" aria-label={`Bag, ${count} item${count === 1 ? '' : 's'}`}>
      <span className="nav-bag-count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}

export function Logo({ brandName }: { brandName: string }) {
  return (
    <Link to="/" className="logo" aria-label={`${brandName} home`}>
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="currentColor" />
        <path d="M20 24h20v10a10 10 0 0 1-20 0zM40 27h3a4 4 0 0 1 0 8h-3" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
      </svg>
      <span className="logo-text">{brandName}</span>
    </Link>
  );
}

/**
 * The header: logo, links, account, bag. On a phone (styles.css, max-width 700px) it is one row, logo, bag and a
 * menu button, and the links and account are a disclosure under it: the button toggles it (aria-expanded), Escape
 * in the header closes it and puts focus back on the button, following a link in it closes it. Open or closed is
 * presentation only (no flow, no request), so it is the view's own state (docs/architecture.md#the-header).
 */
function GlobalNav({ brandName, signedIn, firstName, staffStore, bag }: { brandName: string; signedIn: boolean; firstName: string | null; staffStore: string | null; bag: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <header
      className={`global-nav${open ? ' global-nav--open' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <Logo brandName={brandName} />
      <div className="global-nav-panel" id="global-nav-panel" onClick={(e) => (e.target as Element).closest('a') && setOpen(false)}>
        <nav aria-label="Main" className="global-nav-links">
          <Link to="/menu" activeProps={{ className: 'active' }}>Menu</Link>
          <Link to="/store-locator" activeProps={{ className: 'active' }}>Find a store</Link>
        </nav>
        <div className="global-nav-account">
          {signedIn ? (
            <>
              <Link to="/account/for-you" className="greeting">Hi, {firstName}</Link>
              {staffStore ? <Link to="/store/$storeNumber/orders" params={{ storeNumber: staffStore }} activeProps={{ className: 'active' }}>Store orders</Link> : null}
              <Link to="/account/rewards" activeProps={{ className: 'active' }}>Rewards</Link>
              <Link to="/account/signout" preload={false} className="btn btn--ghost">Sign out</Link>
            </>
          ) : (
            <>
              <Link to="/account/signin" preload={false} className="btn btn--ghost">Sign in</Link>
              <Link to="/account/create" className="btn btn--dark">Join now</Link>
            </>
          )}
        </div>
      </div>
      {bag}
      {/* three bars drawn by styles.css */}
      <button ref={toggle} type="button" className="global-nav-toggle" aria-expanded={open} aria-controls="global-nav-panel" onClick={() => setOpen(!open)}>
        <span className="visually-hidden">Site menu</span>
      </button>
    </header>
  );
}

function Footer({ brandName, devTools, onCookiePreferences }: { brandName: string; devTools: boolean; onCookiePreferences?: (() => void) | undefined }) {
  return (
    <footer className="global-footer">
      <nav aria-label="Footer" className="footer-links">
        <Link to="/store-locator">Store locator</Link>
        <Link to="/menu">Menu</Link>
        {devTools ? <a href="/dev/outbox">Dev outbox</a> : null}
        <Link to="/privacy-statement">Privacy Statement</Link>
        {onCookiePreferences ? (
          <button type="button" className="footer-link-button" onClick={onCookiePreferences}>
            Cookie preferences
          </button>
        ) : null}
      </nav>
      <p className="footer-legal">© 2026 {brandName} Company. All rights reserved.</p>
    </footer>
  );
}
