import { setup, assign, fromPromise, assertEvent } from 'xstate';
import { inputOf, notProvided } from './flow.ts';

/**
 * Delivery landing page (spec 1 sections 2 "Delivery landing page", 4 "Delivery page"): Get started
 * hands the customer off to the external delivery partner in a new tab. The bag is read locally first;
 * when it has items a dialog explains that the order must be rebuilt with the partner.
 *
 * Provided by the route (src/services/delivery-landing.actors.ts): the `readBag` actor and the
 * `openPartnerStorefront` action. The action runs synchronously inside the click that sent
 * `user.getStarted` / `user.continue` (or a microtask later), so the browser allows the new tab.
 */
export interface DeliveryLandingInput {
  storefrontUrl: string;
}

export interface DeliveryLandingContext {
  storefrontUrl: string;
  /** items in the bag when Get started was last pressed */
  bagItemCount: number;
}

export interface BagSummary {
  itemCount: number;
}

export type DeliveryLandingEvent =
  | { type: 'user.getStarted' }
  | { type: 'user.continue' }
  | { type: 'user.cancel' }
  | { type: 'xstate.done.actor.readBag'; output: BagSummary; actorId?: string }
  | { type: 'xstate.error.actor.readBag'; error: unknown; actorId?: string };

export const deliveryLandingMachine = setup({
  types: {
    context: {} as DeliveryLandingContext,
    events: {} as DeliveryLandingEvent,
    input: {} as DeliveryLandingInput,
  },
  actors: {
    readBag: fromPromise<BagSummary>(async () => notProvided('readBag')),
  },
  guards: {
    bagHasItems: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.readBag');
      return event.output.itemCount > 0;
    },
  },
  actions: {
    /** provided: window.open(storefrontUrl, '_blank', 'noopener') */
    openPartnerStorefront: () => {},
    /** the start parameters (machines/flow.ts inputOf): a static context keeps the config free of functions */
    applyInput: assign(({ event }) => ({ storefrontUrl: inputOf<DeliveryLandingInput>(event, { storefrontUrl: '' }).storefrontUrl })),
    assignBagItemCount: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.readBag');
      return { bagItemCount: event.output.itemCount };
    }),
    clearBagItemCount: assign({ bagItemCount: 0 }),
  },
}).createMachine({
  id: 'deliveryLanding',
  description: 'Hands the customer off to the delivery partner, warning first when the bag has items.',
  meta: { title: 'Delivery landing', spec: '1 §2 Delivery landing page, §4 Delivery page' },
  context: { storefrontUrl: '', bagItemCount: 0 },
  entry: 'applyInput',
  initial: 'idle',
  states: {
    idle: {
      description: 'Hero, FAQ link, legal text and the Get started button.',
      on: { 'user.getStarted': 'checkingBag' },
    },
    checkingBag: {
      description: 'Reads the bag stored in this browser (local, instant).',
      tags: ['loading'],
      invoke: {
        id: 'readBag',
        src: 'readBag',
        onDone: [
          { guard: 'bagHasItems', target: 'confirmingRebuild', actions: 'assignBagItemCount' },
          { target: 'partnerOpened', actions: 'clearBagItemCount' },
        ],
        // an unreadable bag counts as empty: nothing would be lost by going to the partner
        onError: { target: 'partnerOpened', actions: 'clearBagItemCount' },
      },
    },
    confirmingRebuild: {
      description: 'Dialog: the items in the bag do not carry over; the order is rebuilt with the partner.',
      on: {
        'user.continue': 'partnerOpened',
        'user.cancel': 'idle',
      },
    },
    partnerOpened: {
      description: 'The partner storefront was opened in a new tab; a link opens it again if a blocker stopped it.',
      entry: 'openPartnerStorefront',
      on: { 'user.getStarted': 'checkingBag' },
    },
  },
});
