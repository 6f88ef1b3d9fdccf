import { createFileRoute } from '@tanstack/react-router';
import { requireInAppDelivery } from './-delivery/require-in-app-delivery.ts';
import { DeliveryLandingPage } from './-delivery/DeliveryLandingPage.tsx';

/**
 * /store-locator/delivery: the delivery landing page; the locator unless config.enableInAppDelivery.
 * `store-locator_` keeps it out of the locator route's layout (its own page, not a locator child).
 */
export const Route = createFileRoute('/store-locator_/delivery')({
  beforeLoad: requireInAppDelivery(false),
  component: StoreLocatorDelivery,
});

function StoreLocatorDelivery() {
  return <DeliveryLandingPage inMenu={false} />;
}
