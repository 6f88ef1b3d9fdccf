import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StoreMap } from './StoreMap.tsx';

// No mocks: jsdom has no WebGL, which is how the locator's own view tests see the map.
describe('StoreMap without WebGL', () => {
  it('shows "Map unavailable" at once and never loads a map library', () => {
    render(
      <StoreMap
        center={{ lat: 47.6, lng: -122.3 }}
        zoom={11}
        markers={[{ storeNumber: '1', lat: 47.6, lng: -122.3, name: 'Pike Place', state: 'default' }]}
        mapConfig={{ mapboxToken: null, mapboxStyle: null }}
        onMoveEnd={() => {}}
        onMarkerClick={() => {}}
        onMarkerHover={() => {}}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain('Map unavailable');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('store-map').classList.contains('store-map--unavailable')).toBe(true);
  });
});
