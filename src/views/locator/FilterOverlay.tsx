import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Feature } from '../../../contracts/config.ts';
import type { storeFiltersMachine } from '../../../machines/store-filters.machine.ts';
import { Dialog } from '../shell/Dialog.tsx';

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
