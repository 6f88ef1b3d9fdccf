/**
 * What the delivery landing machine is provided with (machines/delivery-landing.machine.ts):
 * reading the local bag, and opening the partner storefront in a new tab.
 */
import { fromPromise } from 'xstate';
import type { BagSummary, DeliveryLandingContext } from '../../machines/delivery-landing.machine.ts';
import { readBagItemCount } from './bag.ts';

export interface DeliveryLandingDeps {
  readItemCount?: () => number;
  open?: (url: string, target: string, features: string) => unknown;
}

/** Opens a URL in a new tab without giving it a handle on this page (noopener). */
export function openInNewTab(url: string, open: NonNullable<DeliveryLandingDeps['open']> = (u, t, f) => window.open(u, t, f)) {
  open(url, '_blank', 'noopener');
}

export function deliveryLandingImplementations(deps: DeliveryLandingDeps = {}) {
  const readItemCount = deps.readItemCount ?? (() => readBagItemCount());
  return {
    actors: {
      readBag: fromPromise<BagSummary>(async () => ({ itemCount: readItemCount() })),
    },
    actions: {
      openPartnerStorefront: ({ context }: { context: DeliveryLandingContext }) => openInNewTab(context.storefrontUrl, deps.open),
    },
  };
}
