import { createFileRoute } from '@tanstack/react-router';
import { requireInAppDelivery } from './-delivery/require-in-app-delivery.ts';
import { DeliveryLandingPage } from './-delivery/DeliveryLandingPage.tsx';

/**
 * /menu/store-locator/delivery: the delivery landing page inside the menu flow (full page, no global
 * navigation or footer); the locator unless config.enableInAppDelivery. Not nested in the in-menu locator's layout.
 */
export const Route = createFileRoute('/menu/store-locator_/delivery')({
  staticData: { chrome: 'none' },
  beforeLoad: requireInAppDelivery(true),
  component: MenuStoreLocatorDelivery,
});

function MenuStoreLocatorDelivery() {
  return <DeliveryLandingPage inMenu />;
}
