import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './ordering.css';

/**
 * /menu's tabs: all products, featured, previous, favorites (the last two are their own pages). One tab is current:
 * the router's Link marks a link active (aria-current="page") when the location starts with its path and holds its
 * search, so '/menu' with no search was active on every tab (issue 30); `exact` makes each tab active on its own
 * page and search only, and `current` says which one.
 */
const EXACT = { exact: true } as const;
export function MenuTabs({ current, extra }: { current: 'all' | 'featured' | 'previous' | 'favorites'; extra?: ReactNode }) {
  return (
    <nav className="menu-tabs" aria-label="Menu">
      <Link to="/menu" search={{}} activeOptions={EXACT} className="menu-tab" aria-current={current === 'all' ? 'page' : undefined}>
        All products
      </Link>
      <Link to="/menu" search={{ tab: 'featured' }} activeOptions={EXACT} className="menu-tab" aria-current={current === 'featured' ? 'page' : undefined}>
        Featured
      </Link>
      <Link to="/menu/previous" activeOptions={EXACT} className="menu-tab" aria-current={current === 'previous' ? 'page' : undefined}>
        Previous
      </Link>
      <Link to="/menu/favorites" activeOptions={EXACT} className="menu-tab" aria-current={current === 'favorites' ? 'page' : undefined}>
        Favorites
      </Link>
      {extra}
    </nav>
  );
}
