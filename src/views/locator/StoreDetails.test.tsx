import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { pikePlace, summaryOf } from '../../../machines/__tests__/locator-fixtures.ts';
import type { Store } from '../../../contracts/locations.ts';
import { StoreDetails } from './StoreDetails.tsx';

afterEach(cleanup);

const withCurbside = (curbsideAvailability: Store['mobileOrdering']['curbsideAvailability']): Store => ({
  ...pikePlace,
  pickUpOptions: [...pikePlace.pickUpOptions, { code: 'CX', name: 'Curbside' }],
  mobileOrdering: { ...pikePlace.mobileOrdering, curbsideAvailability },
});

function renderDetails(store: Store, opts: { hideDistance?: boolean; load?: 'loading' | 'ready' | 'failed'; onRetry?: () => void } = {}) {
  const { load = 'ready', onRetry = () => {}, ...rest } = opts;
  render(
    <StoreDetails
      location={{ store: summaryOf(store), distance: 0, isFavorite: false, isPrevious: false, recommendationReason: 'NEARBY' }}
      details={load === 'ready' ? store : null}
      load={load}
      onRetry={onRetry}
      isFavorite={false}
      favoritePending={false}
      ordering={{ offerOrder: true, status: null }}
      onClose={() => {}}
      onToggleFavorite={() => {}}
      onOrder={() => {}}
      {...rest}
    />,
  );
  return screen.getByRole('region', { name: store.name });
}

describe('store details', () => {
  it('lists Curbside only while curbside is available', () => {
    expect(renderDetails(withCurbside('available')).textContent).toContain('Curbside');
    cleanup();
    const closed = renderDetails(withCurbside('closed')).textContent!;
    expect(closed).not.toContain('Curbside');
    expect(closed).toContain('Drive-thru');
  });

  it('shows no "0.0 mi away" for a store opened by its number', () => {
    expect(renderDetails(pikePlace, { hideDistance: true }).textContent).not.toContain('away');
    cleanup();
    expect(renderDetails(pikePlace).textContent).toContain('0.0 mi away');
  });

  it('shows the card part at once, the rest once the whole store has loaded', () => {
    const region = renderDetails(pikePlace, { load: 'loading' });
    expect(region.textContent).toContain('Pike Place');
    expect(region.textContent).toContain('101 Main St, Seattle, WA 98101');
    expect(region.textContent).toContain('Open until 9:00 PM');
    expect(screen.getByRole('status').textContent).toBe('Loading store details…');
    expect(screen.queryByRole('table', { name: 'Store hours for the next 7 days' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Order here' })).toBeTruthy();
    cleanup();
    renderDetails(pikePlace);
    expect(screen.getByRole('table', { name: 'Store hours for the next 7 days' }).querySelectorAll('tr')).toHaveLength(7);
    expect(screen.getByRole('link', { name: '206-555-0101' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Notices' }).textContent).toBe('Entrance on 1st Ave during construction');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failed load says so and offers Try again', () => {
    let retries = 0;
    renderDetails(pikePlace, { load: 'failed', onRetry: () => retries++ });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load this store's details. Please try again.");
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retries).toBe(1);
    expect(screen.queryByRole('table', { name: 'Store hours for the next 7 days' })).toBeNull();
  });
});
