import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './ordering.css';

/** /menu's tabs: all products, featured, previous, favorites (the last two are their own pages). */
export function MenuTabs({ current, extra }: { current: 'all' | 'featured' | 'previous' | 'favorites'; extra?: ReactNode }) {
  return (
    <nav className="menu-tabs" aria-label="Menu">
      <Link to="/menu" search={{}} className="menu-tab" aria-current={current === 'all' ? 'page' : undefined}>
        All products
      </Link>
      <Link to="/menu" search={{ tab: 'featured' }} className="menu-tab" aria-current={current === 'featured' ? 'page' : undefined}>
        Featured
      </Link>
      <Link to="/menu/previous" className="menu-tab" aria-current={current === 'previous' ? 'page' : undefined}>
        Previous
      </Link>
      <Link to="/menu/favorites" className="menu-tab" aria-current={current === 'favorites' ? 'page' : undefined}>
        Favorites
      </Link>
      {extra}
    </nav>
  );
}
