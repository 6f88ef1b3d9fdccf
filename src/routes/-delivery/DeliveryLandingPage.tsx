import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { deliveryLandingMachine } from '../../../machines/delivery-landing.machine.ts';
import { configQuery } from '../../services/config.ts';
import { deliveryLandingImplementations } from '../../services/delivery-landing.actors.ts';
import { DeliveryLandingView } from '../../views/delivery/DeliveryLandingView.tsx';

/** /store-locator/delivery and /menu/store-locator/delivery. */
export function DeliveryLandingPage({ inMenu }: { inMenu: boolean }) {
  const { data: config } = useSuspenseQuery(configQuery);
  const actor = useActorRef(deliveryLandingMachine.provide(deliveryLandingImplementations()), { input: { storefrontUrl: config.delivery.storefrontUrl } });
  return <DeliveryLandingView actor={actor} brandName={config.brand.name} faqUrl={config.delivery.faqUrl} inMenu={inMenu} />;
}
