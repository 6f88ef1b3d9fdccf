import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { pikePlace } from '../../../machines/__tests__/locator-fixtures.ts';
import type { Store } from '../../../contracts/locations.ts';
import { StoreDetails } from './StoreDetails.tsx';

afterEach(cleanup);

const withCurbside = (curbsideAvailability: Store['mobileOrdering']['curbsideAvailability']): Store => ({
  ...pikePlace,
  pickUpOptions: [...pikePlace.pickUpOptions, { code: 'CX', name: 'Curbside' }],
  mobileOrdering: { ...pikePlace.mobileOrdering, curbsideAvailability },
});

function renderDetails(store: Store, opts: { hideDistance?: boolean } = {}) {
  render(
    <StoreDetails
      location={{ store, distance: 0, isFavorite: false, isPrevious: false, recommendationReason: 'NEARBY' }}
      isFavorite={false}
      favoritePending={false}
      ordering={{ offerOrder: true, status: null }}
      onClose={() => {}}
      onToggleFavorite={() => {}}
      onOrder={() => {}}
      {...opts}
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
});
