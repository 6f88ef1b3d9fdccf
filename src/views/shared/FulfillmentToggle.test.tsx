import { describe, expect, it } from 'vitest';
import { fulfillmentPath } from './FulfillmentToggle.tsx';

// Rendering and navigation are covered in src/views/delivery/DeliveryLandingView.test.tsx (memory router).
describe('fulfillmentPath', () => {
  it('switches between the standalone and in-menu locator and delivery pages', () => {
    expect(fulfillmentPath('pickup', false)).toBe('/store-locator');
    expect(fulfillmentPath('delivery', false)).toBe('/store-locator/delivery');
    expect(fulfillmentPath('pickup', true)).toBe('/menu/store-locator');
    expect(fulfillmentPath('delivery', true)).toBe('/menu/store-locator/delivery');
  });
});
