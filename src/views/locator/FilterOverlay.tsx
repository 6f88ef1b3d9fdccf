import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { storeFiltersMachine } from '../../../machines/store-filters.machine.ts';

type FiltersRef = ActorRefFrom<typeof storeFiltersMachine>;

/** The filter button: opens the overlay and shows how many filters are applied (its name: 'Filters', 'Filters, 2 applied'). */
export function FilterButton({ filters }: { filters: FiltersRef }) {
  const count = useSelector(filters, (s) => s.context.applied.length);
  return (
    <button
      type="button"
      className={`filter-button${count ? ' is-active' : ''}`}
      aria-haspopup="dialog"
      onClick={() => filters.send({ type: 'user.openFilters' })}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M3 5h18v2H3zm3 6h12v2H6zm4 6h4v2h-4z" fill="currentColor" />
      </svg>
      {/* the accessible name is the visible text ("Filters", the count) with words only for screen readers (WCAG 2.5.3).
          Phones show the icon and the count badge only (locator.css), so the search box keeps its whole placeholder;
          the badge's number is part of the name there too. */}
      <span className="filter-button-text">{count ? `Filters, ${count} applied` : 'Filters'}</span>
      {count ? (
        <span className="filter-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}
