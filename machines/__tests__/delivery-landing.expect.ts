/**
 * Delivery landing (spec 1 section 2 "Delivery landing page", section 4 "Delivery page"): Get started reads the
 * bag; with items a dialog asks to continue (the bag is rebuilt at the partner) or cancel; then the partner's
 * storefront opens (also when the bag cannot be read).
 */
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { deliveryLandingMachine, type BagSummary } from '../delivery-landing.machine.ts';
import { DELIVERY_STOREFRONT, deliveryLandingEvents, deliveryLandingSerialize } from './delivery-landing.model.ts';
import { spyActions, type Flow } from './flow.ts';

export const deliveryLandingFlow: Flow<typeof deliveryLandingMachine> = {
  machine: deliveryLandingMachine,
  table: {
    idle: { 'user.getStarted': 'checkingBag' },
    checkingBag: { 'xstate.done.actor.readBag': [{ guard: 'bagHasItems', to: 'confirmingRebuild' }, 'partnerOpened'], 'xstate.error.actor.readBag': 'partnerOpened' },
    confirmingRebuild: { 'user.continue': 'partnerOpened', 'user.cancel': 'idle' },
    partnerOpened: { 'user.getStarted': 'checkingBag' },
  },
  // spec 1 "delivery": Get started opens the partner's storefront; items in the bag are confirmed first
  journeys: [
    { name: 'an empty bag: straight to the partner', events: [deliveryLandingEvents[0], deliveryLandingEvents[4]], ends: 'partnerOpened' },
    { name: 'items in the bag, continue: to the partner', events: [deliveryLandingEvents[0], deliveryLandingEvents[3], deliveryLandingEvents[1]], ends: 'partnerOpened' },
    { name: 'items in the bag, cancel: back to the page', events: [deliveryLandingEvents[0], deliveryLandingEvents[3], deliveryLandingEvents[2]], ends: 'idle' },
    { name: 'the bag cannot be read: to the partner', events: [deliveryLandingEvents[0], deliveryLandingEvents[5]], ends: 'partnerOpened' },
    { name: 'get started again after the partner opened', events: [deliveryLandingEvents[0], deliveryLandingEvents[4], deliveryLandingEvents[0], deliveryLandingEvents[3]], ends: 'confirmingRebuild' },
  ],
  sees: { checkingBag: { tags: ['loading'] } },
  // the partner opens exactly once per arrival, with the configured URL
  effects: { '* -> partnerOpened': [`openPartnerStorefront:${DELIVERY_STOREFRONT}`] },
  arrange(machine) {
    const spy = spyActions(['openPartnerStorefront'] as const);
    return {
      machine: machine.provide({ actors: { readBag: fromPromise<BagSummary>(() => new Promise<BagSummary>(() => {})) }, actions: spy.actions }),
      spy: { clear: spy.clear, step: () => spy.step().map((l) => ({ name: l.name, params: { url: (l.context as { storefrontUrl: string }).storefrontUrl } })) },
      runs: [{ name: '', options: { events: deliveryLandingEvents as never, input: { storefrontUrl: DELIVERY_STOREFRONT }, serializeState: deliveryLandingSerialize } }],
      onStep(s, event) {
        if (s.matches('confirmingRebuild')) expect(s.context.bagItemCount).toBe(3);
        if (s.matches('partnerOpened') && event.type !== 'user.continue') expect(s.context.bagItemCount).toBe(0);
      },
    };
  },
};
