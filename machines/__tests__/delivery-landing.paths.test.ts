import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deliveryLandingMachine, type BagSummary } from '../delivery-landing.machine.ts';
import { DELIVERY_STOREFRONT } from './delivery-landing.model.ts';
import { describeFlow } from './flow.ts';
import { deliveryLandingFlow } from './delivery-landing.expect.ts';

const STOREFRONT = DELIVERY_STOREFRONT;

describeFlow(deliveryLandingFlow);

describe('delivery-landing rules', () => {
  it('with the real readBag shape: items → dialog, then continue opens the partner', async () => {
    const opens: string[] = [];
    const actor = createActor(
      deliveryLandingMachine.provide({
        actors: { readBag: fromPromise<BagSummary>(async () => ({ itemCount: 2 })) },
        actions: { openPartnerStorefront: ({ context }) => void opens.push(context.storefrontUrl) },
      }),
      { input: { storefrontUrl: STOREFRONT } },
    ).start();
    actor.send({ type: 'user.getStarted' });
    await waitFor(actor, (s) => s.matches('confirmingRebuild'));
    expect(opens).toEqual([]);
    actor.send({ type: 'user.continue' });
    expect(actor.getSnapshot().value).toBe('partnerOpened');
    expect(opens).toEqual([STOREFRONT]);
  });

  it('an empty bag opens the partner without a dialog', async () => {
    const opens: string[] = [];
    const actor = createActor(
      deliveryLandingMachine.provide({
        actors: { readBag: fromPromise<BagSummary>(async () => ({ itemCount: 0 })) },
        actions: { openPartnerStorefront: () => void opens.push('open') },
      }),
      { input: { storefrontUrl: STOREFRONT } },
    ).start();
    actor.send({ type: 'user.getStarted' });
    await waitFor(actor, (s) => s.matches('partnerOpened'));
    expect(opens).toEqual(['open']);
  });
});
